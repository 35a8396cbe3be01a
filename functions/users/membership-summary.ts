import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/aws';
import { isConditionFailure } from '../lib/conditions';
import { config } from '../lib/config';
import type { TransactionSymbol } from 'electrodb';
import type { TransactWriteItem } from '../lib/db';
import { usersDb as db } from './store';

/** What the summary keeps of a sphere membership (the ability's facts and the start call's `members`). */
export interface SphereEntry {
  sphereId: string;
  memberId: string;
  roles: string[];
  active: boolean;
  subscription?: string | undefined;
}

/**
 * What the summary keeps of a session membership (the ability's facts), with its group's plan and
 * archiving (what the top bar's myself forms menu asks: `openContributorGroups` of the start call).
 * `plan` is absent on an entry written before it was kept.
 */
export interface SessionEntry {
  sessionId: string;
  memberId: string;
  sphereId: string;
  category: string;
  roles: string[];
  selfGranted?: boolean | undefined;
  plan?: string | undefined;
  archived?: boolean | undefined;
}

/** What the summary keeps of a galaxy membership. */
export interface GalaxyEntry {
  galaxyId: string;
  memberId: string;
  roles: string[];
  active: boolean;
}

export interface MembershipSummary {
  spheres: SphereEntry[];
  sessions: SessionEntry[];
  galaxies: GalaxyEntry[];
}

/**
 * A transaction item as ElectroDB's `commit()` types it, so that it joins another store's
 * transaction (its result is read as nobody's entity).
 */
export type SummaryCommit = { Update: NonNullable<TransactWriteItem['Update']> } & {
  [TransactionSymbol]: unknown;
};

/** One membership's change: its new state, or `removed` (deleted, or no longer the person's). */
export type SummaryChange =
  | { kind: 'sphere'; entry: SphereEntry; removed?: boolean }
  | { kind: 'session'; entry: SessionEntry; removed?: boolean }
  | { kind: 'galaxy'; entry: GalaxyEntry; removed?: boolean };

const placeOf = (change: SummaryChange) =>
  change.kind === 'sphere'
    ? change.entry.sphereId
    : change.kind === 'session'
      ? change.entry.sessionId
      : change.entry.galaxyId;

/** The attribute that holds one membership: `<kind>#<placeId>#<memberId>`. */
const attributeOf = (change: SummaryChange) => `${change.kind}#${placeOf(change)}#${change.entry.memberId}`;

/** The value stored for an entry: the entry without its place and member (they are in the name). */
function valueOf(change: SummaryChange): Record<string, unknown> {
  const { memberId: _memberId, ...rest } = change.entry as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
}

/** Whose summaries are kept: people with an account, not a member waiting for its person. */
export const hasSummary = (userId: string | undefined): userId is string =>
  typeof userId === 'string' && userId !== '' && !userId.startsWith('pending:') && userId !== 'former';

function keyOf(userId: string): Record<string, unknown> {
  return db().entities.membershipSummary.get({ userId }).params<{ Key: Record<string, unknown> }>().Key;
}

/** The item's own attributes, written with each change so that ElectroDB knows it. */
const identity = (userId: string) => ({
  ':uid': userId,
  ':entity': 'membershipSummary',
  ':version': '1',
});

/**
 * The transaction item that records a membership's change in the person's summary, for the
 * membership's own transaction (decision 0055): its attribute set (or removed) and the revision
 * counted. Writes to different memberships touch different attributes, so they never undo each
 * other; two writes of the same membership are already ordered by that membership's own item. An
 * empty list when the membership is no person's (a pending member).
 */
export function membershipSummaryItem(userId: string | undefined, change: SummaryChange): SummaryCommit[] {
  if (!hasSummary(userId)) return [];
  const names = {
    '#e': attributeOf(change),
    '#r': 'revision',
    '#uid': 'userId',
    '#entity': '__edb_e__',
    '#version': '__edb_v__',
  };
  const set = 'SET #uid = :uid, #entity = :entity, #version = :version';
  const item: TransactWriteItem = {
    Update: {
      TableName: config().TABLE_NAME,
      Key: keyOf(userId),
      UpdateExpression: change.removed ? `${set} REMOVE #e ADD #r :one` : `${set}, #e = :e ADD #r :one`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: {
        ...identity(userId),
        ':one': 1,
        ...(change.removed ? {} : { ':e': valueOf(change) }),
      },
    },
  };
  return [item as SummaryCommit];
}

/** The entries an item holds, by their attribute names. */
function entriesOf(item: Record<string, unknown>): MembershipSummary {
  const summary: MembershipSummary = { spheres: [], sessions: [], galaxies: [] };
  for (const [name, value] of Object.entries(item)) {
    const [kind, placeId, memberId, extra] = name.split('#');
    if (extra !== undefined || !placeId || !memberId || typeof value !== 'object' || value === null) continue;
    const v = value as Record<string, unknown>;
    if (kind === 'sphere')
      summary.spheres.push({
        ...(v as Omit<SphereEntry, 'sphereId' | 'memberId'>),
        sphereId: placeId,
        memberId,
      });
    else if (kind === 'session')
      summary.sessions.push({
        ...(v as Omit<SessionEntry, 'sessionId' | 'memberId'>),
        sessionId: placeId,
        memberId,
      });
    else if (kind === 'galaxy')
      summary.galaxies.push({
        ...(v as Omit<GalaxyEntry, 'galaxyId' | 'memberId'>),
        galaxyId: placeId,
        memberId,
      });
  }
  return summary;
}

