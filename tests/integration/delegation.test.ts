import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { Campaign, CampaignDelegation, ParticipationView } from '@shared/contracts/campaigns';
import type { GuestCredentials } from '@shared/contracts/guests';
import type { Me } from '@shared/contracts/me';
import type { Member, Sphere } from '@shared/contracts/spheres';
import { DELEGATION_MAX_FAILURES, DELEGATION_MAX_FAILURES_PER_CLIENT } from '@shared/domain/spheres';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * A campaign's delegation over HTTP (spec 01 §7 `POST /users/guests` with an access code and a
 * campaign; decision 0029): a member the sphere gave an access code enters a campaign that allows
 * it with the code alone, as the guest of their own, and takes part; whatever is not allowed says so.
 */
let stack: TestStack;
let admin: Tokens;
let sphere: Sphere;
let delegating: Campaign;
let closed: Campaign;

const api = <T>(tokens: Tokens | null, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, {
    method,
    ...(tokens ? { token: tokens.accessToken } : {}),
    ...(body !== undefined ? { body } : {}),
  });
const sphereBody = (lowSecurity: boolean) => ({
  name: sphere.name,
  category: 'company',
  address: { country: 'BE' },
  languages: { primary: 'fr' },
  lowSecurityAccessOptions: { enabled: lowSecurity, label: { fr: 'Matricule', en: 'Staff number' } },
  updateDate: sphere.updateDate,
});
const enter = (campaignId: string, accessCode: string) =>
  api<GuestCredentials>(null, '/users/guests', 'POST', {
    link: `http://localhost/apps/participation/${campaignId}`,
    delegation: { accessCode, campaignId },
  });

async function memberWithCode(name: string, email: string, code: string): Promise<Member> {
  const member = await api<Member>(admin, '/v1/members', 'POST', {
    sphereId: sphere.id,
    name,
    email,
    roles: ['contributor'],
  });
  expect(member.status).toBe(201);
  const codes = await api(admin, `/v1/spheres/${sphere.id}/members/${member.body.id}/access-codes`, 'PUT', {
    lowSecurityAccessEnabled: true,
    add: [code],
  });
  expect(codes.status).toBe(200);
  return member.body;
}

async function newCampaign(name: string, allowDelegation: boolean): Promise<Campaign> {
  const created = await api<Campaign>(admin, `/v1/campaigns/spheres/${sphere.id}`, 'POST', {
    name,
    publicName: { fr: `${name} public`, en: `${name} in public` },
    defaultLocale: 'fr',
    allowDelegation,
  });
  expect(created.status).toBe(201);
  return created.body;
}

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('aude.delegation@example.be', { firstName: 'Aude' });
  sphere = (
    await api<Sphere>(admin, '/v1/spheres', 'POST', {
      name: 'Atelier Délégué',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'fr' },
    })
  ).body;
  const saved = await api<Sphere>(admin, `/v1/spheres/${sphere.id}`, 'PUT', sphereBody(true));
  expect(saved.status).toBe(200);
  sphere = saved.body;
  delegating = await newCampaign('Pouls', true);
  closed = await newCampaign('Fermée', false);
});
afterAll(async () => {
  await stack?.stop();
});

describe('the delegation page (no token)', () => {
  it('names the sphere, the campaign and the code’s label of a campaign that allows it', async () => {
    const page = await api<CampaignDelegation>(null, `/v1/campaigns/${delegating.campaignId}/delegation`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      campaignId: delegating.campaignId,
      sphereName: 'Atelier Délégué',
      publicName: 'Pouls public',
      label: { fr: 'Matricule', en: 'Staff number' },
    });
  });

  it('a campaign that does not allow it, or does not exist, is campaign-forbidden', async () => {
    for (const id of [closed.campaignId, 'no-such-campaign']) {
      const page = await api(null, `/v1/campaigns/${id}/delegation`);
      expect(page.status).toBe(403);
      expect(page.body).toMatchObject({ key: 'campaign-forbidden' });
    }
  });
});

