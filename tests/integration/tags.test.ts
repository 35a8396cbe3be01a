import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me, MySessions } from '@shared/contracts/me';
import type { Member, Sphere } from '@shared/contracts/spheres';
import type { Session } from '@shared/contracts/sessions';
import type { Tag, TagFacets, TagSelection, TagSelectionSaved } from '@shared/contracts/tags';
import { spheresDb } from '../../functions/spheres/store';
import { eventually, startTestStack, type TestStack, type Tokens } from './harness';

/**
 * Tags of a sphere and their automation over HTTP (spec 01 §3 Tag and Tag selection, §4, §5):
 * the admins' tag list with its filters and facets, archive and restore, the starter set, the
 * sphere's tag limit, and rules that tag members by age, gender and seniority when saved and again
 * when a profile or a first day of work changes.
 */
let stack: TestStack;
let admin: Tokens;
let rita: Tokens;
let sphere: Sphere;

const api = <T>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: tokens.accessToken, ...(body !== undefined ? { body } : {}) });
const tagsPath = () => `/v1/spheres/${sphere.id}/tags`;
const newTag = (body: Record<string, unknown>) =>
  api<Tag>(admin, tagsPath(), 'POST', { type: 'department', color: '#336699', weight: 1, ...body });
const memberNamed = async (name: string) =>
  (await api<{ items: Member[] }>(admin, `/v1/spheres/${sphere.id}/members?q=${encodeURIComponent(name)}`))
    .body.items[0];

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('admin.tags@example.be', { firstName: 'Alma' });
  rita = await stack.signInWithCode('rita.tags@example.be', { firstName: 'Rita' });
  sphere = (
    await api<Sphere>(admin, '/v1/spheres', 'POST', {
      name: 'Maison Étiquettes',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'fr', extras: ['nl'] },
    })
  ).body;
});
afterAll(async () => {
  await stack?.stop();
});

