import type { vi } from 'vitest';
import {
  FormSchema,
  type AvailableForm,
  type FormEntitlement,
  type FormInput,
  type FormSummary,
  type FormSurvey,
} from '@shared/contracts/forms';
import type { SessionSummary } from '@shared/contracts/me';
import type { Session } from '@shared/contracts/sessions';
import { defineRules, type AbilityFacts } from '@shared/domain/ability';
import { opensMyselfForms } from '@shared/domain/group-licences';
import { jsonResponse } from '../../test/fixtures';
import { meFixture } from '../../test/me';

/** A one-page form with a required text answer and an optional likert. */
export const wellbeing = FormSchema.parse({
  id: 'wellbeing',
  title: { en: 'Wellbeing check' },
  languages: ['en'],
  updateDate: '2026-01-01T00:00:00.000Z',
  steps: [
    {
      id: 'page',
      title: { en: 'How are you?' },
      description: { en: 'A few words.' },
      answers: [
        { id: 'mood', type: 'text', title: { en: 'Your mood' }, required: true },
        { id: 'energy', type: 'likert', title: { en: 'Your energy' } },
      ],
    },
  ],
} satisfies FormInput);

export function availableForm(id: string, title: string, extra: Partial<AvailableForm> = {}): AvailableForm {
  return {
    form: { id, title: { en: title }, description: {}, languages: ['en'], answersCount: 2 },
    places: [{ sphereId: 'sphere-1', reserved: false }],
    reserved: false,
    ...extra,
  };
}

export function survey(extra: Partial<FormSurvey> = {}): FormSurvey {
  const now = Date.now();
  return {
    id: 'survey-1',
    formId: 'wellbeing',
    values: { mood: 'Calm' },
    fromDirectLink: false,
    sphereId: 'sphere-1',
    tagIds: [],
    creationDate: new Date(now - 60_000).toISOString(),
    updateDate: new Date(now - 60_000).toISOString(),
    freezeDate: new Date(now + 24 * 3_600_000 - 60_000).toISOString(),
    editable: true,
    ...extra,
  };
}

export function summary(id: string, title: string, extra: Partial<FormSummary> = {}): FormSummary {
  return {
    id,
    title: { en: title },
    description: {},
    languages: ['en'],
    updateDate: '2026-01-01T00:00:00.000Z',
    editorFormatVersion: 1,
    availability: 'sphereMember',
    isPrivate: false,
    archived: false,
    answersCount: 3,
    ...extra,
  };
}

