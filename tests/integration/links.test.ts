import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { Link, LinkCampaign, LinkList } from '@shared/contracts/links';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import type { Tag } from '@shared/contracts/tags';
import { addDays, todayIn } from '@shared/domain/links';
import { campaignLinkCode, isCampaignLinkCode } from '../../functions/links';
import { linksDb } from '../../functions/links/store';
import { usersDb } from '../../functions/users/store';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * Links over HTTP (spec 01 §3, §5, §7; spec 02 §3, §5, §7; decision 0027): a sphere's admins make,
 * list, change and delete its links, a session's owners those of their session, anyone signed in
 * (a guest too) opens one while it has not expired, and a campaign's link gives its campaign and
 * code.
 */
let stack: TestStack;
/** Admin of the sphere. */
let ada: Tokens;
/** Admin of another sphere. */
let yann: Tokens;
/** A contributor of Ada's sphere, owner of its group. */
let zoe: Tokens;
let guest: Tokens;
let sphere: Sphere;
let elsewhere: Sphere;
let group: Session;

const api = <T>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: tokens.accessToken, ...(body !== undefined ? { body } : {}) });
const tomorrow = () => addDays(todayIn(Date.now(), 'UTC'), 1);

async function newSphere(tokens: Tokens, name: string) {
  const created = await api<Sphere>(tokens, '/v1/spheres', 'POST', {
    name,
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'en' },
  });
  expect(created.status).toBe(201);
  return created.body;
}

const sphereLink = (extra: Record<string, unknown> = {}) => ({
  category: 'sphere',
  sphereId: sphere.id,
  name: 'Poster in the hall',
  description: 'Printed for the entrance.',
  messageForUser: 'Welcome!',
  endMessageForUser: 'Thank you.',
  defaultLanguage: 'en',
  stepNumber: 100,
  wizards: [{ type: 'profile' }, { type: 'feeling', period: 'day' }],
  ...extra,
});

beforeAll(async () => {
  stack = await startTestStack();
  ada = await stack.signInWithCode('ada.links@example.be', { firstName: 'Ada', locale: 'en' });
  yann = await stack.signInWithCode('yann.links@example.be', { firstName: 'Yann', locale: 'en' });
  zoe = await stack.signInWithCode('zoe.links@example.be', { firstName: 'Zoé', locale: 'fr' });
  guest = await stack.signInAsGuest({ link: 'http://127.0.0.1/links' });
  sphere = await newSphere(ada, 'Maison Liens');
  elsewhere = await newSphere(yann, 'Maison Ailleurs');
  const key = await api<{ sphereKey: string }>(ada, `/v1/spheres/${sphere.id}/join-key`);
  expect(
    (await api(zoe, `/v1/spheres/${sphere.id}/join`, 'POST', { sphereKey: key.body.sphereKey })).status,
  ).toBe(200);
  const me = await api<{ members: { id: string; sphereId: string }[] }>(zoe, '/v1/me');
  const zoeMember = me.body.members.find((m) => m.sphereId === sphere.id)?.id ?? 'none';
  const created = await api<Session>(ada, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
    category: 'contributor',
    name: { en: 'Night shift' },
    publicName: { en: 'Night shift' },
    isPublic: true,
    ownerIds: [zoeMember],
  });
  expect(created.status).toBe(201);
  group = created.body;
  await api(ada, `/v1/sessions/${group.id}/members/${zoeMember}`, 'PUT', { roles: ['owner', 'member'] });
});
afterAll(async () => {
  await stack?.stop();
});

