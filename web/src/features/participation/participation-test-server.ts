import type { vi } from 'vitest';
import {
  MeasureSchema,
  type CampaignDelegation,
  type MeasureInput,
  type Participation,
  type ParticipationView,
  type StepDefinition,
  type StepView,
} from '@shared/contracts/campaigns';
import type { GuestCredentials } from '@shared/contracts/guests';
import type { ParticipantScreen, StepStatus } from '@shared/domain/campaigns';
import { jsonResponse } from '../../test/fixtures';
import { meFixture } from '../../test/me';

export const CAMPAIGN_ID = 'campaign-1';

/** A step of the fake campaign: a feeling measure, then a custom questionnaire. */
export function definition(stepId: string, type: StepDefinition['type'], title: string): StepDefinition {
  return { stepId, measureId: stepId, kind: 'main', type, title, message: '' };
}

export const FEELING_STEP = definition('feel', 'feeling', 'How do you feel?');
export const CUSTOM_STEP = definition('custom', 'custom-form', 'Our team');

export function participation(
  statuses: Record<string, StepStatus>,
  extra: Partial<Participation> = {},
): Participation {
  const definitions = extra.stepDefinitions ?? [FEELING_STEP, CUSTOM_STEP];
  const values = definitions.map((d) => ({ stepId: d.stepId, stepStatus: statuses[d.stepId] ?? 'todo' }));
  const counted = values.filter((v) => v.stepStatus !== 'cancelled');
  const done = counted.filter((v) => v.stepStatus === 'done').length;
  const allDone = counted.length > 0 && done === counted.length;
  return {
    status: allDone ? 'done' : 'inProgress',
    systemStatus: 'active',
    expirationDate: '2099-01-01T00:00:00.000Z',
    currentStepId: counted.find((v) => v.stepStatus !== 'done')?.stepId,
    estimatedCompletionInPercent: counted.length ? Math.floor((done * 100) / counted.length) : 0,
    values,
    stepDefinitions: definitions,
    isTest: false,
    ...extra,
  };
}

export function view(screen: ParticipantScreen, extra: Partial<ParticipationView> = {}): ParticipationView {
  return {
    campaign: {
      campaignId: CAMPAIGN_ID,
      sphereId: 'sphere-1',
      name: 'Team pulse',
      firstMessage: 'Hello team.',
      welcomeMessage: 'Tell us how it goes.',
      endMessage: '',
      isStudyProgram: false,
    },
    cycle: {
      cycleId: 'cycle-1',
      start: '2026-03-02T09:00:00.000Z',
      end: '2099-03-20T18:00:00.000Z',
      status: 'inProgress',
      message: 'Spring cycle.',
      allowRefuse: true,
      testRunning: false,
    },
    screen,
    mayTest: false,
    ...extra,
  };
}

export const measure = (input: MeasureInput) => MeasureSchema.parse(input);

export function stepView(step: StepDefinition, input: MeasureInput, extra: Partial<StepView> = {}): StepView {
  return { step, measure: measure(input), items: [], editable: true, ...extra };
}

export const feelingStepView = stepView(FEELING_STEP, { id: 'feel', type: 'feeling', wordSelection: false });
export const customStepView = stepView(CUSTOM_STEP, {
  id: 'custom',
  type: 'custom-form',
  customTheme: {
    title: { en: 'Our team' },
    legend: 'agreement',
    questions: [
      { id: 'q1', kind: 'likert', title: { en: 'I feel heard' }, required: true },
      { id: 'q2', kind: 'text', title: { en: 'What would help?' }, required: false },
    ],
  },
});

export interface ServerOptions {
  /** The answers of GET …/participation, in turn (the last one stays). */
  views: (ParticipationView | { status: number; body: unknown })[];
  /** The answer of POST …/participation. */
  action?: ParticipationView | { status: number; body: unknown };
  steps?: Record<string, StepView>;
  /** The answers of PUT …/steps/{id}, in turn. */
  saves?: (ParticipationView | { status: number; body: unknown })[];
  isGuest?: boolean;
  /** The campaign's delegation page (no token); without it, `campaign-forbidden`. */
  delegation?: CampaignDelegation;
  /** The answer of POST /users/guests with a delegation. */
  entry?: GuestCredentials | { status: number; body: unknown };
}

const isFailure = (v: unknown): v is { status: number; body: unknown } =>
  typeof v === 'object' &&
  v !== null &&
  'status' in v &&
  typeof (v as { status: unknown }).status === 'number';
const answer = (v: ParticipationView | { status: number; body: unknown }) =>
  isFailure(v) ? jsonResponse(v.status, v.body) : jsonResponse(200, v);

/** A small fake of the participation routes over `fetch`, recording what was sent. */
export function fakeParticipationServer(
  fetchMock: ReturnType<typeof vi.fn<typeof fetch>>,
  options: ServerOptions,
) {
  const views = [...options.views];
  const saves = [...(options.saves ?? [])];
  const sent: { method: string; path: string; query: string; body: unknown }[] = [];
  const base = `/v1/campaigns/${CAMPAIGN_ID}/participation`;
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const path = url.pathname;
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, query: url.search, body });
    if (path === '/v1/me')
      return jsonResponse(
        200,
        meFixture({ profile: { ...meFixture().profile, isGuest: options.isGuest ?? false } }),
      );
    if (path === '/v1/feelings/definitions/words')
      return jsonResponse(200, { count: 0, items: [], max: 200, offset: 0 });
    if (path === `/v1/campaigns/${CAMPAIGN_ID}/delegation`)
      return options.delegation
        ? jsonResponse(200, options.delegation)
        : jsonResponse(403, { key: 'campaign-forbidden' });
    if (path === '/users/guests' && method === 'POST') {
      const entry = options.entry ?? { status: 400, body: { key: 'invalid-delegation' } };
      return isFailure(entry) ? jsonResponse(entry.status, entry.body) : jsonResponse(201, entry);
    }
    if (path === base && method === 'GET') {
      const next = views.length > 1 ? views.shift() : views[0];
      return next ? answer(next) : jsonResponse(404, { key: 'not-found' });
    }
    if (path === base && method === 'POST')
      return options.action ? answer(options.action) : jsonResponse(409, { key: 'cycle-not-active' });
    const stepMatch = new RegExp(`^${base}/steps/([^/]+)$`).exec(path);
    if (stepMatch) {
      const stepId = decodeURIComponent(stepMatch[1] ?? '');
      if (method === 'GET') {
        const found = options.steps?.[stepId];
        return found ? jsonResponse(200, found) : jsonResponse(409, { key: 'participation-step-locked' });
      }
      const next = saves.shift();
      return next ? answer(next) : jsonResponse(500, { key: 'internal-server-error' });
    }
    return jsonResponse(404, { key: 'not-found' });
  });
  return {
    sent,
    calls: (method: string, path: string) => sent.filter((c) => c.method === method && c.path === path),
    base,
  };
}