describe('tags', () => {
  it('a tag needs its name in the sphere’s primary language, at most 50 characters', async () => {
    const noFrench = await newTag({ name: { nl: 'Noord' } });
    expect(noFrench.status).toBe(400);
    expect(noFrench.body).toMatchObject({ errors: [{ key: 'required', field: 'body.name.fr' }] });
    const long = await newTag({ name: { fr: 'x'.repeat(51) } });
    expect(long.body).toMatchObject({
      errors: [{ key: 'length-out-of-range-error', field: 'body.name.fr' }],
    });
    const weight = await newTag({ name: { fr: 'Nord' }, weight: 1.5 });
    expect(weight.body).toMatchObject({ errors: [{ key: 'not-a-number', field: 'body.weight' }] });
  });

  it('a new tag is usable in every module unless told, and the list filters by module and archived', async () => {
    const north = await newTag({ name: { fr: 'Nord', nl: 'Noord' } });
    expect(north.status).toBe(201);
    expect(north.body).toMatchObject({
      archived: false,
      autoTag: false,
      modules: expect.arrayContaining(['member']),
    });
    expect(north.body.shortId).toMatch(/^[A-Z2-9]{6}$/);
    const office = await newTag({ name: { fr: 'Bureau' }, type: 'office', modules: ['session-contributor'] });
    expect(office.status).toBe(201);

    const forMembers = (await api<{ items: Tag[] }>(admin, `${tagsPath()}?modules=member`)).body.items;
    expect(forMembers.map((t) => t.name.fr)).toEqual(['Nord']);
    const unknownModule = await api(admin, `${tagsPath()}?modules=elsewhere`);
    expect(unknownModule.status).toBe(400);
  });

  it('archive and restore: an archived tag cannot be saved again until restored, nor given to a member', async () => {
    const tag = (await newTag({ name: { fr: 'Sud' } })).body;
    const body = {
      name: tag.name,
      type: tag.type,
      color: tag.color,
      weight: 2,
      modules: tag.modules,
      keywords: [],
    };
    const archived = await api<Tag>(admin, `${tagsPath()}/${tag.id}`, 'PUT', { ...body, archived: true });
    expect(archived.body.archived).toBe(true);
    const active = (await api<{ items: Tag[] }>(admin, `${tagsPath()}?archived=false`)).body.items;
    expect(active.map((t) => t.id)).not.toContain(tag.id);
    const onlyArchived = (await api<{ items: Tag[] }>(admin, `${tagsPath()}?archived=true`)).body.items;
    expect(onlyArchived.map((t) => t.id)).toEqual([tag.id]);

    const saved = await api(admin, `${tagsPath()}/${tag.id}`, 'PUT', {
      ...body,
      name: { fr: 'Sud-Ouest' },
      archived: true,
    });
    expect(saved.status).toBe(409);
    expect(saved.body).toMatchObject({ key: 'tag-archived' });

    const adminMember = (await api<{ items: Member[] }>(admin, `/v1/spheres/${sphere.id}/members`)).body
      .items[0]!;
    const tagged = await api(admin, `/v1/spheres/${sphere.id}/members/${adminMember.id}`, 'PUT', {
      name: adminMember.name,
      roles: adminMember.roles,
      subscription: 'starter',
      active: true,
      tagIds: [tag.id],
    });
    expect(tagged.status).toBe(400);
    expect(tagged.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.tagIds' }] });

    const restored = await api<Tag>(admin, `${tagsPath()}/${tag.id}`, 'PUT', { ...body, archived: false });
    expect(restored.body.archived).toBe(false);
    const given = await api<Member>(admin, `/v1/spheres/${sphere.id}/members/${adminMember.id}`, 'PUT', {
      name: adminMember.name,
      roles: adminMember.roles,
      subscription: 'starter',
      active: true,
      tagIds: [tag.id],
    });
    expect(given.body.tagIds).toEqual([tag.id]);
  });

  it('facets count the tags by type, module and archived', async () => {
    const facets = (await api<TagFacets>(admin, `${tagsPath()}/facets`)).body;
    expect(facets.type).toEqual(
      expect.arrayContaining([
        { value: 'department', count: 2 },
        { value: 'office', count: 1 },
      ]),
    );
    expect(facets.modules).toEqual(expect.arrayContaining([{ value: 'session-contributor', count: 3 }]));
    expect(facets.archived).toEqual([{ value: 'false', count: 3 }]);
  });

  it('initialize adds the starter set once', async () => {
    const first = await api<{ items: Tag[] }>(admin, `${tagsPath()}/initialize`, 'POST');
    expect(first.status).toBe(200);
    expect(first.body.items.map((t) => t.id)).toEqual(
      expect.arrayContaining(['age-under-25', 'gender-female']),
    );
    const again = await api<{ items: Tag[] }>(admin, `${tagsPath()}/initialize`, 'POST');
    expect(again.body.items).toEqual([]);
  });

  it('the sphere’s tag limit refuses one more active tag: sphere-max-tags-reached', async () => {
    const small = (
      await api<Sphere>(admin, '/v1/spheres', 'POST', {
        name: 'Petite maison étiquetée',
        category: 'company',
        address: { country: 'BE' },
        languages: { primary: 'fr' },
      })
    ).body;
    await spheresDb()
      .entities.sphere.patch({ sphereId: small.id })
      .set({ limits: { tags: 1, members: 10, groups: 1 } })
      .go();
    const one = await api<Tag>(admin, `/v1/spheres/${small.id}/tags`, 'POST', {
      name: { fr: 'Un' },
      type: 'office',
      color: '#000000',
      weight: 0,
    });
    expect(one.status).toBe(201);
    const two = await api(admin, `/v1/spheres/${small.id}/tags`, 'POST', {
      name: { fr: 'Deux' },
      type: 'office',
      color: '#000000',
      weight: 0,
    });
    expect(two.status).toBe(409);
    expect(two.body).toMatchObject({ key: 'sphere-max-tags-reached' });
    const init = await api(admin, `/v1/spheres/${small.id}/tags/initialize`, 'POST');
    expect(init.body).toMatchObject({ key: 'sphere-max-tags-reached' });
  });

  it('a missing tag answers 404, and another sphere’s tag is not reachable through this sphere', async () => {
    expect((await api(admin, `${tagsPath()}/no-such-tag`)).status).toBe(404);
    expect((await api(rita, tagsPath())).status).toBe(403);
  });
});

describe('tag automation', () => {
  const save = (selectionId: string, selection: Record<string, unknown>) =>
    api<TagSelectionSaved>(admin, `/v1/spheres/${sphere.id}/tags-selections`, 'PUT', {
      selectionId,
      selection,
    });

  it('a rule’s tags must have the field’s type, its operator fit the field, and tests need a value', async () => {
    const wrongType = await save('user_age', {
      rules: [{ condition: 'if', operator: '<', value: 25, tagIds: ['gender-female'] }],
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({
      errors: [{ key: 'not-valid', field: 'body.selection.rules.0.tagIds' }],
    });
    const textOperator = await save('user_age', {
      rules: [{ condition: 'if', operator: '~', value: 25, tagIds: ['age-under-25'] }],
    });
    expect(textOperator.body).toMatchObject({
      errors: [{ key: 'not-valid', field: 'body.selection.rules.0.operator' }],
    });
    const noValue = await save('member_seniority', {
      rules: [{ condition: 'all', operator: '>=', tagIds: ['seniority-10-plus'] }],
    });
    expect(noValue.body).toMatchObject({
      errors: [{ key: 'required', field: 'body.selection.rules.0.value' }],
    });
  });

  it('saving the age rules tags every member by age at once, and a changed profile moves the person', async () => {
    await stack.api('/v1/profile', {
      method: 'PUT',
      token: rita.accessToken,
      body: { firstName: 'Rita', birthYear: 1990, unit: 'metric', locale: 'fr' },
    });
    const added = await api<Member>(admin, '/v1/members', 'POST', {
      sphereId: sphere.id,
      name: 'Rita Claes',
      email: 'rita.tags@example.be',
      roles: ['contributor'],
    });
    expect(added.status).toBe(201);

    const saved = await save('user_age', {
      defaultTagId: 'age-25-34',
      rules: [
        { condition: 'if', operator: '<', value: 25, tagIds: ['age-under-25'] },
        { condition: 'elseIf', operator: '<', value: 35, tagIds: ['age-25-34'] },
        { condition: 'elseIf', operator: '<', value: 45, tagIds: ['age-35-44'] },
        { condition: 'else', tagIds: ['age-45-54'] },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.applied).toMatchObject({ status: 'done' });
    const age = new Date().getUTCFullYear() - 1990;
    const expected = age < 35 ? 'age-25-34' : age < 45 ? 'age-35-44' : 'age-45-54';
    expect((await memberNamed('Rita'))?.autoTagIds).toEqual([expected]);
    // The admin has no birth year: the default tag.
    expect((await memberNamed('Alma'))?.autoTagIds).toEqual(['age-25-34']);

    const listed = (await api<{ items: Tag[] }>(admin, `${tagsPath()}?modules=member`)).body.items;
    expect(listed.find((t) => t.id === 'age-under-25')?.autoTag).toBe(true);
    expect(listed.find((t) => t.id === 'gender-male')?.autoTag).toBe(false);

    await stack.api('/v1/profile', {
      method: 'PUT',
      token: rita.accessToken,
      body: { firstName: 'Rita', birthYear: new Date().getUTCFullYear() - 20, unit: 'metric', locale: 'fr' },
    });
    expect((await memberNamed('Rita'))?.autoTagIds).toEqual(['age-under-25']);

    const selections = (
      await api<{ items: TagSelection[] }>(admin, `/v1/spheres/${sphere.id}/tags-selections`)
    ).body.items;
    expect(selections.map((s) => s.selectionId)).toEqual(['user_age', 'user_gender', 'member_seniority']);
    expect(selections[0]).toMatchObject({ defaultTagId: 'age-25-34', rules: [{ value: 25 }, {}, {}, {}] });
    expect(selections[1]?.rules).toEqual([]);
  });

  it('seniority follows the first day of work when an admin changes it', async () => {
    await save('member_seniority', {
      rules: [
        { condition: 'if', operator: '<', value: 1, tagIds: ['seniority-under-1'] },
        { condition: 'elseIf', operator: '<', value: 5, tagIds: ['seniority-1-4'] },
        { condition: 'others', tagIds: ['seniority-10-plus'] },
      ],
    });
    const rita = (await memberNamed('Rita'))!;
    expect(rita.autoTagIds).toEqual(['age-under-25']);
    const threeYearsAgo = `${new Date().getUTCFullYear() - 3}-01-15`;
    const updated = await api<Member>(admin, `/v1/spheres/${sphere.id}/members/${rita.id}`, 'PUT', {
      name: rita.name,
      roles: rita.roles,
      subscription: 'starter',
      active: true,
      firstDayOfWork: threeYearsAgo,
    });
    expect(updated.body.autoTagIds).toEqual(['age-under-25', 'seniority-1-4']);
  });

  it('archiving a tag the rules give takes it from the members; restoring gives it back', async () => {
    const tag = (await api<Tag>(admin, `${tagsPath()}/seniority-1-4`)).body;
    const body = {
      name: tag.name,
      type: tag.type,
      color: tag.color,
      weight: tag.weight,
      modules: tag.modules,
      keywords: [],
    };
    await api(admin, `${tagsPath()}/${tag.id}`, 'PUT', { ...body, archived: true });
    expect((await memberNamed('Rita'))?.autoTagIds).toEqual(['age-under-25']);
    await api(admin, `${tagsPath()}/${tag.id}`, 'PUT', { ...body, archived: false });
    expect((await memberNamed('Rita'))?.autoTagIds).toEqual(['age-under-25', 'seniority-1-4']);
  });

  it('a large sphere’s rules are applied by the worker, after the answer', async () => {
    const large = (
      await api<Sphere>(admin, '/v1/spheres', 'POST', {
        name: 'Grande maison étiquetée',
        category: 'company',
        address: { country: 'BE' },
        languages: { primary: 'fr' },
      })
    ).body;
    const rows = (from: number) =>
      Array.from({ length: 110 }, (_, i) => ({
        name: `Membre ${from + i}`,
        email: `membre${from + i}@grande.example.be`,
      }));
    for (const from of [0, 110])
      expect(
        (await api(admin, '/v1/members/bulk', 'POST', { sphereId: large.id, rows: rows(from) })).status,
      ).toBe(200);
    await api(admin, `/v1/spheres/${large.id}/tags/initialize`, 'POST');
    const saved = await api<TagSelectionSaved>(admin, `/v1/spheres/${large.id}/tags-selections`, 'PUT', {
      selectionId: 'user_gender',
      selection: { defaultTagId: 'gender-other', rules: [] },
    });
    expect(saved.body.applied).toEqual({ status: 'queued' });
    // Members waiting for their person have no gender yet: the worker gives them the default tag.
    const tagged = await eventually(
      async () => {
        const page = (await api<{ items: Member[] }>(admin, `/v1/spheres/${large.id}/members?q=membre`)).body
          .items;
        return page.length === 200 && page.every((m) => m.autoTagIds.includes('gender-other'))
          ? page
          : undefined;
      },
      { tries: 600, what: 'the worker tags every member' },
    );
    expect(tagged).toHaveLength(200);
  });
});

describe('session tags', () => {
  it('a group takes tags offered to groups, its sub-groups inherit them; an archived tag or one not for groups is refused', async () => {
    const tags = (await api<{ items: Tag[] }>(admin, `${tagsPath()}?archived=false`)).body.items;
    const office = tags.find((t) => t.name.fr === 'Bureau')!;
    const starter = tags.find((t) => t.id === 'age-under-25')!;
    const group = await api<Session>(admin, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
      category: 'contributor',
      name: { fr: 'Atelier étiqueté' },
      specificTagIds: [office.id],
    });
    expect(group.status).toBe(201);
    expect(group.body).toMatchObject({ specificTagIds: [office.id], inheritedTagIds: [] });
    const child = await api<Session>(admin, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
      category: 'contributor',
      name: { fr: 'Sous-atelier' },
      parentSessionId: group.body.id,
    });
    expect(child.body).toMatchObject({ specificTagIds: [], inheritedTagIds: [office.id] });
    const listed = (await api<{ items: Session[] }>(admin, `/v1/spheres/${sphere.id}/sessions`)).body.items;
    expect(listed.find((s) => s.id === child.body.id)?.inheritedTagIds).toEqual([office.id]);
    // The session card (the start call) names the tags a person's session holds, inherited ones too.
    const start = async () => (await api<Me>(admin, '/v1/me')).body;
    const groups = async () => (await api<MySessions>(admin, '/v1/me/sessions')).body;
    const memberId = (await start()).members.find((m) => m.sphereId === sphere.id)?.id;
    const joined = await api(admin, `/v1/sessions/${child.body.id}/members`, 'POST', {
      memberId,
      roles: ['owner', 'member'],
    });
    expect(joined.status).toBe(201);
    const card = (await groups()).items.find((s) => s.id === child.body.id);
    expect(card?.tags).toEqual([{ id: office.id, name: 'Bureau', color: office.color }]);

    // The starter tags are not offered to groups.
    const notForGroups = await api(admin, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
      category: 'contributor',
      name: { fr: 'Refusé' },
      specificTagIds: [starter.id],
    });
    expect(notForGroups.status).toBe(400);
    expect(notForGroups.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.specificTagIds' }] });

    const body = {
      name: office.name,
      type: office.type,
      color: office.color,
      weight: office.weight,
      modules: office.modules,
      keywords: [],
    };
    await api(admin, `${tagsPath()}/${office.id}`, 'PUT', { ...body, archived: true });
    const archived = await api(admin, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
      category: 'contributor',
      name: { fr: 'Avec une archivée' },
      specificTagIds: [office.id],
    });
    expect(archived.status).toBe(409);
    expect(archived.body).toMatchObject({ key: 'tag-archived' });
    // An archived tag is no longer on the cards.
    expect((await groups()).items.find((s) => s.id === child.body.id)?.tags).toEqual([]);
    // The group that holds it keeps it when saved.
    const saved = await api<Session>(admin, `/v1/sessions/${group.body.id}`, 'PUT', {
      name: { fr: 'Atelier étiqueté' },
      specificTagIds: [office.id],
      updateDate: group.body.updateDate,
    });
    expect(saved.status).toBe(200);
    await api(admin, `${tagsPath()}/${office.id}`, 'PUT', { ...body, archived: false });
  });
});
