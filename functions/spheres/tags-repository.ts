import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import type { TagSelectionId } from '@shared/domain/tags';
import { isConditionFailure } from '../lib/conditions';
import { getMany } from '../lib/db';
import { ConflictError } from '../lib/errors';
import type { TagEntity } from './entities/tag';
import type { TagSelectionEntity } from './entities/tag-selection';
import type { MemberItem } from './repository';
import { spheresDb as db } from './store';
import { createWithGalaxyQuotas, galaxyGiveBack, sphereScope, withinLimit } from '../lib/quotas';

/** The quota kind of a sphere's tags (archived ones not counted). */
export const TAGS = 'tags';
/** No limit: demo and imported tags are counted, never refused. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

export type TagItem = EntityItem<typeof TagEntity>;
export type TagSelectionItem = EntityItem<typeof TagSelectionEntity>;
export type TagFields = Pick<TagItem, 'name' | 'type' | 'color' | 'weight' | 'modules' | 'keywords'>;

/** A sphere's tags, by id: one Query on the sphere's partition. */
export async function tagsOf(sphereId: string): Promise<TagItem[]> {
  const { data } = await db().entities.tag.query.sphere({ sphereId }).go({ pages: 'all' });
  return data;
}

export async function findTag(sphereId: string, tagId: string): Promise<TagItem | null> {
  const { data } = await db().entities.tag.get({ sphereId, tagId }).go({ consistent: true });
  return data;
}

/** Some tags of a sphere by id (one BatchGetItem): those that exist, in no particular order. */
export async function findTags(sphereId: string, tagIds: readonly string[]): Promise<TagItem[]> {
  return getMany(
    db().entities.tag,
    tagIds.map((tagId) => ({ sphereId, tagId })),
  );
}

/** Six readable characters (no 0/O or 1/I): the code a person reads out (spec 01 §3 shortId). */
export function newShortId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Writes a new tag unless one with its id exists (false then): the starter set keeps fixed ids, so
 * initialising twice adds each starter tag once.
 */
export async function insertTag(
  tag: TagFields & { sphereId: string; tagId?: string },
  limit = NO_LIMIT,
  galaxyId?: string,
): Promise<TagItem | null> {
  const { tagId, ...fields } = tag;
  const item = { ...fields, tagId: tagId ?? randomUUID(), shortId: newShortId() };
  // The sphere's tag tally takes one in the same transaction: at the limit nothing is written. The
  // galaxy's `tags` quota (when the sphere is in one) is taken last, in the same transaction.
  const result = await createWithGalaxyQuotas(galaxyId ? { galaxyId, kinds: [TAGS] } : undefined, (takes) =>
    db()
      .transaction.write(({ tag: tags, quotaTally }) => [
        tags.create(item).commit(),
        quotaTally
          .update({ scope: sphereScope(tag.sphereId), kind: TAGS })
          .add({ used: 1 })
          .where(({ used }, op) => withinLimit(used, limit, op))
          .commit(),
        ...takes(quotaTally),
      ])
      .go(),
  );
  if (!result.canceled) return (await findTag(tag.sphereId, item.tagId)) ?? null;
  if (result.data[1]?.rejected) throw new ConflictError('sphere-max-tags-reached');
  return null;
}

/** Rewrites a tag's fields if nobody saved it since it was read (409 `conflict`). */
export async function replaceTag(
  before: TagItem,
  change: TagFields & { archived: boolean },
  galaxyId?: string,
): Promise<TagItem> {
  const restores = before.archived && !change.archived;
  const archives = !before.archived && change.archived;
  if (galaxyId && (restores || archives)) {
    // In a galaxy, a restore takes the galaxy's `tags` quota and an archive gives it back, in the
    // save's own transaction (the sphere's tally is kept by `savedWithCount`, as before).
    const key = { sphereId: before.sphereId, tagId: before.tagId };
    const result = await createWithGalaxyQuotas(restores ? { galaxyId, kinds: [TAGS] } : undefined, (takes) =>
      db()
        .transaction.write(({ tag: tags, quotaTally }) => [
          tags
            .patch(key)
            .set(change)
            .where(({ updatedAt }, { eq }) => eq(updatedAt, before.updatedAt))
            .commit(),
          ...takes(quotaTally),
          ...(archives ? galaxyGiveBack(quotaTally, galaxyId, [TAGS]) : []),
        ])
        .go(),
    );
    if (result.canceled) throw new ConflictError('conflict');
    const saved = await findTag(before.sphereId, before.tagId);
    if (!saved) throw new ConflictError('conflict');
    return saved;
  }
  try {
    const { data } = await db()
      .entities.tag.patch({ sphereId: before.sphereId, tagId: before.tagId })
      .set(change)
      .where(({ updatedAt }, { eq }) => eq(updatedAt, before.updatedAt))
      .go({ response: 'all_new' });
    return data as TagItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('conflict', { cause: error });
    throw error;
  }
}

/** A sphere's tag selections (at most one per field): one Query on the sphere's partition. */
export async function selectionsOf(sphereId: string): Promise<TagSelectionItem[]> {
  const { data } = await db().entities.tagSelection.query.sphere({ sphereId }).go({ pages: 'all' });
  return data;
}

/** Adds or replaces the selection of one field (last write wins: the form sends it whole). */
export async function putSelection(
  sphereId: string,
  selectionId: TagSelectionId,
  selection: Pick<TagSelectionItem, 'defaultTagId' | 'rules'>,
): Promise<TagSelectionItem> {
  const { data } = await db()
    .entities.tagSelection.put({
      sphereId,
      selectionId,
      rules: selection.rules,
      ...(selection.defaultTagId ? { defaultTagId: selection.defaultTagId } : {}),
    })
    .go();
  return data as TagSelectionItem;
}

/**
 * Writes a member's automatic tags when they differ from what is stored (false when nothing
 * changed): applying the rules twice writes once, and a member removed meanwhile is not recreated.
 */
export async function setAutoTags(member: MemberItem, autoTagIds: readonly string[]): Promise<boolean> {
  const stored = [...(member.autoTagIds ?? [])].sort();
  if (stored.length === autoTagIds.length && stored.every((t, i) => t === autoTagIds[i])) return false;
  try {
    await db()
      .entities.member.patch({ sphereId: member.sphereId, memberId: member.memberId })
      .set({ autoTagIds: [...autoTagIds] })
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Marks the tags the automation gives, and unmarks the others (only those that change). */
export async function markAutoTags(tags: readonly TagItem[], auto: ReadonlySet<string>): Promise<void> {
  for (const tag of tags) {
    if (tag.autoTag === auto.has(tag.tagId)) continue;
    await db()
      .entities.tag.patch({ sphereId: tag.sphereId, tagId: tag.tagId })
      .set({ autoTag: auto.has(tag.tagId) })
      .go({ response: 'none' });
  }
}

/** Sets the tags an admin gave a member. */
export async function setMemberTags(member: MemberItem, tagIds: readonly string[]): Promise<void> {
  await db()
    .entities.member.patch({ sphereId: member.sphereId, memberId: member.memberId })
    .set({ tagIds: [...tagIds] })
    .go({ response: 'none' });
}
