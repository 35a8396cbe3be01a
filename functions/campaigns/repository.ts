import type { EntityItem } from 'electrodb';
import { isConditionFailure } from '../lib/conditions';
import { writeLogoAttribute } from '../lib/logos';
import { eraseInBatches } from '../lib/domain';
import { ConflictError } from '../lib/errors';
import type { AnswerEntity } from './entities/answer';
import type { CampaignEntity } from './entities/campaign';
import type { CycleEntity } from './entities/cycle';
import type { ParticipantEntity } from './entities/participant';
import { campaignsDb as db } from './store';

export type CampaignItem = EntityItem<typeof CampaignEntity>;
export type CycleItem = EntityItem<typeof CycleEntity>;
export type ParticipantItem = EntityItem<typeof ParticipantEntity>;
export type AnswerItem = EntityItem<typeof AnswerEntity>;
export type ParticipantKey = Pick<ParticipantItem, 'cycleId' | 'mode' | 'userId'>;

export async function findCampaign(campaignId: string): Promise<CampaignItem | null> {
  const { data } = await db().entities.campaign.get({ campaignId }).go({ consistent: true });
  return data;
}

/** A sphere's campaigns, newest first: one Query of gsi1. */
export async function campaignsOf(sphereId: string, max: number): Promise<CampaignItem[]> {
  const { data } = await db()
    .entities.campaign.query.bySphere({ sphereId })
    .go({ order: 'desc', limit: max });
  return data;
}

/** A campaign with its cycles: one Query of the campaign's partition. */
export async function readCampaign(
  campaignId: string,
): Promise<{ campaign: CampaignItem; cycles: CycleItem[] } | null> {
  const { data } = await db()
    .collections.campaignWithCycles({ campaignId })
    .go({ pages: 'all', consistent: true });
  const [campaign] = data.campaign;
  if (!campaign) return null;
  return { campaign, cycles: data.campaignCycle };
}

export async function insertCampaign(
  item: Omit<CampaignItem, 'creationDate' | 'updateDate'>,
): Promise<CampaignItem> {
  const { data } = await db().entities.campaign.create(item).go();
  return data;
}

/** Replaces a campaign's fields when its `updateDate` is still the one read (409 `conflict` otherwise). */
export async function changeCampaign(
  campaignId: string,
  updateDate: string,
  fields: Partial<Omit<CampaignItem, 'campaignId' | 'sphereId' | 'creationDate' | 'updateDate'>>,
): Promise<CampaignItem> {
  const { undefinedKeys, defined } = splitUndefined(fields);
  try {
    let patch = db().entities.campaign.patch({ campaignId }).set(defined);
    if (undefinedKeys.length > 0) patch = patch.remove(undefinedKeys as never);
    const { data } = await patch
      .where((a, { eq }) => eq(a.updateDate, updateDate))
      .go({ response: 'all_new' });
    return data as CampaignItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError();
    throw error;
  }
}

/**
 * Sets (or, with undefined, removes) a campaign's own logo if it is still `expected` (undefined:
 * none); false when the campaign is gone or its logo changed meanwhile. An UpdateItem of the one
 * attribute rather than ElectroDB's patch, which would move `updateDate`: the logo has its own
 * routes, and `updateDate` stays the settings form's concurrency token (decisions 0016, 0023).
 */
export async function writeCampaignLogo(
  campaignId: string,
  logo: string | undefined,
  expected: string | undefined,
): Promise<boolean> {
  const { Key } = db().entities.campaign.get({ campaignId }).params<{ Key: Record<string, unknown> }>();
  return writeLogoAttribute(Key, logo, expected);
}

export async function removeCampaign(campaignId: string, cycles: readonly CycleItem[]): Promise<void> {
  await eraseInBatches(
    (keys) => db().entities.campaignCycle.delete(keys).go(),
    cycles.map((c) => ({ campaignId, cycleId: c.cycleId })),
  );
  await db().entities.campaign.delete({ campaignId }).go();
}

