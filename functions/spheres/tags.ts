import type { Language } from '@shared/contracts/headers';
import type {
  ReportGroups,
  Tag,
  TagCreate,
  TagFacets,
  TagSelection,
  TagSelectionSave,
  TagSelectionSaved,
  TagUpdate,
} from '@shared/contracts/tags';
import {
  automaticTags,
  operatorFits,
  STARTER_TAGS,
  TAG_SELECTION_FIELDS,
  TAG_SELECTION_IDS,
  tagName,
  type TagModule,
  type TagOperator,
  type TagSelection as SelectionRules,
  type TagSelectionId,
} from '@shared/domain/tags';
import { minParticipants } from '@shared/domain/report-privacy';
import type { FieldError } from '@shared/contracts/errors';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { enqueueNotification } from '../lib/queue';
import { logger } from '../lib/logger';
import { taggedFactsOf } from '../users';
import { findSphere, membersOf, membershipsOf, type MemberItem, type SphereItem } from './repository';
import {
  findTag,
  findTags,
  insertTag,
  markAutoTags,
  putSelection,
  replaceTag,
  selectionsOf,
  setAutoTags,
  tagsOf,
  type TagItem,
  type TagSelectionItem,
} from './tags-repository';
import { TAGS } from './tags-repository';
import { ensureTally, savedWithCount, sphereScope, type CountedKind } from '../lib/quotas';

/**
 * Tags of a sphere and their automation (spec 01 §3 Tag and Tag selection, §4, §5 tag form): the
 * admins' routes, and the rules applied to members when they are saved, when a member is added or
 * their first day of work changes, and when a person's profile changes.
 */

/** Members a saved selection retags before answering; a larger sphere is retagged by the worker. */
export const INLINE_RETAG_MAX = 200;

const today = () => new Date().toISOString().slice(0, 10);

export function toTag(item: TagItem): Tag {
  return {
    id: item.tagId,
    shortId: item.shortId,
    name: item.name,
    type: item.type,
    color: item.color,
    weight: item.weight,
    modules: [...(item.modules ?? [])],
    keywords: item.keywords ?? [],
    archived: item.archived,
    autoTag: item.autoTag,
    updateDate: item.updatedAt,
  };
}

/** Tags in the order the admins read them: by type, weight, then name. */
function byTypeWeightName(primary: Language) {
  return (a: TagItem, b: TagItem) =>
    a.type.localeCompare(b.type) ||
    a.weight - b.weight ||
    tagName(a.name, primary).localeCompare(tagName(b.name, primary));
}

async function sphereOf(sphereId: string): Promise<SphereItem> {
  const sphere = await findSphere(sphereId);
  if (!sphere) throw new NotFoundError();
  return sphere;
}

/** A name is required in the sphere's primary language (spec 01 §5). */
function checkName(sphere: SphereItem, name: TagCreate['name']): void {
  const primary = sphere.languages.primary;
  if (!name[primary]) throw new ValidationError([{ key: 'required', field: `body.name.${primary}` }]);
}

const activeCount = (tags: readonly TagItem[]) => tags.filter((t) => !t.archived).length;

/** GET /v1/spheres/{id}/tags: one Query of the sphere's tags, filtered by archived and modules. */
export async function listTags(
  sphereId: string,
  query: {
    archived?: 'true' | 'false' | undefined;
    modules?: TagModule[] | undefined;
    max: number;
    offset: number;
  },
): Promise<{ count: number; items: Tag[]; max: number; offset: number }> {
  const [sphere, tags] = await Promise.all([sphereOf(sphereId), tagsOf(sphereId)]);
  const matching = tags
    .filter((t) => query.archived === undefined || t.archived === (query.archived === 'true'))
    .filter((t) => !query.modules?.length || query.modules.some((m) => t.modules?.includes(m)))
    .sort(byTypeWeightName(sphere.languages.primary));
  return {
    count: matching.length,
    items: matching.slice(query.offset, query.offset + query.max).map(toTag),
    max: query.max,
    offset: query.offset,
  };
}

export async function getTag(sphereId: string, tagId: string): Promise<Tag> {
  const tag = await findTag(sphereId, tagId);
  if (!tag) throw new NotFoundError();
  return toTag(tag);
}

/** A sphere's tags as its quota counts them: archived ones left out (decision 0043). */
const tagsCounted = (sphereId: string, limit: number): CountedKind => ({
  scope: sphereScope(sphereId),
  kind: TAGS,
  limit,
  count: async () => activeCount(await tagsOf(sphereId)),
  refused: () => new ConflictError('sphere-max-tags-reached'),
});