describe('making a link', () => {
  it('a sphere admin makes a link: wizards in their running order, 100 years ahead by default', async () => {
    const created = await api<Link>(ada, '/v1/shorten-urls', 'POST', sphereLink());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      category: 'sphere',
      sphereId: sphere.id,
      name: 'Poster in the hall',
      description: 'Printed for the entrance.',
      stepNumber: 100,
      expirySet: false,
      wizards: [{ type: 'feeling', period: 'day' }, { type: 'profile' }],
    });
    expect(created.body.expiredAt.slice(0, 4)).toBe(String(new Date().getUTCFullYear() + 100));
    expect(created.body.validationCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('name required, lengths, step number and form rules answer their keys', async () => {
    const refused = await api<{ errors: { key: string; field: string }[] }>(
      ada,
      '/v1/shorten-urls',
      'POST',
      sphereLink({
        name: '  ',
        description: 'd'.repeat(2001),
        messageForUser: 'm'.repeat(251),
        stepNumber: 101,
        wizards: [{ type: 'form', formId: '' }],
      }),
    );
    expect(refused.status).toBe(400);
    const keys = refused.body.errors.map((e) => `${e.field}:${e.key}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'body.name:required',
        'body.description:length-out-of-range-error',
        'body.messageForUser:length-out-of-range-error',
        'body.stepNumber:value-out-of-range-error',
        'body.wizards.0.formId:required',
      ]),
    );
  });

  it('an expiry before tomorrow is refused, tomorrow is accepted and counts as set', async () => {
    const today = todayIn(Date.now(), 'Pacific/Kiritimati');
    const past = await api<{ errors: { key: string; field: string }[] }>(
      ada,
      '/v1/shorten-urls',
      'POST',
      sphereLink({ expiredAt: today, timeZone: 'Pacific/Kiritimati' }),
    );
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([{ key: 'value-out-of-range-error', field: 'body.expiredAt' }]);
    const notADate = await api<{ errors: { key: string; field: string }[] }>(
      ada,
      '/v1/shorten-urls',
      'POST',
      sphereLink({ expiredAt: 'soon' }),
    );
    expect(notADate.body.errors).toEqual([{ key: 'not-a-date', field: 'body.expiredAt' }]);
    const kept = await api<Link>(
      ada,
      '/v1/shorten-urls',
      'POST',
      sphereLink({ expiredAt: addDays(tomorrow(), 1) }),
    );
    expect(kept.status).toBe(201);
    expect(kept.body).toMatchObject({ expiredAt: addDays(tomorrow(), 1), expirySet: true });
  });

  it('a session’s link is its owner’s: at most step 99, and only with its own sphere', async () => {
    const body = { ...sphereLink(), category: 'session', sessionId: group.id, stepNumber: 99 };
    const made = await api<Link>(zoe, '/v1/shorten-urls', 'POST', body);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ category: 'session', sessionId: group.id, sphereId: sphere.id });
    expect((await api(zoe, '/v1/shorten-urls', 'POST', { ...body, stepNumber: 100 })).status).toBe(400);
    // The owner of a group may not make the sphere's own links.
    expect((await api(zoe, '/v1/shorten-urls', 'POST', sphereLink())).status).toBe(403);
    // A session named with another sphere is not found there, as an unknown session.
    expect((await api(zoe, '/v1/shorten-urls', 'POST', { ...body, sphereId: elsewhere.id })).status).toBe(
      404,
    );
  });

  it('another sphere’s admin and a guest cannot make a link in the sphere', async () => {
    expect((await api(yann, '/v1/shorten-urls', 'POST', sphereLink())).status).toBe(403);
    const asGuest = await api(guest, '/v1/shorten-urls', 'POST', sphereLink());
    expect(asGuest.status).toBe(403);
    expect(asGuest.body).toMatchObject({ key: 'guest-not-allowed' });
  });
});

describe('listing, opening, changing and deleting', () => {
  it('a place’s list holds its own links, newest first, for its admins only', async () => {
    const first = await api<Link>(ada, '/v1/shorten-urls', 'POST', sphereLink({ name: 'First' }));
    const second = await api<Link>(ada, '/v1/shorten-urls', 'POST', sphereLink({ name: 'Second' }));
    const list = await api<LinkList>(ada, `/v1/shorten-urls/spheres/${sphere.id}`);
    expect(list.status).toBe(200);
    const ids = list.body.items.map((l) => l.id);
    expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
    expect(list.body.items.every((l) => l.sessionId === undefined)).toBe(true);
    const sessions = await api<LinkList>(ada, `/v1/shorten-urls/sessions/${group.id}`);
    expect(sessions.body.items.every((l) => l.sessionId === group.id)).toBe(true);
    expect(sessions.body.count).toBeGreaterThan(0);
    expect((await api(yann, `/v1/shorten-urls/spheres/${sphere.id}`)).status).toBe(403);
    expect((await api(zoe, `/v1/shorten-urls/spheres/${sphere.id}`)).status).toBe(403);
    expect((await api(zoe, `/v1/shorten-urls/sessions/${group.id}`)).status).toBe(200);
  });

  it('a guest opens a link and reads what running it needs, not the admin’s fields', async () => {
    const made = await api<Link>(ada, '/v1/shorten-urls', 'POST', sphereLink());
    const opened = await api<Link>(guest, `/v1/shorten-urls/${made.body.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      id: made.body.id,
      name: 'Poster in the hall',
      messageForUser: 'Welcome!',
      validationCode: made.body.validationCode,
    });
    expect(opened.body.description).toBeUndefined();
    expect(opened.body.specificTagIds).toBeUndefined();
    const asAdmin = await api<Link>(ada, `/v1/shorten-urls/${made.body.id}`);
    expect(asAdmin.body.description).toBe('Printed for the entrance.');
    expect((await api(guest, '/v1/shorten-urls/unknown-link')).status).toBe(404);
  });

  it('an expired link answers link-expired to those who open it, and its admins still read it', async () => {
    const made = await api<Link>(ada, '/v1/shorten-urls', 'POST', sphereLink());
    await linksDb().entities.shortUrl.patch({ linkId: made.body.id }).set({ expiredAt: '2020-01-01' }).go();
    const opened = await api(guest, `/v1/shorten-urls/${made.body.id}`);
    expect(opened.status).toBe(410);
    expect(opened.body).toMatchObject({ key: 'link-expired' });
    expect((await api(ada, `/v1/shorten-urls/${made.body.id}`)).status).toBe(200);
  });

  it('its admin changes a link; another sphere’s admin and a contributor cannot', async () => {
    const made = await api<Link>(ada, '/v1/shorten-urls', 'POST', sphereLink());
    const change = { ...sphereLink({ name: 'Renamed', messageForUser: '' }) };
    delete (change as Record<string, unknown>).category;
    delete (change as Record<string, unknown>).sphereId;
    expect((await api(yann, `/v1/shorten-urls/${made.body.id}`, 'PUT', change)).status).toBe(403);
    expect((await api(zoe, `/v1/shorten-urls/${made.body.id}`, 'PUT', change)).status).toBe(403);
    const changed = await api<Link>(ada, `/v1/shorten-urls/${made.body.id}`, 'PUT', change);
    expect(changed.status).toBe(200);
    expect(changed.body.name).toBe('Renamed');
    expect(changed.body.messageForUser).toBeUndefined();
    const sessionOnly = await api(ada, `/v1/shorten-urls/${made.body.id}`, 'PUT', {
      ...change,
      wizards: [{ type: 'sessionStrategyAssessment' }],
    });
    expect(sessionOnly.status).toBe(400);
  });

  it('its admin deletes a link; another sphere’s admin cannot; then it is not found', async () => {
    const made = await api<Link>(ada, '/v1/shorten-urls', 'POST', sphereLink());
    expect((await api(yann, `/v1/shorten-urls/${made.body.id}`, 'DELETE')).status).toBe(403);
    expect((await api(ada, `/v1/shorten-urls/${made.body.id}`, 'DELETE')).status).toBe(204);
    expect((await api(guest, `/v1/shorten-urls/${made.body.id}`)).status).toBe(404);
    expect((await api(ada, `/v1/shorten-urls/${made.body.id}`, 'DELETE')).status).toBe(404);
  });
});

describe('a link’s tags', () => {
  const newTag = (tokens: Tokens, sphereId: string, name: string) =>
    api<Tag>(tokens, `/v1/spheres/${sphereId}/tags`, 'POST', {
      name: { en: name },
      type: 'department',
      color: '#336699',
      weight: 1,
    });
  const fieldsOf = (link: ReturnType<typeof sphereLink>) => {
    const { category: _category, sphereId: _sphereId, ...fields } = link;
    return fields;
  };

  it('takes tags of its sphere, and refuses one of another sphere or an unknown one on specificTagIds', async () => {
    const hall = await newTag(ada, sphere.id, 'Hall');
    expect(hall.status).toBe(201);
    const theirs = await newTag(yann, elsewhere.id, 'Their hall');
    expect(theirs.status).toBe(201);

    const made = await api<Link>(
      ada,
      '/v1/shorten-urls',
      'POST',
      sphereLink({ specificTagIds: [hall.body.id] }),
    );
    expect(made.status).toBe(201);
    expect(made.body.specificTagIds).toEqual([hall.body.id]);
    // Those who open the link do not read its tags.
    expect((await api<Link>(guest, `/v1/shorten-urls/${made.body.id}`)).body.specificTagIds).toBeUndefined();

    for (const specificTagIds of [[theirs.body.id], [hall.body.id, 'no-such-tag']]) {
      const refused = await api(ada, '/v1/shorten-urls', 'POST', sphereLink({ specificTagIds }));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.specificTagIds' }] });
    }
    const changed = await api(
      ada,
      `/v1/shorten-urls/${made.body.id}`,
      'PUT',
      fieldsOf(sphereLink({ specificTagIds: [hall.body.id, theirs.body.id] })),
    );
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.specificTagIds' }] });
    const read = await api<Link>(ada, `/v1/shorten-urls/${made.body.id}`);
    expect(read.body.specificTagIds).toEqual([hall.body.id]);
  });

  it('a feeling or a thinking recorded through the link takes its tags; another place’s link is invalid-link', async () => {
    const entrance = await newTag(ada, sphere.id, 'Entrance');
    const made = await api<Link>(
      ada,
      '/v1/shorten-urls',
      'POST',
      sphereLink({ specificTagIds: [entrance.body.id] }),
    );
    expect(made.status).toBe(201);
    const feeling = { value: 0.6, energy: 0.5, sphereId: sphere.id, linkId: made.body.id };
    const recorded = await api<{ id: string }>(zoe, '/v1/feelings', 'POST', feeling);
    expect(recorded.status).toBe(201);
    const read = await api<{ specificTagIds?: string[]; fromDirectLink?: boolean }>(
      zoe,
      `/v1/feelings/${recorded.body.id}`,
    );
    expect(read.body).toMatchObject({ specificTagIds: [entrance.body.id], fromDirectLink: true });
    // A thinking too: thinking is an Essentials feature, and the catalogue's axes are a super-admin's.
    await usersDb()
      .entities.user.patch({ userId: decodeJwt(zoe.accessToken).sub ?? '' })
      .set({ subscription: 'essentials' })
      .go();
    await usersDb()
      .entities.user.patch({ userId: decodeJwt(ada.accessToken).sub ?? '' })
      .set({ globalRoles: ['super-admin'] })
      .go();
    const axis = await stack.api('/v1/thinkings/definitions/axes', {
      method: 'POST',
      token: ada.accessToken,
      headers: { 'x-super-admin': 'true' },
      body: { id: 'safety', name: { en: 'Safety' }, modules: ['sphere', 'session'], required: true },
    });
    expect(axis.status).toBe(201);
    const thought = { sphereId: sphere.id, linkId: made.body.id, axes: [{ id: 'safety', value: 0.5 }] };
    const thinking = await api<{ specificTagIds?: string[]; fromDirectLink?: boolean }>(
      zoe,
      '/v1/thinkings',
      'POST',
      thought,
    );
    expect(thinking.status).toBe(201);
    expect(thinking.body).toMatchObject({ specificTagIds: [entrance.body.id], fromDirectLink: true });

    // A link of another sphere, or one that does not exist.
    const theirs = await api<Link>(yann, '/v1/shorten-urls', 'POST', {
      ...sphereLink(),
      sphereId: elsewhere.id,
    });
    const groupLink = await api<Link>(zoe, '/v1/shorten-urls', 'POST', {
      ...sphereLink({ category: 'session', stepNumber: 99 }),
      sessionId: group.id,
    });
    expect([theirs.status, groupLink.status]).toEqual([201, 201]);
    for (const linkId of [theirs.body.id, 'no-such-link']) {
      const refused = await api(zoe, '/v1/feelings', 'POST', { ...feeling, linkId });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ key: 'invalid-link' });
      const refusedThinking = await api(zoe, '/v1/thinkings', 'POST', { ...thought, linkId });
      expect(refusedThinking.body).toMatchObject({ key: 'invalid-link' });
    }
    // A group's link may ask a sphere-wide step (the sphere's strategy): recorded in the sphere.
    const sphereWide = await api(zoe, '/v1/feelings', 'POST', { ...feeling, linkId: groupLink.body.id });
    expect(sphereWide.status).toBe(201);
  });

  it('refuses a tag archived before it is given, and keeps one the link holds when it is archived later', async () => {
    const kept = await newTag(ada, sphere.id, 'Kept');
    const old = await newTag(ada, sphere.id, 'Old');
    const archive = (tag: Tag) =>
      api(ada, `/v1/spheres/${sphere.id}/tags/${tag.id}`, 'PUT', {
        name: tag.name,
        type: tag.type,
        color: tag.color,
        weight: tag.weight,
        modules: tag.modules,
        keywords: [],
        archived: true,
      });
    const made = await api<Link>(
      ada,
      '/v1/shorten-urls',
      'POST',
      sphereLink({ specificTagIds: [kept.body.id] }),
    );
    expect(made.status).toBe(201);
    expect((await archive(kept.body)).status).toBe(200);
    expect((await archive(old.body)).status).toBe(200);

    const again = await api<Link>(
      ada,
      `/v1/shorten-urls/${made.body.id}`,
      'PUT',
      fieldsOf(sphereLink({ name: 'Renamed', specificTagIds: [kept.body.id, kept.body.id] })),
    );
    expect(again.status).toBe(200);
    expect(again.body.specificTagIds).toEqual([kept.body.id]);
    const refused = await api(
      ada,
      `/v1/shorten-urls/${made.body.id}`,
      'PUT',
      fieldsOf(sphereLink({ specificTagIds: [kept.body.id, old.body.id] })),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.specificTagIds' }] });
  });
});

