import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { documentClient } from '../../functions/lib/aws';
import { usersDb } from '../../functions/users/store';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * Every list of the organisations is read with Queries on a key or an index, never a Scan (spec
 * rule: "every list is one DynamoDB Query"). The handlers run in this process: a middleware on the
 * product's DynamoDB client records each command a call makes, with its index, and the test
 * compares the route's own reads, after the checks every call makes, with what the data model
 * documents (docs/data-model.md).
 */
let stack: TestStack;
let admin: Tokens;
let sphereId: string;
let sessionId: string;
const calls: string[] = [];

/** Records each command as `Query gsi1`, `Query table`, `BatchGetItem`, `GetItem`. */
function record() {
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const input = (args as { input?: { IndexName?: string } }).input ?? {};
      const name = String(context.commandName ?? '').replace(/Command$/, '');
      calls.push(name === 'Query' || name === 'Scan' ? `${name} ${input.IndexName ?? 'table'}` : name);
      return next(args);
    },
    { step: 'initialize', name: 'listQueriesRecorder' },
  );
}

/** The commands one call makes. */
async function commandsOf(path: string, token: Tokens, headers: Record<string, string> = {}) {
  calls.length = 0;
  const answer = await stack.api(path, { token: token.accessToken, headers });
  expect(answer.status).toBe(200);
  return [...calls];
}

beforeAll(async () => {
  stack = await startTestStack();
  record();
  admin = await stack.signInWithCode('lists.admin@example.be', { firstName: 'Liv' });
  await usersDb()
    .entities.user.patch({ userId: decodeJwt(admin.accessToken).sub as string })
    // Essentials: the strategies are read too. An ambassador: their promotion codes too.
    .set({ globalRoles: ['super-admin', 'ambassador'], subscription: 'essentials' })
    .go();
  const sphere = await stack.api<{ id: string }>('/v1/spheres', {
    method: 'POST',
    token: admin.accessToken,
    body: {
      name: 'Listes',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'fr' },
      strategyEnabled: true,
    },
  });
  sphereId = sphere.body.id;
  const session = await stack.api<{ id: string }>(`/v1/spheres/${sphereId}/sessions`, {
    method: 'POST',
    token: admin.accessToken,
    body: { category: 'contributor', name: { fr: 'Équipe' } },
  });
  sessionId = session.body.id;
});
afterAll(async () => {
  await stack?.stop();
});

/** The token check of every signed-in call: the account, one GetItem. */
const TOKEN = ['GetItem'];
/**
 * What a route with a right to check reads before its own work: the token check, then the facts of
 * the rules — the sphere, session and galaxy memberships (the account is the token check's read,
 * never read twice).
 */
const CHECKS = [...TOKEN, 'Query gsi1', 'Query gsi1', 'Query gsi1'];

/** The calls of a route once the checks are removed (their order among themselves may vary). */
function ownReads(all: string[], checks: readonly string[]) {
  const rest = [...all];
  for (const check of checks) {
    const at = rest.indexOf(check);
    expect(at, `the check ${check} is made`).toBeGreaterThanOrEqual(0);
    rest.splice(at, 1);
  }
  return rest.sort();
}