/** The sphere's tag tally, counted from its tags once when it has none yet. */
async function ensureTagTally(sphereId: string): Promise<void> {
  const { scope, kind, count } = tagsCounted(sphereId, 0);
  await ensureTally(scope, kind, count);
}

/** POST /v1/spheres/{id}/tags: within the sphere's tag limit (`sphere-max-tags-reached`). */
export async function createTag(sphereId: string, body: TagCreate): Promise<Tag> {
  const sphere = await sphereOf(sphereId);
  checkName(sphere, body.name);
  await ensureTagTally(sphereId);
  const created = await insertTag({ sphereId, ...body }, sphere.limits.tags, sphere.galaxyId);
  if (!created) throw new ConflictError('conflict');
  return toTag(created);
}

/**
 * PUT /v1/spheres/{id}/tags/{tagId}: an archived tag is saved only to restore it (`tag-archived`),
 * and restoring counts against the limit again.
 */
export async function updateTag(sphereId: string, tagId: string, body: TagUpdate): Promise<Tag> {
  const [sphere, before] = await Promise.all([sphereOf(sphereId), findTag(sphereId, tagId)]);
  if (!before) throw new NotFoundError();
  if (before.archived && body.archived) throw new ConflictError('tag-archived');
  checkName(sphere, body.name);
  // A restored tag takes a place again, an archived one gives its place back (decision 0043).
  const saved = await savedWithCount(
    tagsCounted(sphereId, sphere.limits.tags),
    { countedBefore: !before.archived, countedAfter: !body.archived },
    () =>
      replaceTag(
        before,
        {
          name: body.name,
          type: body.type,
          color: body.color,
          weight: body.weight,
          modules: body.modules,
          keywords: body.keywords,
          archived: body.archived,
        },
        sphere.galaxyId,
      ),
  );
  // An archived tag is no longer given by the automation; a restored one is again.
  if (before.archived !== saved.archived && saved.autoTag) await retagSphere(sphereId);
  return toTag(saved);
}

/** GET /v1/spheres/{id}/tags/facets: counts by type, module and archived, from one Query. */
export async function tagFacets(sphereId: string): Promise<TagFacets> {
  const tags = await tagsOf(sphereId);
  const count = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts]
      .map(([value, n]) => ({ value, count: n }))
      .sort((a, b) => a.value.localeCompare(b.value));
  };
  return {
    type: count(tags.map((t) => t.type)),
    modules: count(tags.flatMap((t) => [...(t.modules ?? [])])),
    archived: count(tags.map((t) => String(t.archived))),
  };
}

/** The tags a member holds in the sphere now: those given by hand and those of the rules. */
function heldTags(member: Pick<MemberItem, 'tagIds' | 'autoTagIds'>): Set<string> {
  return new Set([...(member.tagIds ?? []), ...(member.autoTagIds ?? [])]);
}

/**
 * The groups a member's answer is filed under and the tags a campaign's targets match: those given
 * by hand and those of the sphere's rules, in a stable order. Every domain files both, so one
 * person counts in the same groups whatever they answered.
 */
export function heldTagIds(member: Pick<MemberItem, 'tagIds' | 'autoTagIds'> | null | undefined): string[] {
  return member ? [...heldTags(member)].sort() : [];
}

/**
 * The groups a sphere's report may be narrowed by as they stand today (decision 0030): each active
 * tag, and whether its active members reach the one-tag threshold; with `withTagId`, whether those
 * holding both reach the two-tag one. The counts stay here: the answer says yes or no.
 */
export function reportGroupsOf(
  tags: readonly TagItem[],
  members: readonly Pick<MemberItem, 'active' | 'tagIds' | 'autoTagIds'>[],
  withTagId?: string,
): ReportGroups {
  const threshold = minParticipants(1);
  const pairThreshold = minParticipants(2);
  const holders = new Map<string, number>();
  const pairHolders = new Map<string, number>();
  const add = (counts: Map<string, number>, tagId: string) => counts.set(tagId, (counts.get(tagId) ?? 0) + 1);
  for (const member of members) {
    // Only an active member answers, so only they can count in a report.
    if (!member.active) continue;
    const held = heldTags(member);
    const holdsWith = withTagId !== undefined && held.has(withTagId);
    for (const tagId of held) {
      add(holders, tagId);
      if (holdsWith) add(pairHolders, tagId);
    }
  }
  return {
    threshold,
    pairThreshold,
    items: tags
      .filter((t) => !t.archived)
      .map((t) => ({
        tagId: t.tagId,
        name: t.name,
        type: t.type,
        color: t.color,
        enough: (holders.get(t.tagId) ?? 0) >= threshold,
        ...(withTagId !== undefined && t.tagId !== withTagId
          ? { pairEnough: (pairHolders.get(t.tagId) ?? 0) >= pairThreshold }
          : {}),
      })),
  };
}

