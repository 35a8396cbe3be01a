import type { vi } from 'vitest';
import type { ChatMessage, ChatThread, ChatThreadSummary } from '@shared/contracts/chat';
import type { Feeling } from '@shared/contracts/feelings';
import { defineRules, type AbilityFacts } from '@shared/domain/ability';
import { jsonResponse } from './fixtures';
import { meFixture } from './me';

const AT = '2026-12-07T10:00:00.000Z';

/** A message of a conversation: completed text unless told otherwise. */
export function chatMessage(
  id: string,
  user: ChatMessage['user'],
  text: string,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id,
    text,
    user,
    kind: 'text',
    status: 'completed',
    inError: false,
    isWriting: false,
    timestamp: AT,
    ...extra,
  };
}

/** Conversation t-1 about feeling f-1, open, answered by the local assistant. */
export function chatThread(messages: ChatMessage[], extra: Partial<ChatThread> = {}): ChatThread {
  return {
    id: 't-1',
    mode: 'explore',
    status: 'open',
    assistant: 'local',
    feelingId: 'f-1',
    messages,
    createdAt: AT,
    updatedAt: AT,
    ...extra,
  };
}

export function chatSummary(
  id: string,
  title: string,
  extra: Partial<ChatThreadSummary> = {},
): ChatThreadSummary {
  return {
    id,
    mode: 'explore',
    status: 'open',
    assistant: 'local',
    title,
    messageCount: 4,
    createdAt: AT,
    updatedAt: AT,
    ...extra,
  };
}

/** Feeling f-1, recorded a moment ago (still editable), with one note. */
export function chatFeeling(extra: Partial<Feeling> = {}): Feeling {
  return {
    id: 'f-1',
    value: -0.7,
    energy: 0.9,
    color: 'red',
    evaluationPeriod: { value: 0, type: 'none' },
    geoPoint: { latitude: 0, longitude: 0 },
    personalNotes: [{ id: 1, value: 'Deadline tomorrow', type: 'professional' }],
    goals: [],
    timestamp: new Date().toISOString(),
    editable: true,
    ...extra,
  };
}

/** `METHOD /path` → the answer (a function of the request, or a fixed answer each time). */
export type ChatAnswers = Record<string, ((init?: RequestInit) => Response | Promise<Response>) | undefined>;

/**
 * Serves GET /v1/me for a registered person (Essentials unless `subscription` says otherwise, or a
 * guest) and the answers given, 404 otherwise.
 */
export function serveChat(
  fetchMock: ReturnType<typeof vi.fn<typeof fetch>>,
  answers: ChatAnswers,
  {
    subscription = 'essentials',
    isGuest = false,
  }: { subscription?: 'starter' | 'essentials'; isGuest?: boolean } = {},
) {
  const facts: AbilityFacts = {
    userId: 'user-1',
    isGuest,
    subscription,
    globalRoles: [],
    superAdminMode: false,
    spheres: [],
    sessions: [],
  };
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (key === 'GET /v1/me') {
      const me = meFixture({ ability: { subscription, rules: defineRules(facts) } });
      return jsonResponse(200, { ...me, profile: { ...me.profile, isGuest } });
    }
    const answer = answers[key];
    return answer ? answer(init) : jsonResponse(404, { key: 'not-found' });
  });
}

/** The bodies sent to `METHOD /path`, parsed, in order. */
export function sentBodies(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>, key: string): unknown[] {
  const [method, path] = key.split(' ');
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input)).pathname === path)
    .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined));
}