export async function insertCycle(item: Omit<CycleItem, 'creationDate' | 'updateDate'>): Promise<CycleItem> {
  const { data } = await db().entities.campaignCycle.create(item).go();
  return data;
}

export async function findCycle(campaignId: string, cycleId: string): Promise<CycleItem | null> {
  const { data } = await db().entities.campaignCycle.get({ campaignId, cycleId }).go({ consistent: true });
  return data;
}

/**
 * Changes a cycle when its status and version are still those read: two commands or a command and a
 * fired schedule never both apply (409 `conflict` for the loser).
 */
export async function changeCycle(
  before: Pick<CycleItem, 'campaignId' | 'cycleId' | 'status' | 'version'>,
  fields: Partial<Omit<CycleItem, 'campaignId' | 'cycleId' | 'sphereId' | 'creationDate' | 'updateDate'>>,
): Promise<CycleItem> {
  const { undefinedKeys, defined } = splitUndefined(fields);
  try {
    let patch = db()
      .entities.campaignCycle.patch({ campaignId: before.campaignId, cycleId: before.cycleId })
      .set(defined);
    if (undefinedKeys.length > 0) patch = patch.remove(undefinedKeys as never);
    const { data } = await patch
      .where((a, { eq }) => `${eq(a.status, before.status)} AND ${eq(a.version, before.version)}`)
      .go({ response: 'all_new' });
    return data as CycleItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError();
    throw error;
  }
}

/**
 * Marks a cycle's answers as rolled up (decision 0035), with its participations' counts of then.
 * Only those attributes are set: the roll does not move the cycle, so no command or schedule
 * conflicts with it.
 */
export async function markCycleRolled(
  cycle: Pick<CycleItem, 'campaignId' | 'cycleId'>,
  participation: NonNullable<CycleItem['participation']>,
): Promise<void> {
  await db()
    .entities.campaignCycle.patch({ campaignId: cycle.campaignId, cycleId: cycle.cycleId })
    .set({ rolledAt: new Date().toISOString(), participation })
    .go({ response: 'none' });
}

export async function removeCycle(campaignId: string, cycleId: string): Promise<void> {
  await db().entities.campaignCycle.delete({ campaignId, cycleId }).go();
}

// Participants and answers

export async function findParticipant(key: ParticipantKey): Promise<ParticipantItem | null> {
  const { data } = await db().entities.campaignParticipant.get(key).go({ consistent: true });
  return data;
}

/** Everyone who opened a cycle (one mode): one Query of the cycle's partition. */
export async function participantsOf(
  cycleId: string,
  mode: ParticipantItem['mode'],
): Promise<ParticipantItem[]> {
  const { data } = await db()
    .entities.campaignParticipant.query.byCycle({ cycleId, mode })
    .go({ pages: 'all' });
  return data;
}

/** How many of a cycle's live participations are in each status: one Query, statuses alone. */
export async function participationCounts(
  cycleId: string,
): Promise<Record<ParticipantItem['status'], number>> {
  const { data } = await db()
    .entities.campaignParticipant.query.byCycle({ cycleId, mode: 'live' })
    .go({ pages: 'all', attributes: ['status'] });
  const counts = { blank: 0, inProgress: 0, done: 0, refused: 0 };
  for (const p of data) counts[p.status]++;
  return counts;
}

/** A new participation; one already there (a second tab) is kept and answered instead. */
export async function insertParticipant(item: Omit<ParticipantItem, 'revision'>): Promise<ParticipantItem> {
  try {
    const { data } = await db()
      .entities.campaignParticipant.create({ ...item, revision: 0 })
      .go();
    return data;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = await findParticipant(item);
    if (!existing) throw error;
    return existing;
  }
}

/**
 * The participation's new state and, in the same transaction, the answer that moved it (or a
 * refusal's reason): both or neither. The participation's revision must be the one read.
 */