/**
 * The shape a build writes: 2 since the session entries hold their group's plan and archiving. A
 * summary built in an older shape is built again once, like one never built.
 */
const SHAPE = 2;

/**
 * Records a group's new plan or archiving in the summary of one of its members (an UpdateItem of
 * that membership's entry, `ADD revision 1` so that a build read before it is not kept); nothing
 * when the summary holds no entry for that membership (it is then built, or written by the
 * membership's own transaction, from the group as it is). Run for each member after the group's
 * save, like the realtime hint that follows it.
 */
export async function recordGroupInSummary(
  userId: string | undefined,
  membership: { sessionId: string; memberId: string },
  group: { plan: string; archived: boolean },
): Promise<void> {
  if (!hasSummary(userId)) return;
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: config().TABLE_NAME,
        Key: keyOf(userId),
        UpdateExpression: group.archived
          ? 'SET #e.#p = :plan, #e.#a = :true ADD #r :one'
          : 'SET #e.#p = :plan REMOVE #e.#a ADD #r :one',
        ConditionExpression: 'attribute_exists(#e)',
        ExpressionAttributeNames: {
          '#e': `session#${membership.sessionId}#${membership.memberId}`,
          '#p': 'plan',
          '#a': 'archived',
          '#r': 'revision',
        },
        ExpressionAttributeValues: {
          ':plan': group.plan,
          ':one': 1,
          ...(group.archived ? { ':true': true } : {}),
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * The person's summary: one consistent GetItem. `built` false: it was never built from every
 * membership (a person whose memberships predate it) or was built in an older shape, so it may
 * lack some; `revision` is what a build is conditioned on.
 */
export async function readMembershipSummary(
  userId: string,
): Promise<{ built: boolean; revision: number | undefined; summary: MembershipSummary }> {
  const answer = await documentClient().send(
    new GetCommand({ TableName: config().TABLE_NAME, Key: keyOf(userId), ConsistentRead: true }),
  );
  const Item = answer?.Item;
  return {
    built: typeof Item?.builtAt === 'string' && typeof Item.shape === 'number' && Item.shape >= SHAPE,
    revision: typeof Item?.revision === 'number' ? Item.revision : undefined,
    summary: entriesOf(Item ?? {}),
  };
}

/**
 * Stores a summary built from every membership (one PutItem of the whole item), on the condition
 * that no membership was written since `revision` was read (nor another build): false when one
 * was, the build is then not kept. `summary` holds what the memberships read gave, with the
 * entries the item already held laid over them (`withKnownEntries`).
 */
export async function storeBuiltSummary(
  userId: string,
  revision: number | undefined,
  summary: MembershipSummary,
): Promise<boolean> {
  const changes: SummaryChange[] = [
    ...summary.spheres.map((entry) => ({ kind: 'sphere' as const, entry })),
    ...summary.sessions.map((entry) => ({ kind: 'session' as const, entry })),
    ...summary.galaxies.map((entry) => ({ kind: 'galaxy' as const, entry })),
  ];
  try {
    await documentClient().send(
      new PutCommand({
        TableName: config().TABLE_NAME,
        Item: {
          ...keyOf(userId),
          userId,
          __edb_e__: 'membershipSummary',
          __edb_v__: '1',
          revision: revision ?? 0,
          builtAt: new Date().toISOString(),
          shape: SHAPE,
          ...Object.fromEntries(changes.map((change) => [attributeOf(change), valueOf(change)])),
        },
        // Not built yet, or built in an older shape (then built again once).
        ConditionExpression:
          revision === undefined
            ? 'attribute_not_exists(#r) AND attribute_not_exists(#b)'
            : '#r = :rev AND (attribute_not_exists(#b) OR attribute_not_exists(#s) OR #s < :shape)',
        ExpressionAttributeNames: {
          '#r': 'revision',
          '#b': 'builtAt',
          ...(revision !== undefined ? { '#s': 'shape' } : {}),
        },
        ...(revision !== undefined
          ? { ExpressionAttributeValues: { ':rev': revision, ':shape': SHAPE } }
          : {}),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * A summary built from the memberships read, with the entries the item already held laid over
 * them: those were written by the memberships' own transactions, so they are the newer.
 */
export function withKnownEntries(built: MembershipSummary, known: MembershipSummary): MembershipSummary {
  const merge = <T extends { memberId: string }>(
    read: readonly T[],
    held: readonly T[],
    place: (e: T) => string,
  ) => {
    const byKey = new Map(read.map((e) => [`${place(e)}#${e.memberId}`, e]));
    for (const e of held) byKey.set(`${place(e)}#${e.memberId}`, e);
    return [...byKey.values()];
  };
  return {
    spheres: merge(built.spheres, known.spheres, (e) => e.sphereId),
    sessions: merge(built.sessions, known.sessions, (e) => e.sessionId),
    galaxies: merge(built.galaxies, known.galaxies, (e) => e.galaxyId),
  };
}

/**
 * Forgets that a person's summary is whole (demo data and imports that write memberships without
 * their transactions): the next start call builds it again from every membership.
 */
export async function forgetMembershipSummaries(userIds: readonly string[]): Promise<void> {
  for (const userId of new Set(userIds.filter(hasSummary)))
    await db().entities.membershipSummary.delete({ userId }).go({ response: 'none' });
}
