import { vi } from 'vitest';
import { defineRules } from '@shared/domain/ability';
import type { Form, FormSummary } from '@shared/contracts/forms';
import { meFixture } from '../../test/me';
import { jsonResponse } from '../../test/render';

export const fetchMock = vi.fn<typeof fetch>();

/** A super-admin in super-admin mode manages forms; a plain user does not. */
export function meResponse(manager: boolean): Response {
  const facts = {
    userId: 'user-1',
    isGuest: false,
    globalRoles: manager ? ['super-admin'] : [],
    superAdminMode: manager,
    spheres: [],
    sessions: [],
    subscription: 'essentials',
  } as const;
  return jsonResponse(200, meFixture({ ability: { subscription: 'essentials', rules: defineRules(facts) } }));
}

export function summary(id: string, title: string, extra: Partial<FormSummary> = {}): FormSummary {
  return {
    id,
    title: { en: title },
    description: {},
    languages: ['en'],
    updateDate: '2026-11-01T10:00:00.000Z',
    editorFormatVersion: 1,
    availability: 'none',
    isPrivate: false,
    archived: false,
    answersCount: 3,
    ...extra,
  };
}

/** A form in English and French: one page with a likert and a choice question. */
export function wellbeingForm(): Form {
  return {
    id: 'wellbeing',
    title: { en: 'Wellbeing check', fr: 'Bilan bien-être' },
    description: {},
    languages: ['en', 'fr'],
    updateDate: '2026-11-01T10:00:00.000Z',
    editorFormatVersion: 1,
    availability: 'none',
    isPrivate: false,
    archived: false,
    steps: [
      {
        id: 'step1',
        title: { en: 'Your week', fr: 'Votre semaine' },
        description: { en: 'About the last seven days.', fr: 'Les sept derniers jours.' },
        sameTabAsPreviousOne: false,
        answers: [
          {
            id: 'q1',
            type: 'likert',
            title: { en: 'How was your week?', fr: 'Comment était votre semaine ?' },
            shortTitle: {},
            description: {},
            required: false,
            enableNotApplicable: false,
            options: [1, 2, 3, 4, 5, 6, 7].map((value) => ({ value, legend: {} })),
            legendTop: {},
            legendBottom: {},
            display: 'horizontal',
            direction: 'standard',
          },
          {
            id: 'q2',
            type: 'choice',
            title: { en: 'What helped?', fr: 'Qu’est-ce qui a aidé ?' },
            shortTitle: {},
            description: {},
            required: false,
            enableNotApplicable: false,
            values: [
              { title: { en: 'Sleep', fr: 'Sommeil' }, value: 'sleep' },
              { title: { en: 'Friends', fr: 'Amis' }, value: 'friends' },
            ],
            multiChoice: false,
          },
        ],
      },
    ],
    additionalResults: [],
    completedPage: { title: {}, description: {} },
  };
}

/** The body of the last call to `path` with `method`. */
export function sent(method: string, path: string): unknown {
  const call = [...fetchMock.mock.calls]
    .reverse()
    .find(([url, init]) => new URL(String(url)).pathname === path && (init?.method ?? 'GET') === method);
  return call ? (JSON.parse(String(call[1]?.body ?? 'null')) as unknown) : undefined;
}

export function called(method: string, path: string): boolean {
  return fetchMock.mock.calls.some(
    ([url, init]) => new URL(String(url)).pathname === path && (init?.method ?? 'GET') === method,
  );
}
