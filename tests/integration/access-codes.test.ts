import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { AccessCodes } from '@shared/contracts/access-codes';
import type { Me } from '@shared/contracts/me';
import type { Member, Sphere } from '@shared/contracts/spheres';
import { ACCESS_CODE_MAX_FAILURES } from '@shared/domain/spheres';
import { spheresDb } from '../../functions/spheres/store';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * Access codes and sign-in with them over HTTP (spec 01 §3, §5, §8; decision 0014): codes unique
 * within a sphere and stored only hashed, the low-security access that needs one, the sphere's
 * switch, and a member signing in with their address and code through the sign-in challenge.
 */
let stack: TestStack;
let admin: Tokens;
let sphere: Sphere;
let noor: Member;
let adminMember: Member;

const api = <T>(tokens: Tokens | null, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, {
    method,
    ...(tokens ? { token: tokens.accessToken } : {}),
    ...(body !== undefined ? { body } : {}),
  });
const codesPath = (member: Member) => `/v1/spheres/${sphere.id}/members/${member.id}/access-codes`;
const signInPath = () => `/v1/spheres/${sphere.id}/access-sign-in`;
const sphereBody = (lowSecurity: boolean) => ({
  name: sphere.name,
  category: 'company',
  address: { country: 'BE' },
  languages: { primary: 'fr' },
  lowSecurityAccessOptions: { enabled: lowSecurity, label: { fr: 'Matricule', en: 'Staff number' } },
  updateDate: sphere.updateDate,
});

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('admin.codes@example.be', { firstName: 'Aude' });
  await stack.signInWithCode('noor.codes@example.be', { firstName: 'Noor' });
  sphere = (
    await api<Sphere>(admin, '/v1/spheres', 'POST', {
      name: 'Atelier des Codes',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'fr' },
    })
  ).body;
  noor = (
    await api<Member>(admin, '/v1/members', 'POST', {
      sphereId: sphere.id,
      name: 'Noor Haddad',
      email: 'noor.codes@example.be',
      roles: ['contributor'],
    })
  ).body;
  adminMember = (await api<{ items: Member[] }>(admin, `/v1/spheres/${sphere.id}/members?q=aude`)).body
    .items[0]!;
});
afterAll(async () => {
  await stack?.stop();
});

describe('while the sphere does not allow sign-in with a code', () => {
  it('refuses codes and the sign-in page: sphere-lowSecurityAccessOptions-disabled', async () => {
    const put = await api(admin, codesPath(noor), 'PUT', {
      lowSecurityAccessEnabled: true,
      add: ['NOOR-2024'],
    });
    expect(put.status).toBe(409);
    expect(put.body).toMatchObject({ key: 'sphere-lowSecurityAccessOptions-disabled' });
    const page = await api(null, signInPath());
    expect(page.status).toBe(403);
    expect(page.body).toMatchObject({ key: 'sphere-lowSecurityAccessOptions-disabled' });
    const signIn = await api(null, signInPath(), 'POST', { email: 'noor.codes@example.be', accessCode: 'X' });
    expect(signIn.body).toMatchObject({ key: 'sphere-lowSecurityAccessOptions-disabled' });
    // A sphere that does not exist answers the same.
    const unknown = await api(null, '/v1/spheres/no-such-sphere/access-sign-in');
    expect(unknown.body).toMatchObject({ key: 'sphere-lowSecurityAccessOptions-disabled' });
  });
});