/**
 * GET /v1/spheres/{id}/report-groups: the sphere's tags (one Query) and its members (one Query of
 * its partition), in the reader's language's order. `withTagId` must be an active tag of the
 * sphere (400 `not-valid` on `query.with`).
 */
export async function reportGroups(
  sphereId: string,
  withTagId: string | undefined,
  language: Language,
): Promise<ReportGroups> {
  const [tags, members] = await Promise.all([tagsOf(sphereId), membersOf(sphereId)]);
  if (withTagId !== undefined && !tags.some((t) => t.tagId === withTagId && !t.archived))
    throw new ValidationError([{ key: 'not-valid', field: 'query.with' }]);
  return reportGroupsOf([...tags].sort(byTypeWeightName(language)), members, withTagId);
}

/**
 * POST /v1/spheres/{id}/tags/initialize: the starter tags the sphere does not have yet, as far as
 * its limit allows; asking again adds nothing.
 */
export async function initializeTags(sphereId: string): Promise<{ items: Tag[] }> {
  const [sphere, tags] = await Promise.all([sphereOf(sphereId), tagsOf(sphereId)]);
  const present = new Set(tags.map((t) => t.tagId));
  await ensureTagTally(sphereId);
  const added: Tag[] = [];
  for (const starter of STARTER_TAGS) {
    if (present.has(starter.tagId)) continue;
    const created = await insertTag(
      {
        sphereId,
        tagId: starter.tagId,
        name: starter.name,
        type: starter.type,
        color: starter.color,
        weight: starter.weight,
        modules: ['member', 'campaign-contributor', 'campaign-consumer', 'direct'],
        keywords: [],
      },
      sphere.limits.tags,
      sphere.galaxyId,
    );
    if (created) added.push(toTag(created));
  }
  return { items: added };
}

function toSelection(selectionId: TagSelectionId, item: TagSelectionItem | undefined): TagSelection {
  if (!item) return { selectionId, rules: [] };
  const numeric = TAG_SELECTION_FIELDS[selectionId].kind === 'number';
  return {
    selectionId,
    ...(item.defaultTagId ? { defaultTagId: item.defaultTagId } : {}),
    rules: item.rules.map((r) => ({
      condition: r.condition,
      ...(r.operator ? { operator: r.operator } : {}),
      ...(r.value !== undefined ? { value: numeric ? Number(r.value) : r.value } : {}),
      tagIds: r.tagIds,
    })),
    updateDate: item.updatedAt,
  };
}

/** The rules as the shared evaluator reads them. */
function rulesOf(item: TagSelectionItem): SelectionRules {
  return {
    selectionId: item.selectionId,
    defaultTagId: item.defaultTagId,
    rules: item.rules.map((r) => ({
      condition: r.condition,
      operator: r.operator as TagOperator | undefined,
      value: r.value,
      tagIds: r.tagIds,
    })),
  };
}

/** GET /v1/spheres/{id}/tags-selections: the three fields, each with its rules (empty when none). */
export async function listSelections(sphereId: string): Promise<{ items: TagSelection[] }> {
  const stored = await selectionsOf(sphereId);
  return {
    items: TAG_SELECTION_IDS.map((id) =>
      toSelection(
        id,
        stored.find((s) => s.selectionId === id),
      ),
    ),
  };
}

/**
 * Checks a selection against the sphere's tags: every tag it names exists, is not archived and has
 * the field's type (spec 01 §3: age tags for user_age, …); each rule that tests has an operator
 * that fits the field and a value of its kind.
 */