export async function saveProgress(
  before: ParticipantItem,
  after: Pick<ParticipantItem, 'status' | 'steps'>,
  answer: AnswerItem | null,
): Promise<ParticipantItem> {
  const next = { ...before, ...after, revision: before.revision + 1 };
  try {
    // ElectroDB answers a cancelled transaction (a condition failed) rather than throwing it.
    const result = await db()
      .transaction.write(({ campaignParticipant, campaignAnswer, campaignCycle }) => [
        campaignParticipant
          .patch({ cycleId: before.cycleId, mode: before.mode, userId: before.userId })
          .set({ status: after.status, steps: after.steps, revision: next.revision })
          .where((a, { eq }) => eq(a.revision, before.revision))
          .commit(),
        ...(answer ? [campaignAnswer.put(answer).commit()] : []),
        // A live answer lands only while its cycle collects: once stopped, its answers are rolled
        // up for good (decision 0035) and one written after would never count.
        ...(answer && !answer.isTest
          ? [
              campaignCycle
                .check({ campaignId: answer.campaignId, cycleId: answer.cycleId })
                .where((c, { eq }) => eq(c.status, 'inProgress'))
                .commit(),
            ]
          : []),
      ])
      .go();
    if (result.canceled) throw new ConflictError();
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError();
    throw error;
  }
  return next;
}

export async function findAnswer(cycleId: string, answerKey: string): Promise<AnswerItem | null> {
  const { data } = await db().entities.campaignAnswer.get({ cycleId, answerKey }).go({ consistent: true });
  return data;
}

/** Every answer of a cycle: one Query of its partition (test-data deletion, reports). */
export async function answersOf(cycleId: string): Promise<AnswerItem[]> {
  const { data } = await db().entities.campaignAnswer.query.byCycle({ cycleId }).go({ pages: 'all' });
  return data;
}

/** Deletes what a test left: its participations and its answers (spec 02 §4: reset test mode). */
export async function eraseTestData(cycleId: string): Promise<number> {
  const [testers, answers] = await Promise.all([participantsOf(cycleId, 'test'), answersOf(cycleId)]);
  const testAnswers = answers.filter((a) => a.isTest);
  await Promise.all([
    eraseInBatches(
      (keys) => db().entities.campaignParticipant.delete(keys).go(),
      testers.map((p) => ({ cycleId: p.cycleId, mode: p.mode, userId: p.userId })),
    ),
    eraseInBatches(
      (keys) => db().entities.campaignAnswer.delete(keys).go(),
      testAnswers.map((a) => ({ cycleId: a.cycleId, answerKey: a.answerKey })),
    ),
  ]);
  return testers.length + testAnswers.length;
}

/** A person's participations, every campaign: one Query of gsi1 ("my data"). */
export async function participationsOfPerson(userId: string): Promise<ParticipantItem[]> {
  const { data } = await db().entities.campaignParticipant.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

export async function eraseParticipations(items: readonly ParticipantItem[]): Promise<void> {
  await eraseInBatches(
    (keys) => db().entities.campaignParticipant.delete(keys).go(),
    items.map((p) => ({ cycleId: p.cycleId, mode: p.mode, userId: p.userId })),
  );
}

export async function eraseAnswers(
  items: readonly Pick<AnswerItem, 'cycleId' | 'answerKey'>[],
): Promise<void> {
  await eraseInBatches(
    (keys) => db().entities.campaignAnswer.delete(keys).go(),
    items.map((a) => ({ cycleId: a.cycleId, answerKey: a.answerKey })),
  );
}

/** Fields set to undefined are removed from the item rather than written. */
function splitUndefined<T extends Record<string, unknown>>(fields: T) {
  const defined: Record<string, unknown> = {};
  const undefinedKeys: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) undefinedKeys.push(key);
    else defined[key] = value;
  }
  return { defined: defined as Partial<T>, undefinedKeys };
}