describe('codes', () => {
  beforeAll(async () => {
    const saved = await api<Sphere>(admin, `/v1/spheres/${sphere.id}`, 'PUT', sphereBody(true));
    expect(saved.status).toBe(200);
    sphere = saved.body;
    expect(sphere.lowSecurityAccessOptions).toEqual({
      enabled: true,
      label: { fr: 'Matricule', en: 'Staff number' },
    });
  });

  it('low-security access needs at least one code', async () => {
    const none = await api(admin, codesPath(noor), 'PUT', { lowSecurityAccessEnabled: true });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ errors: [{ key: 'required', field: 'body.add' }] });
  });

  it('a code is kept hashed, shown by its last two characters, and unique within the sphere', async () => {
    const saved = await api<AccessCodes>(admin, codesPath(noor), 'PUT', {
      lowSecurityAccessEnabled: true,
      add: ['noor-2024'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ lowSecurityAccessEnabled: true, items: [{ hint: '24' }] });
    const stored = await spheresDb()
      .entities.accessCode.query.byMember({ sphereId: sphere.id, memberId: noor.id })
      .go();
    expect(JSON.stringify(stored.data)).not.toContain('NOOR-2024');
    expect(JSON.stringify(stored.data)).not.toContain('noor-2024');

    // The same code for another member, in another case and with spaces: refused.
    const twice = await api(admin, codesPath(adminMember), 'PUT', {
      lowSecurityAccessEnabled: true,
      add: ['NOOR-2024'],
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ key: 'sphere-member-duplicate-access-code' });
    const badShape = await api(admin, codesPath(adminMember), 'PUT', {
      lowSecurityAccessEnabled: true,
      add: ['a b'],
    });
    expect(badShape.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.add.0' }] });
    const members = (await api<{ items: Member[] }>(admin, `/v1/spheres/${sphere.id}/members?q=noor`)).body
      .items;
    expect(members[0]?.lowSecurityAccessEnabled).toBe(true);
  });

  it('another sphere’s admin cannot read or change the codes', async () => {
    const other = await stack.signInWithCode('other.codes@example.be', { firstName: 'Otto' });
    expect((await api(other, codesPath(noor))).status).toBe(403);
    expect((await api(other, codesPath(noor), 'DELETE')).status).toBe(403);
  });
});