function checkSelection(body: TagSelectionSave, tags: ReadonlyMap<string, TagItem>): void {
  const field = TAG_SELECTION_FIELDS[body.selectionId];
  const errors: FieldError[] = [];
  const usable = (tagId: string) => {
    const tag = tags.get(tagId);
    return !!tag && !tag.archived && tag.type === field.tagType;
  };
  const { defaultTagId, rules } = body.selection;
  if (defaultTagId && !usable(defaultTagId))
    errors.push({ key: 'not-valid', field: 'body.selection.defaultTagId' });
  rules.forEach((rule, i) => {
    const at = `body.selection.rules.${i}`;
    if (!rule.tagIds.every(usable)) errors.push({ key: 'not-valid', field: `${at}.tagIds` });
    if (rule.condition === 'else' || rule.condition === 'others') return;
    if (!rule.operator) errors.push({ key: 'required', field: `${at}.operator` });
    else if (!operatorFits(body.selectionId, rule.operator as TagOperator))
      errors.push({ key: 'not-valid', field: `${at}.operator` });
    if (rule.value === undefined || rule.value === '') errors.push({ key: 'required', field: `${at}.value` });
    else if (field.kind === 'number' && !Number.isFinite(Number(rule.value)))
      errors.push({ key: 'not-valid', field: `${at}.value` });
  });
  if (errors.length) throw new ValidationError(errors);
}

/**
 * PUT /v1/spheres/{id}/tags-selections: saves one field's rules, marks the tags the automation
 * gives, and applies every rule of the sphere to its members, at once for up to
 * INLINE_RETAG_MAX members, else through the worker.
 */
export async function saveSelection(sphereId: string, body: TagSelectionSave): Promise<TagSelectionSaved> {
  const [tags, members, stored] = await Promise.all([
    tagsOf(sphereId),
    membersOf(sphereId),
    selectionsOf(sphereId),
    sphereOf(sphereId),
  ]);
  const byId = new Map(tags.map((t) => [t.tagId, t]));
  checkSelection(body, byId);
  const saved = await putSelection(sphereId, body.selectionId, {
    defaultTagId: body.selection.defaultTagId,
    rules: body.selection.rules.map((r) => ({
      condition: r.condition,
      ...(r.operator && r.condition !== 'else' && r.condition !== 'others' ? { operator: r.operator } : {}),
      ...(r.value !== undefined && r.condition !== 'else' && r.condition !== 'others'
        ? { value: String(r.value) }
        : {}),
      tagIds: [...new Set(r.tagIds)],
    })),
  });
  // The sphere's selections with this one as saved: no second read.
  const selections = [...stored.filter((s) => s.selectionId !== body.selectionId), saved];
  await markAutoTags(tags, namedTags(selections));
  const selection = toSelection(body.selectionId, saved);
  if (members.length > INLINE_RETAG_MAX) {
    // One message per save: the same save queued twice is applied once.
    await enqueueNotification({
      id: `tag-rules:${sphereId}:${saved.updatedAt}`,
      kind: 'tag-rules',
      sphereId,
    });
    return { selection, applied: { status: 'queued' } };
  }
  const changed = await retag(members, selections, byId);
  return { selection, applied: { status: 'done', changed } };
}

function namedTags(selections: readonly TagSelectionItem[]): Set<string> {
  return new Set(
    selections.flatMap((s) => [
      ...(s.defaultTagId ? [s.defaultTagId] : []),
      ...s.rules.flatMap((r) => r.tagIds),
    ]),
  );
}

/** Recomputes the automatic tags of some members of one sphere; answers how many changed. */
async function retag(
  members: readonly MemberItem[],
  selections: readonly TagSelectionItem[],
  tags: ReadonlyMap<string, TagItem>,
): Promise<number> {
  const rules = selections.map(rulesOf);
  const facts = await taggedFactsOf(members.map((m) => m.userId));
  const usable = (tagId: string) => {
    const tag = tags.get(tagId);
    return !!tag && !tag.archived;
  };
  const day = today();
  let changed = 0;
  for (const member of members) {
    const person = { ...facts.get(member.userId), firstDayOfWork: member.firstDayOfWork };
    if (await setAutoTags(member, automaticTags(rules, person, day, usable))) changed += 1;
  }
  return changed;
}

/**
 * Applies the sphere's rules to all its members (the worker's job, and the inline path); a member
 * whose tags are already right is not written, so applying twice has one effect.
 */
export async function retagSphere(sphereId: string): Promise<number> {
  const [selections, tags, members] = await Promise.all([
    selectionsOf(sphereId),
    tagsOf(sphereId),
    membersOf(sphereId),
  ]);
  const changed = await retag(members, selections, new Map(tags.map((t) => [t.tagId, t])));
  logger.info('Tag rules applied', { sphereId, members: members.length, changed });
  return changed;
}