export function entitlement(
  formId: string,
  title: string,
  extra: Partial<FormEntitlement> = {},
): FormEntitlement {
  return {
    sphereId: 'sphere-1',
    formId,
    availabilitiesThrough: 'sphereMember',
    sessionIds: [],
    title: { en: title },
    archived: false,
    updateDate: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

/** A contributor group of sphere-1 with the Essentials subscription. */
export function groupSession(id: string, name: string, extra: Partial<Session> = {}): Session {
  return {
    id,
    sphereId: 'sphere-1',
    name: { en: name },
    category: 'contributor',
    type: 'group',
    parentSessionIds: [],
    level: 0,
    isLeaf: true,
    subscription: 'essentials',
    isPublic: false,
    archived: false,
    specificTagIds: [],
    inheritedTagIds: [],
    isMember: false,
    roles: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updateDate: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

export interface FormsServerOptions {
  subscription?: 'starter' | 'essentials';
  isGuest?: boolean;
  spheres?: AbilityFacts['spheres'];
  available?: AvailableForm[];
  surveys?: FormSurvey[];
  definitions?: FormSummary[];
  entitlements?: FormEntitlement[];
  /** The forms entitled to each session, by session id (GET /v1/forms/sessions/{id}/entitlements). */
  sessionEntitlements?: Record<string, FormEntitlement[]>;
  /** The person's groups (`GET /v1/me/sessions`). */
  sessions?: SessionSummary[];
  /**
   * The start call's count of open contributor groups: by default, those of `sessions`; `null`
   * answers as an older server that does not say.
   */
  openContributorGroups?: number | null;
  /** Answers of the next survey writes (POST or PUT), in turn, instead of saving them. */
  surveyAnswers?: { status: number; body: unknown }[];
}

const list = <T>(items: T[]) => ({ count: items.length, items, max: 200, offset: 0 });

/** A small fake of the forms API over `fetch`, recording what was sent. */
export function fakeFormsServer(
  fetchMock: ReturnType<typeof vi.fn<typeof fetch>>,
  options: FormsServerOptions = {},
) {
  const subscription = options.subscription ?? 'essentials';
  const facts: AbilityFacts = {
    userId: 'user-1',
    isGuest: options.isGuest ?? false,
    subscription,
    globalRoles: [],
    superAdminMode: false,
    spheres: options.spheres ?? [{ sphereId: 'sphere-1', roles: ['contributor'] }],
    sessions: [],
  };
  const state = { entitlements: [...(options.entitlements ?? [])] };
  const surveyAnswers = [...(options.surveyAnswers ?? [])];
  const sent: { method: string; path: string; body: unknown }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input)).pathname;
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    if (path === '/v1/me')
      return jsonResponse(
        200,
        meFixture({
          spheres: [{ id: 'sphere-1', name: 'Atelier' }],
          ability: { subscription, rules: defineRules(facts) },
          profile: { ...meFixture().profile, isGuest: options.isGuest ?? false },
          openContributorGroups:
            options.openContributorGroups === null
              ? undefined
              : (options.openContributorGroups ?? (options.sessions ?? []).filter(opensMyselfForms).length),
        }),
      );
    if (path === '/v1/me/sessions') {
      const items = options.sessions ?? [];
      return jsonResponse(200, { count: items.length, items, max: items.length, offset: 0 });
    }
    if (path === '/v1/forms/available') return jsonResponse(200, list(options.available ?? []));
    if (path === '/v1/forms/definitions/wellbeing') return jsonResponse(200, wellbeing);
    if (path === '/v1/forms/definitions') return jsonResponse(200, list(options.definitions ?? []));
    if (path === '/v1/forms/surveys' && method === 'GET')
      return jsonResponse(200, list(options.surveys ?? []));
    const surveyMatch = /^\/v1\/forms\/surveys(?:\/([^/]+))?$/.exec(path);
    if (surveyMatch) {
      if (method === 'GET') {
        const found = (options.surveys ?? []).find((s) => s.id === surveyMatch[1]);
        return found ? jsonResponse(200, found) : jsonResponse(404, { key: 'not-found' });
      }
      const answer = surveyAnswers.shift();
      if (answer) return jsonResponse(answer.status, answer.body);
      const values = (body as { values: FormSurvey['values'] }).values;
      return jsonResponse(
        method === 'POST' ? 201 : 200,
        survey({ id: surveyMatch[1] ?? 'survey-new', values }),
      );
    }
    const sessionEntitlements = /^\/v1\/forms\/sessions\/([^/]+)\/entitlements$/.exec(path);
    if (sessionEntitlements) {
      const found = options.sessionEntitlements?.[sessionEntitlements[1] ?? ''];
      return found ? jsonResponse(200, list(found)) : jsonResponse(404, { key: 'not-found' });
    }
    if (path === '/v1/forms/myself-reports')
      return jsonResponse(200, {
        form: {
          id: 'wellbeing',
          title: { en: 'Wellbeing check' },
          languages: ['en'],
          answers: [],
          additionalResults: [],
        },
        items: [],
        count: 0,
      });
    if (path === '/v1/spheres/sphere-1/sessions')
      return jsonResponse(
        200,
        list([groupSession('group-1', 'North team'), groupSession('group-2', 'South team')]),
      );
    const entitlementMatch = /^\/v1\/forms\/spheres\/sphere-1\/entitlements(?:\/([^/]+))?$/.exec(path);
    if (entitlementMatch) {
      const formId = entitlementMatch[1];
      if (method === 'GET') return jsonResponse(200, list(state.entitlements));
      if (method === 'DELETE') {
        state.entitlements = state.entitlements.filter((e) => e.formId !== formId);
        return new Response(null, { status: 204 });
      }
      const given = body as {
        formId: string;
        availabilitiesThrough?: FormEntitlement['availabilitiesThrough'];
        sessionIds?: string[];
      };
      const saved = entitlement(given.formId, `Form ${given.formId}`, {
        availabilitiesThrough: given.availabilitiesThrough ?? 'sphereMember',
        sessionIds: given.sessionIds ?? [],
      });
      state.entitlements = [...state.entitlements.filter((e) => e.formId !== saved.formId), saved];
      return jsonResponse(method === 'POST' ? 201 : 200, saved);
    }
    return jsonResponse(404, { key: 'not-found' });
  });
  return {
    calls: (method: string, path: string) => sent.filter((c) => c.method === method && c.path === path),
  };
}