describe('lists read by key, never by a Scan', () => {
  it.each([
    // route, the reads of its own after the checks (docs/data-model.md access patterns)
    // Listing one's own spheres needs no right: the list is the person's memberships.
    [
      'GET /v1/spheres (mine): the memberships, then the spheres by key',
      '/v1/spheres',
      TOKEN,
      ['BatchGetItem', 'Query gsi1'],
    ],
    [
      'GET /v1/spheres/{id}/members: a page by name on gsi2, and the sphere’s tally of members',
      () => `/v1/spheres/${sphereId}/members`,
      CHECKS,
      ['Query gsi2', 'GetItem'],
    ],
    [
      'GET /v1/spheres/{id}/sessions: the sphere’s tree on gsi1, and the caller’s session memberships',
      () => `/v1/spheres/${sphereId}/sessions`,
      CHECKS,
      ['Query gsi1', 'Query gsi1'],
    ],
    [
      'GET /v1/spheres/{id}/tags: the sphere’s partition (its tags), and the sphere for its language',
      () => `/v1/spheres/${sphereId}/tags?archived=false`,
      CHECKS,
      ['GetItem', 'Query table'],
    ],
    [
      'GET /v1/spheres/{id}/tags/facets: the sphere’s tags, counted',
      () => `/v1/spheres/${sphereId}/tags/facets`,
      CHECKS,
      ['Query table'],
    ],
    [
      'GET /v1/spheres/{id}/report-groups: the sphere’s tags and its members, each one Query of its partition',
      () => `/v1/spheres/${sphereId}/report-groups`,
      CHECKS,
      ['Query table', 'Query table'],
    ],
    [
      'GET /v1/spheres/{id}/tags-selections: the sphere’s tag rules',
      () => `/v1/spheres/${sphereId}/tags-selections`,
      CHECKS,
      ['Query table'],
    ],
    [
      'GET /v1/spheres/{id}/contexts: the sphere’s partition (its contexts)',
      () => `/v1/spheres/${sphereId}/contexts`,
      CHECKS,
      ['Query table'],
    ],
    // A session's route also finds the session's sphere for the rules (one GetItem, decision 0012).
    [
      'GET /v1/sessions/{id}/members: the session’s partition and its sphere’s members',
      () => `/v1/sessions/${sessionId}/members`,
      [...CHECKS, 'GetItem'],
      ['GetItem', 'Query table', 'Query table'],
    ],
    // A list of strategies is its partition, its items and its outline together (decision 0019).
    [
      'GET /v1/strategies/myself: the life compass’s partition',
      '/v1/strategies/myself',
      CHECKS,
      ['Query table'],
    ],
    [
      'GET /v1/strategies/spheres/{id}: the sphere (does it keep a strategy?) and the list’s partition',
      () => `/v1/strategies/spheres/${sphereId}`,
      CHECKS,
      ['GetItem', 'Query table'],
    ],
    [
      'GET /v1/strategies/sessions/{id}: the session, its sphere and the list’s partition',
      () => `/v1/strategies/sessions/${sessionId}`,
      [...CHECKS, 'GetItem'],
      ['GetItem', 'GetItem', 'Query table'],
    ],
    [
      'GET /v1/strategies/assessments/spheres/{id}: the caller’s assessments there on gsi1, and their count',
      () => `/v1/strategies/assessments/spheres/${sphereId}`,
      CHECKS,
      ['GetItem', 'Query gsi1', 'Query gsi1'],
    ],
    [
      'GET /users/subscriptions/promotion-codes: the ambassador’s own codes, one Query of gsi1',
      '/users/subscriptions/promotion-codes',
      CHECKS,
      ['Query gsi1'],
    ],
  ] as const)('%s', async (_, path, checks, own) => {
    const all = await commandsOf(typeof path === 'function' ? path() : path, admin);
    expect(all.filter((c) => c.startsWith('Scan'))).toEqual([]);
    expect(ownReads(all, checks)).toEqual([...own].sort());
  });

  it('a search of the members reads the sphere’s partition once, never a Scan', async () => {
    const all = await commandsOf(`/v1/spheres/${sphereId}/members?q=liv`, admin);
    expect(ownReads(all, CHECKS)).toEqual(['Query table']);
  });

  it('GET /v1/users/subscriptions/report (super-admins): one Query each of the billed links, the free months, the plan ledger and the codes, never a Scan', async () => {
    const all = await commandsOf('/v1/users/subscriptions/report', admin, { 'x-super-admin': 'true' });
    expect(all.filter((c) => c.startsWith('Scan'))).toEqual([]);
    // After the token check and the caller's rights: the billed links (gsi1), the free months
    // running (gsi1), the ledger's key (table) and the codes by day (gsi2).
    expect(all.slice(-4).sort()).toEqual(['Query gsi1', 'Query gsi1', 'Query gsi2', 'Query table'].sort());
  });

  it('GET /v1/spheres?scope=all (super-admins): every sphere is one Query of gsi1, never a Scan', async () => {
    const all = await commandsOf('/v1/spheres?scope=all', admin, { 'x-super-admin': 'true' });
    expect(all.filter((c) => c.startsWith('Scan'))).toEqual([]);
    // After the token check: the account (is the caller a super-admin?), their memberships (their
    // roles shown on each sphere), and the spheres' index.
    expect(ownReads(all, TOKEN)).toEqual(['GetItem', 'Query gsi1', 'Query gsi1'].sort());
  });
});