/** Applies a sphere's rules to one member (added, joined, or whose first day of work changed). */
export async function retagMember(member: MemberItem): Promise<void> {
  const [selections, tags] = await Promise.all([selectionsOf(member.sphereId), tagsOf(member.sphereId)]);
  if (selections.length === 0 && (member.autoTagIds ?? []).length === 0) return;
  await retag([member], selections, new Map(tags.map((t) => [t.tagId, t])));
}

/** Applies the rules of every sphere a person is a member of (their profile changed). */
export async function retagPerson(userId: string): Promise<void> {
  for (const member of await membershipsOf(userId)) await retagMember(member);
}

/**
 * Tags an admin gives a member: existing, not archived, offered to members (module `member`);
 * otherwise 400 `not-valid` on `body.tagIds`. Only the tags added are checked.
 */
export async function checkMemberTags(
  sphereId: string,
  tagIds: readonly string[],
  held: readonly string[] = [],
): Promise<void> {
  // A tag the member already holds stays, even archived since.
  const added = tagIds.filter((id) => !held.includes(id));
  if (added.length === 0) return;
  const tags = new Map((await tagsOf(sphereId)).map((t) => [t.tagId, t]));
  const ok = added.every((id) => {
    const tag = tags.get(id);
    return !!tag && !tag.archived && tag.modules?.includes('member');
  });
  if (!ok) throw new ValidationError([{ key: 'not-valid', field: 'body.tagIds' }]);
}

/**
 * Seeds a sphere's tags (the local stack's demo): the starter set, tags with fixed ids, and tag
 * rules saved as an admin would (so members are tagged). Tags already there are left as they are.
 */
export async function importTags(
  sphereId: string,
  tags: readonly (TagCreate & { tagId: string })[],
  rules: readonly TagSelectionSave[],
): Promise<void> {
  await initializeTags(sphereId);
  for (const tag of tags) await insertTag({ sphereId, ...tag });
  for (const rule of rules) await saveSelection(sphereId, rule);
}

/**
 * Tags given to a session: existing and offered to sessions of its category (400 `not-valid` on
 * `body.specificTagIds`), not archived (409 `tag-archived`, spec 01 §4). Only the tags added are
 * checked: a tag the session holds stays, even archived since.
 */
export async function checkSessionTags(
  sphereId: string,
  category: 'contributor' | 'consumer',
  tagIds: readonly string[],
  held: readonly string[] = [],
): Promise<void> {
  const added = tagIds.filter((id) => !held.includes(id));
  if (added.length === 0) return;
  const tags = new Map((await tagsOf(sphereId)).map((t) => [t.tagId, t]));
  const module = category === 'contributor' ? 'session-contributor' : 'session-consumer';
  if (!added.every((id) => tags.get(id)?.modules?.includes(module)))
    throw new ValidationError([{ key: 'not-valid', field: 'body.specificTagIds' }]);
  if (added.some((id) => tags.get(id)?.archived)) throw new ConflictError('tag-archived');
}

/**
 * Whether every one of `tagIds` is an active tag of the sphere (a report's group): reads those tags
 * alone, whatever the number of the sphere's tags.
 */
export async function areActiveTags(sphereId: string, tagIds: readonly string[]): Promise<boolean> {
  const found = await findTags(sphereId, tagIds);
  const active = new Set(found.filter((t) => !t.archived).map((t) => t.tagId));
  return tagIds.every((id) => active.has(id));
}

/**
 * Which of `tagIds` are active tags of the sphere (a campaign's targets and tag questions): reads
 * those tags alone (one BatchGetItem). Another sphere's tag is absent, as one that exists nowhere.
 */
export async function activeTagIdsAmong(sphereId: string, tagIds: readonly string[]): Promise<Set<string>> {
  if (tagIds.length === 0) return new Set();
  const found = await findTags(sphereId, tagIds);
  return new Set(found.filter((t) => !t.archived).map((t) => t.tagId));
}

/**
 * The tags of some spheres, active ones only, as cards show them (one Query per sphere, in
 * parallel): for the start call's session cards, only the spheres whose sessions carry tags.
 */
export async function activeTagsOf(
  sphereIds: readonly string[],
): Promise<Map<string, { tagId: string; name: Partial<Record<Language, string>>; color: string }[]>> {
  const all = await Promise.all([...new Set(sphereIds)].map(async (id) => [id, await tagsOf(id)] as const));
  return new Map(
    all.map(([id, tags]) => [
      id,
      tags.filter((t) => !t.archived).map((t) => ({ tagId: t.tagId, name: t.name, color: t.color })),
    ]),
  );
}
