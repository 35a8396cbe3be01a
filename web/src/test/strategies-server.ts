import type { vi } from 'vitest';
import type { Strategy, StrategyAssessment } from '@shared/contracts/strategies';
import { defineRules, type AbilityFacts } from '@shared/domain/ability';
import { withoutItem } from '@shared/domain/strategies';
import { meFixture } from './me';
import { jsonResponse } from './fixtures';

/** A strategy as the server answers it. */
export function strategy(id: string, title: string, indent: number, extra: Partial<Strategy> = {}): Strategy {
  return {
    id,
    type: 'goal',
    title,
    description: `About ${title.toLowerCase()}`,
    order: 0,
    indent,
    isHidden: false,
    goalsLinked: [],
    linkTo: 'user',
    userId: 'user-1',
    createdAt: '2026-03-01T10:00:00.000Z',
    updateDate: '2026-03-01T10:00:00.000Z',
    ...extra,
  };
}

export interface FakeServerOptions {
  subscription?: 'starter' | 'essentials';
  /** The caller's sphere and session memberships. */
  spheres?: AbilityFacts['spheres'];
  sessions?: AbilityFacts['sessions'];
  /** The list every strategy route serves (the life compass, or a sphere's or a session's). */
  items?: Strategy[];
  /** Answers of the next reorders, in turn, instead of saving them. */
  reorderAnswers?: { status: number; body: unknown; then?: Strategy[] }[];
  assessment?: StrategyAssessment;
  /** Answer of PUT /assessments/{id} instead of saving it. */
  assessmentUpdateAnswer?: { status: number; body: unknown };
}

/**
 * A small fake of the strategies API over `fetch`: it keeps one list, applies adds, changes,
 * deletes and reorders as the server does, and records what was sent.
 */
export function fakeStrategiesServer(
  fetchMock: ReturnType<typeof vi.fn<typeof fetch>>,
  options: FakeServerOptions = {},
) {
  const state = { items: [...(options.items ?? [])], next: 1 };
  const subscription = options.subscription ?? 'essentials';
  const facts: AbilityFacts = {
    userId: 'user-1',
    isGuest: false,
    subscription,
    globalRoles: [],
    superAdminMode: false,
    spheres: options.spheres ?? [],
    sessions: options.sessions ?? [],
  };
  const reorderAnswers = [...(options.reorderAnswers ?? [])];
  const list = () => ({
    count: state.items.length,
    items: state.items.map((s, order) => ({ ...s, order })),
    max: 2000,
    offset: 0,
  });
  /** The server drops empty answers. */
  const given = (values: unknown) =>
    Object.fromEntries(
      Object.entries((values ?? {}) as Record<string, number | null>).filter(([, v]) => v !== null),
    );
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    const path = url.pathname;
    if (path === '/v1/me')
      return jsonResponse(200, meFixture({ ability: { subscription, rules: defineRules(facts) } }));
    const assessment = /^\/v1\/strategies\/assessments\/([^/]+)$/.exec(path);
    if (assessment && !['spheres', 'sessions'].includes(assessment[1] ?? '')) {
      if (!options.assessment) return jsonResponse(404, { key: 'not-found' });
      if (method === 'PUT') {
        if (options.assessmentUpdateAnswer)
          return jsonResponse(options.assessmentUpdateAnswer.status, options.assessmentUpdateAnswer.body);
        return jsonResponse(200, { ...options.assessment, values: given(body?.values) });
      }
      return jsonResponse(200, options.assessment);
    }
    if (/^\/v1\/strategies\/assessments\/(spheres|sessions)\/[^/]+$/.test(path)) {
      if (method === 'POST')
        return jsonResponse(201, {
          id: 'assessment-new',
          linkTo: 'sphere',
          sphereId: 'sphere-1',
          values: given(body?.values),
          fromDirectLink: false,
          specificTagIds: [],
          creationDate: '2026-03-02T10:00:00.000Z',
          updateDate: '2026-03-02T10:00:00.000Z',
          freezeDate: '2026-03-02T11:00:00.000Z',
          editable: true,
        });
      const mine = options.assessment ? [options.assessment] : [];
      return jsonResponse(200, { count: mine.length, items: mine, max: 10, offset: 0 });
    }
    const match = /^\/v1\/strategies\/(myself|spheres\/[^/]+|sessions\/[^/]+)(?:\/([^/]+))?$/.exec(path);
    if (!match) return jsonResponse(404, { key: 'not-found' });
    const [, , rest] = match;
    if (rest === 'order' && method === 'PUT') {
      const answer = reorderAnswers.shift();
      if (answer) {
        if (answer.then) state.items = answer.then;
        return jsonResponse(answer.status, answer.body);
      }
      const entries = (body?.items ?? []) as { id: string; indent: number }[];
      state.items = entries.map(({ id, indent }) => ({
        ...(state.items.find((s) => s.id === id) as Strategy),
        indent,
      }));
      return jsonResponse(200, list());
    }
    if (rest === undefined && method === 'GET') return jsonResponse(200, list());
    if (rest === undefined && method === 'POST') {
      const added = strategy(`new-${state.next++}`, String(body?.title ?? ''), Number(body?.indent ?? 0), {
        type: body?.type as Strategy['type'],
        description: String(body?.description ?? ''),
        isHidden: Boolean(body?.isHidden),
        order: state.items.length,
      });
      state.items = [...state.items, added];
      return jsonResponse(201, added);
    }
    const current = state.items.find((s) => s.id === rest);
    if (!current) return jsonResponse(404, { key: 'not-found' });
    if (method === 'DELETE') {
      state.items = [...withoutItem(state.items, current.id)];
      return new Response(null, { status: 204 });
    }
    if (method === 'PUT') {
      if (body?.updateDate !== current.updateDate) return jsonResponse(409, { key: 'conflict' });
      const { updateDate: _read, ...fields } = body;
      const changed = { ...current, ...fields, updateDate: '2026-03-03T10:00:00.000Z' } as Strategy;
      state.items = state.items.map((s) => (s.id === current.id ? changed : s));
      return jsonResponse(200, changed);
    }
    return jsonResponse(404, { key: 'not-found' });
  });

  const calls = (method: string, pathEnd: string) =>
    fetchMock.mock.calls
      .filter(
        ([url, init]) =>
          (init?.method ?? 'GET') === method && new URL(String(url)).pathname.endsWith(pathEnd),
      )
      .map(([, init]) =>
        init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
      );
  return { state, calls };
}