// Forms (decision 0020): the catalogue on gsi1, a sphere's entitlements in its partition, a
// person's surveys by form on gsi1; the forms' summaries and sessions are then read by key.
describe('forms lists read by key, never by a Scan', () => {
  const superAdmin = { 'x-super-admin': 'true' };
  let formId: string;

  beforeAll(async () => {
    const created = await stack.api<{ id: string }>('/v1/forms/definitions', {
      method: 'POST',
      token: admin.accessToken,
      headers: superAdmin,
      body: { title: { fr: 'Questionnaire des listes' } },
    });
    formId = created.body.id;
    const entitled = await stack.api(`/v1/forms/spheres/${sphereId}/entitlements`, {
      method: 'POST',
      token: admin.accessToken,
      body: { formId, availabilitiesThrough: 'sphereMember' },
    });
    expect(entitled.status).toBe(201);
  });

  it.each([
    [
      'GET /v1/forms/definitions: the catalogue’s summaries on gsi1 (not the documents)',
      (): string => '/v1/forms/definitions?_filters=private%3Dfalse',
      CHECKS,
      ['Query gsi1'],
      {},
    ],
    [
      'GET /v1/forms/measure-types: the catalogue’s partition',
      (): string => '/v1/forms/measure-types',
      CHECKS,
      ['Query table'],
      superAdmin,
    ],
    [
      'GET /v1/forms/spheres/{id}/entitlements: the sphere’s partition, then the forms’ titles by key',
      (): string => `/v1/forms/spheres/${sphereId}/entitlements`,
      CHECKS,
      ['Query table', 'BatchGetItem'],
      {},
    ],
    [
      'GET /v1/forms/sessions/{id}/entitlements: the session, its sphere’s partition and the forms by key',
      (): string => `/v1/forms/sessions/${sessionId}/entitlements`,
      [...CHECKS, 'GetItem'],
      ['GetItem', 'Query table', 'BatchGetItem'],
      {},
    ],
    [
      'GET /v1/forms/available: the caller’s memberships, the entitlements of their one sphere, the forms by key',
      (): string => '/v1/forms/available',
      TOKEN,
      // The caller's sphere, session and galaxy memberships, the entitlements, the forms.
      ['Query gsi1', 'Query gsi1', 'Query gsi1', 'Query table', 'BatchGetItem'],
      {},
    ],
    [
      'GET /v1/forms/surveys?formId=…: the caller’s surveys of the form on gsi1, and their count',
      (): string => `/v1/forms/surveys?formId=${formId}`,
      CHECKS,
      ['Query gsi1', 'Query gsi1'],
      {},
    ],
    [
      'GET /v1/forms/surveys: the caller’s partition, and its count',
      (): string => '/v1/forms/surveys',
      CHECKS,
      ['Query table', 'Query table'],
      {},
    ],
  ] as const)('%s', async (_, path, checks, own, headers) => {
    const all = await commandsOf(path(), admin, headers);
    expect(all.filter((c) => c.startsWith('Scan'))).toEqual([]);
    expect(ownReads(all, checks)).toEqual([...own].sort());
  });
});