describe('sign-in with an address and a code', () => {
  it('the sign-in page names the sphere and its code', async () => {
    const page = await api(null, signInPath());
    expect(page.body).toEqual({
      sphereName: 'Atelier des Codes',
      label: { fr: 'Matricule', en: 'Staff number' },
    });
  });

  it('a wrong code, or an address that is not an allowed member’s, is invalid-delegation', async () => {
    const wrong = await api(null, signInPath(), 'POST', {
      email: 'noor.codes@example.be',
      accessCode: 'NOOR-2025',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ key: 'invalid-delegation' });
    // The admin holds no code: her address with Noor's code signs nobody in.
    const notHers = await api(null, signInPath(), 'POST', {
      email: 'admin.codes@example.be',
      accessCode: 'NOOR-2024',
    });
    expect(notHers.body).toMatchObject({ key: 'invalid-delegation' });
  });

  it('the right pair gives a ticket that signs the member in once, without mailing a code', async () => {
    const ticket = await api<{ username: string; ticket: string }>(null, signInPath(), 'POST', {
      email: 'Noor.Codes@example.be',
      accessCode: ' noor-2024 ',
    });
    expect(ticket.status).toBe(200);
    const tokens = await stack.signInGuest({ username: ticket.body.username, secret: ticket.body.ticket });
    const me = await api<Me>(tokens, '/v1/me');
    expect(me.body.spheres.map((s) => s.id)).toContain(sphere.id);
    expect(decodeJwt(tokens.accessToken).sub).toBe(me.body.userId);
    // Used once.
    await expect(
      stack.signInGuest({ username: ticket.body.username, secret: ticket.body.ticket }),
    ).rejects.toThrow();
  });

  /** A member the admin adds by address, with a code of their own. */
  async function memberWithCode(name: string, email: string, code: string): Promise<Member> {
    const member = (
      await api<Member>(admin, '/v1/members', 'POST', {
        sphereId: sphere.id,
        name,
        email,
        roles: ['contributor'],
      })
    ).body;
    const codes = await api(admin, codesPath(member), 'PUT', { lowSecurityAccessEnabled: true, add: [code] });
    expect(codes.status).toBe(200);
    return member;
  }
  const ticketFor = (email: string, accessCode: string) =>
    api<{ username: string; ticket: string }>(null, signInPath(), 'POST', { email, accessCode });

  it('a member waiting for their person signs in as a guest of their own, and again later', async () => {
    const waiting = await memberWithCode('Jef Peeters', 'jef.codes@example.be', 'JEF-7');
    expect(waiting.active).toBe(false);
    const first = await ticketFor('jef.codes@example.be', 'jef-7');
    expect(first.status).toBe(200);
    const tokens = await stack.signInGuest({ username: first.body.username, secret: first.body.ticket });
    const me = (await api<Me>(tokens, '/v1/me')).body;
    expect(me.profile.isGuest).toBe(true);
    expect(me.spheres.map((s) => s.id)).toContain(sphere.id);
    // The admins now see the member active, linked to that person.
    const listed = (await api<{ items: Member[] }>(admin, `/v1/spheres/${sphere.id}/members?q=jef`)).body
      .items[0];
    expect(listed).toMatchObject({ id: waiting.id, active: true });
    // The next sign-in finds the same person, still without a mailed code.
    const again = await ticketFor('jef.codes@example.be', 'JEF-7');
    expect(again.status).toBe(200);
    const next = await stack.signInGuest({ username: again.body.username, secret: again.body.ticket });
    expect(decodeJwt(next.accessToken).sub).toBe(me.userId);
  });

  it('two first sign-ins of a waiting member at once make one person', async () => {
    await memberWithCode('Lise Martin', 'lise.codes@example.be', 'LISE-8');
    const [a, b] = await Promise.all([
      ticketFor('lise.codes@example.be', 'LISE-8'),
      ticketFor('lise.codes@example.be', 'LISE-8'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.username).toBe(b.body.username);
    const memberships = await spheresDb()
      .entities.member.query.sphere({ sphereId: sphere.id })
      .where(({ email }, { eq }) => eq(email, 'lise.codes@example.be'))
      .go();
    expect(memberships.data).toHaveLength(1);
    expect(memberships.data[0]?.userId).not.toMatch(/^pending:/);
  });

  it('a waiting member whose address an account proved since signs in as that account', async () => {
    const account = await stack.signInWithCode('mia.codes@example.be', { firstName: 'Mia' });
    await memberWithCode('Mia Janssens', 'mia.codes@example.be', 'MIA-9');
    const ticket = await ticketFor('mia.codes@example.be', 'MIA-9');
    expect(ticket.status).toBe(200);
    const tokens = await stack.signInGuest({ username: ticket.body.username, secret: ticket.body.ticket });
    expect(decodeJwt(tokens.accessToken).sub).toBe(decodeJwt(account.accessToken).sub);
    const me = (await api<Me>(tokens, '/v1/me')).body;
    expect(me.profile.isGuest).toBe(false);
    expect(me.spheres.map((s) => s.id)).toContain(sphere.id);
  });

  it('a member who left, or an address that is not the member’s, signs nobody in', async () => {
    await memberWithCode('Sam Dubois', 'sam.codes@example.be', 'SAM-1');
    const ticket = await ticketFor('sam.codes@example.be', 'SAM-1');
    const tokens = await stack.signInGuest({ username: ticket.body.username, secret: ticket.body.ticket });
    // A guest member may leave the sphere like anyone.
    expect((await api(tokens, `/v1/spheres/${sphere.id}/leave`, 'POST')).status).toBe(204);
    const afterLeaving = await ticketFor('sam.codes@example.be', 'SAM-1');
    expect(afterLeaving.body).toMatchObject({ key: 'invalid-delegation' });
    // Another address with Jef's code: refused, and no guest is made for it.
    const otherAddress = await ticketFor('not.jef@example.be', 'JEF-7');
    expect(otherAddress.body).toMatchObject({ key: 'invalid-delegation' });
  });

  it(`after ${ACCESS_CODE_MAX_FAILURES} wrong codes the address is refused for a while, even with the right one`, async () => {
    for (let i = 0; i < ACCESS_CODE_MAX_FAILURES; i++)
      await api(null, signInPath(), 'POST', { email: 'noor.codes@example.be', accessCode: `WRONG-${i}` });
    const blocked = await api(null, signInPath(), 'POST', {
      email: 'noor.codes@example.be',
      accessCode: 'NOOR-2024',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ key: 'too-many-attempts' });
  });

  it('removing the codes ends the low-security access', async () => {
    expect((await api(admin, codesPath(noor), 'DELETE')).status).toBe(204);
    const after = await api<AccessCodes>(admin, codesPath(noor));
    expect(after.body).toEqual({ lowSecurityAccessEnabled: false, items: [] });
  });
});
