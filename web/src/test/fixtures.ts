import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import type { WebConfig } from '@shared/contracts/web-config';

export const testConfig: WebConfig = {
  environment: 'local',
  apiUrl: 'http://127.0.0.1:4010',
  wsUrl: 'ws://127.0.0.1:4011',
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_local',
  userPoolClientId: 'local-client',
};

/** A fetch answer with a JSON body. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** An error shaped like Amplify's AuthError: Cognito's exception name and message. */
export function authError(name: string, message = name): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/** A sphere as `GET /v1/spheres/{id}` answers it to its admin: English, no entitlement, no strategy. */
export function sphereFixture(extra: Partial<Sphere> = {}): Sphere {
  return {
    id: 'sphere-1',
    name: 'Atelier',
    category: 'company',
    address: { country: 'BE' },
    domains: [],
    isStudyProgram: false,
    isTerminalEnabled: false,
    customizableThinkingAxes: false,
    strategyEnabled: false,
    accessPolicy: 'AUTH',
    lowSecurityAccessOptions: { enabled: false, label: {} },
    languages: { primary: 'en', extras: [] },
    limits: { tags: 10, members: 10, groups: 10 },
    entitlements: {
      engagementUp: { active: false, campaignTemplatesAvailable: false },
      salesUp: { active: false },
    },
    campaignSmsEnabled: false,
    isMember: true,
    roles: ['admin'],
    createdAt: '2026-01-01T00:00:00.000Z',
    updateDate: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

/** A group (session-1) of sphere-1 as its members read it: the name they may see, Essentials. */
export function sessionFixture(extra: Partial<Session> = {}): Session {
  return {
    id: 'session-1',
    sphereId: 'sphere-1',
    name: { en: 'North team', fr: 'Équipe Nord' },
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
    isMember: true,
    roles: ['member'],
    createdAt: '2026-01-01T00:00:00.000Z',
    updateDate: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

/**
 * Marks this browser as holding an Amplify session of the test pool, so that the app asks Amplify
 * (mocked by each test: `fetchAuthSession`) who is signed in, as it does for a real stored session.
 */
export function storedSessionKey(): void {
  window.localStorage.setItem(
    `CognitoIdentityServiceProvider.${testConfig.userPoolClientId}.LastAuthUser`,
    'test-user',
  );
}