describe('entering with a code', () => {
  let jef: Member;
  let jefUserId: string;

  beforeAll(async () => {
    jef = await memberWithCode('Jef Peeters', 'jef.delegation@example.be', 'JEF-7');
  });

  it('a member waiting for their person enters as a guest of their own with a one-time ticket', async () => {
    const entry = await enter(delegating.campaignId, ' jef-7 ');
    expect(entry.status).toBe(201);
    expect(entry.body.oneTime).toBe(true);
    const tokens = await stack.signInGuest(entry.body);
    jefUserId = decodeJwt(tokens.accessToken).sub ?? '';
    expect(entry.body.userId).toBe(jefUserId);
    const me = (await api<Me>(tokens, '/v1/me')).body;
    expect(me.profile.isGuest).toBe(true);
    expect(me.spheres.map((s) => s.id)).toContain(sphere.id);
    // The member is theirs now, and the campaign opens to them as to any contributor.
    const listed = (await api<{ items: Member[] }>(admin, `/v1/spheres/${sphere.id}/members?q=jef`)).body
      .items[0];
    expect(listed).toMatchObject({ id: jef.id, active: true });
    const view = await api<ParticipationView>(tokens, `/v1/campaigns/${delegating.campaignId}/participation`);
    expect(view.status).toBe(200);
    expect(view.body.campaign.campaignId).toBe(delegating.campaignId);
    // The ticket is used once.
    await expect(stack.signInGuest(entry.body)).rejects.toThrow();
  });

  it('the next entry with the same code is the same person', async () => {
    const again = await enter(delegating.campaignId, 'JEF-7');
    expect(again.status).toBe(201);
    const tokens = await stack.signInGuest(again.body);
    expect(decodeJwt(tokens.accessToken).sub).toBe(jefUserId);
  });

  it('a wrong code, or a campaign that does not allow delegation, is invalid-delegation', async () => {
    const wrong = await enter(delegating.campaignId, 'NOBODY-1');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ key: 'invalid-delegation' });
    for (const id of [closed.campaignId, 'no-such-campaign']) {
      const refused = await enter(id, 'JEF-7');
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ key: 'invalid-delegation' });
    }
  });

  it('a code whose person has an account with an address does not open it: sign in with the address', async () => {
    await stack.signInWithCode('noor.delegation@example.be', { firstName: 'Noor' });
    // Her address has an account: the member is hers at once.
    const noor = await memberWithCode('Noor Haddad', 'noor.delegation@example.be', 'NOOR-3');
    expect(noor.active).toBe(true);
    const refused = await enter(delegating.campaignId, 'NOOR-3');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ key: 'delegation-sign-in-required' });
  });

  it(`after ${DELEGATION_MAX_FAILURES_PER_CLIENT} wrong codes from a client the campaign’s delegation rests for it a while`, async () => {
    // All the campaign's unknown browsers together get DELEGATION_MAX_FAILURES (security tests).
    expect(DELEGATION_MAX_FAILURES).toBeGreaterThan(DELEGATION_MAX_FAILURES_PER_CLIENT);
    const other = await newCampaign('Essais', true);
    for (let i = 0; i < DELEGATION_MAX_FAILURES_PER_CLIENT; i++) {
      const wrong = await enter(other.campaignId, `WRONG-${i}`);
      expect(wrong.status).toBe(400);
    }
    const blocked = await enter(other.campaignId, 'JEF-7');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ key: 'too-many-attempts' });
    // Another campaign of the sphere is not held up by it.
    expect((await enter(delegating.campaignId, 'JEF-7')).status).toBe(201);
  });

  it('a sphere that stops allowing codes closes its campaigns’ delegation', async () => {
    sphere = (await api<Sphere>(admin, `/v1/spheres/${sphere.id}`)).body;
    const saved = await api<Sphere>(admin, `/v1/spheres/${sphere.id}`, 'PUT', sphereBody(false));
    expect(saved.status).toBe(200);
    sphere = saved.body;
    const page = await api(null, `/v1/campaigns/${delegating.campaignId}/delegation`);
    expect(page.body).toMatchObject({ key: 'campaign-forbidden' });
    const refused = await enter(delegating.campaignId, 'JEF-7');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ key: 'sphere-lowSecurityAccessOptions-disabled' });
  });
});