describe('a campaign’s link', () => {
  /** A campaign of the sphere, as its admins make it. */
  const newCampaign = async (name: string) => {
    const made = await api<{ campaignId: string }>(ada, `/v1/campaigns/spheres/${sphere.id}`, 'POST', {
      name,
    });
    expect(made.status).toBe(201);
    return made.body.campaignId;
  };

  it('gives its campaign, sphere and the campaign’s code; other links have no campaign', async () => {
    const campaignId = await newCampaign('Pulse');
    const made = await api<Link>(
      ada,
      '/v1/shorten-urls',
      'POST',
      sphereLink({ category: 'campaign', campaignId }),
    );
    expect(made.status).toBe(201);
    const campaign = await api<LinkCampaign>(guest, `/v1/shorten-urls/${made.body.id}/campaign`);
    expect(campaign.status).toBe(200);
    expect(campaign.body).toEqual({
      campaignId,
      sphereId: sphere.id,
      validationCode: await campaignLinkCode(sphere.id, campaignId),
    });
    expect(await isCampaignLinkCode(sphere.id, campaignId, campaign.body.validationCode)).toBe(true);
    expect(await isCampaignLinkCode(sphere.id, 'campaign-2', campaign.body.validationCode)).toBe(false);
    const plain = await api<Link>(ada, '/v1/shorten-urls', 'POST', sphereLink());
    expect((await api(guest, `/v1/shorten-urls/${plain.body.id}/campaign`)).status).toBe(404);
    // A campaign link needs its campaign.
    expect((await api(ada, '/v1/shorten-urls', 'POST', sphereLink({ category: 'campaign' }))).status).toBe(
      400,
    );
    // A campaign that is not the sphere's (another sphere's, or none) is not found.
    const unknown = sphereLink({ category: 'campaign', campaignId: 'campaign-1' });
    expect((await api(ada, '/v1/shorten-urls', 'POST', unknown)).status).toBe(404);
  });

  it('an expired campaign link answers link-expired', async () => {
    const campaignId = await newCampaign('Old pulse');
    const made = await api<Link>(
      ada,
      '/v1/shorten-urls',
      'POST',
      sphereLink({ category: 'campaign', campaignId }),
    );
    await linksDb().entities.shortUrl.patch({ linkId: made.body.id }).set({ expiredAt: '2020-01-01' }).go();
    const opened = await api(guest, `/v1/shorten-urls/${made.body.id}/campaign`);
    expect(opened.status).toBe(410);
    expect(opened.body).toMatchObject({ key: 'link-expired' });
  });
});

describe('a link names nobody', () => {
  it('holds no user id of its maker', async () => {
    const made = await api<Link>(ada, '/v1/shorten-urls', 'POST', sphereLink());
    const { data } = await linksDb().entities.shortUrl.get({ linkId: made.body.id }).go();
    expect(JSON.stringify(data)).not.toContain(decodeJwt(ada.accessToken).sub as string);
  });
});

describe('a deleted session', () => {
  it('takes its links with it', async () => {
    const made = await api<Link>(ada, '/v1/shorten-urls', 'POST', {
      ...sphereLink(),
      category: 'session',
      sessionId: group.id,
      stepNumber: 3,
    });
    expect(made.status).toBe(201);
    expect((await api(ada, `/v1/sessions/${group.id}`, 'DELETE')).status).toBe(204);
    expect((await api(guest, `/v1/shorten-urls/${made.body.id}`)).status).toBe(404);
    const { data } = await linksDb()
      .entities.shortUrl.query.byPlace({ place: 'session', placeId: group.id })
      .go();
    expect(data).toEqual([]);
  });
});
