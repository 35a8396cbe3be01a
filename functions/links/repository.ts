import { randomBytes } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { eraseInBatches } from '../lib/domain';
import { isConditionFailure } from '../lib/conditions';
import { NotFoundError } from '../lib/errors';
import type { ShortUrlEntity } from './entities/short-url';
import { linksDb as db } from './store';

export type LinkItem = EntityItem<typeof ShortUrlEntity>;
export type NewLink = Omit<LinkItem, 'linkId' | 'createdAt' | 'updatedAt'>;
export type LinkChanges = Omit<
  LinkItem,
  | 'linkId'
  | 'category'
  | 'place'
  | 'placeId'
  | 'sphereId'
  | 'sessionId'
  | 'campaignId'
  | 'logo'
  | 'createdAt'
  | 'updatedAt'
>;

/** The list a link belongs to: a session's, or its sphere's (the sphere's own and its campaigns'). */
export interface LinkPlace {
  place: LinkItem['place'];
  placeId: string;
}

/** A link's id: short (it is typed by hand on the scan page), unguessable (64 random bits). */
const newLinkId = () => randomBytes(8).toString('base64url');

export async function findLink(linkId: string): Promise<LinkItem | null> {
  const { data } = await db().entities.shortUrl.get({ linkId }).go();
  return data;
}

export async function insertLink(fields: NewLink): Promise<LinkItem> {
  const { data } = await db()
    .entities.shortUrl.create({ ...fields, linkId: newLinkId() })
    .go();
  return data;
}

/** Every link of a place, newest first: one Query of index gsi1. */
export async function linksOf(place: LinkPlace): Promise<LinkItem[]> {
  const { data } = await db().entities.shortUrl.query.byPlace(place).go({ pages: 'all', order: 'desc' });
  return data;
}

/** Changes a link that still exists (a link deleted meanwhile is not found). */
export async function changeLink(linkId: string, changes: LinkChanges): Promise<LinkItem> {
  const { redirectUrl, messageForUser, endMessageForUser, ...set } = changes;
  const removed = (
    [
      ['redirectUrl', redirectUrl],
      ['messageForUser', messageForUser],
      ['endMessageForUser', endMessageForUser],
    ] as const
  )
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  try {
    const patch = db()
      .entities.shortUrl.patch({ linkId })
      .set({
        ...set,
        ...(redirectUrl !== undefined ? { redirectUrl } : {}),
        ...(messageForUser !== undefined ? { messageForUser } : {}),
        ...(endMessageForUser !== undefined ? { endMessageForUser } : {}),
      });
    const { data } = await (removed.length > 0 ? patch.remove(removed) : patch).go({ response: 'all_new' });
    return data as LinkItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError({ cause: error });
    throw error;
  }
}

/**
 * Sets (or, with undefined, removes) a link's logo if it is still `expected` (undefined: none);
 * false when the link is gone or its logo changed meanwhile. Only the logo (and `updatedAt`) is
 * written: the link's other fields stay as the last save left them.
 */
export async function writeLinkLogo(
  linkId: string,
  logo: string | undefined,
  expected: string | undefined,
): Promise<boolean> {
  const item = db().entities.shortUrl.patch({ linkId });
  const changed = logo === undefined ? item.remove(['logo']) : item.set({ logo });
  try {
    await changed
      .where(({ logo: current }, { eq, notExists }) =>
        expected === undefined ? notExists(current) : eq(current, expected),
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function removeLink(linkId: string): Promise<void> {
  try {
    await db()
      .entities.shortUrl.delete({ linkId })
      .where(({ linkId: id }, { exists }) => exists(id))
      .go();
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError({ cause: error });
    throw error;
  }
}

/** Deletes every link of a place (a deleted session's): one Query, then batched deletes. */
export async function eraseLinksOf(place: LinkPlace): Promise<void> {
  const items = await linksOf(place);
  await eraseInBatches(
    (keys) => db().entities.shortUrl.delete(keys).go(),
    items.map((l) => ({ linkId: l.linkId })),
  );
}

/** Writes links made elsewhere (demo data), each under its own id; an id taken already stays. */
export async function importLink(fields: NewLink & { linkId: string }): Promise<boolean> {
  try {
    await db().entities.shortUrl.create(fields).go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
