import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from 'electrodb';
import { campaignQuotaKinds, type QuotaKind } from '@shared/domain/galaxies';
import { isConditionFailure } from '../lib/conditions';
import { countMatching } from '../lib/db';
import { writeLogoAttribute } from '../lib/logos';
import { eraseInBatches } from '../lib/domain';
import { ConflictError } from '../lib/errors';
import { createWithGalaxyQuotas, galaxyGiveBack, galaxyScope } from '../lib/quotas';
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

/**
 * The galaxy quota a participation takes (decision 0045): one per participation item created, that
 * is one per person and cycle (a campaign of three cycles answered by one person takes three), never
 * per answer. Only live participations count: an admin's test ones are erased when the test is reset
 * and are no use of the product.
 */
export const PARTICIPATIONS = 'engagement-up-participations' satisfies QuotaKind;

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

/**
 * Writes a new campaign. In a sphere of a galaxy its quotas of the campaign's template model and of
 * campaigns (`campaignQuotaKinds`) are taken last in the same transaction (decision 0045): at the
 * block it is refused with 409 `quota-blocked` and nothing is written.
 */
export async function insertCampaign(
  item: Omit<CampaignItem, 'creationDate' | 'updateDate'>,
  galaxyId?: string,
): Promise<CampaignItem> {
  if (!galaxyId) {
    const { data } = await db().entities.campaign.create(item).go();
    return data;
  }
  const result = await createWithGalaxyQuotas(
    { galaxyId, kinds: campaignQuotaKinds(item.templateModel) },
    (takes) =>
      db()
        .transaction.write(({ campaign, quotaTally }) => [
          campaign.create(item).commit(),
          ...takes(quotaTally),
        ])
        .go(),
  );
  // Its own create refused: a campaign with its id exists (a new id is drawn for each one).
  if (result.canceled) throw new ConflictError();
  const created = await findCampaign(item.campaignId);
  if (!created) throw new Error(`Campaign ${item.campaignId} was written but cannot be read`);
  return created;
}

/**
 * Replaces a campaign's fields when its `updateDate` is still the one read (409 `conflict` otherwise).
 * A change of template model in a sphere of a galaxy (`galaxy`: the galaxy and the model read) gives
 * the old model's diagnostic quota back and takes the new one's, in the save's own transaction: at
 * the new model's block nothing is saved (409 `quota-blocked`). `updateDate` guarantees that the
 * model given back is the one stored.
 */
export async function changeCampaign(
  campaignId: string,
  updateDate: string,
  fields: Partial<Omit<CampaignItem, 'campaignId' | 'sphereId' | 'creationDate' | 'updateDate'>>,
  galaxy?: { galaxyId: string; templateModel: CampaignItem['templateModel'] },
): Promise<CampaignItem> {
  const { undefinedKeys, defined } = splitUndefined(fields);
  const model = fields.templateModel;
  if (galaxy && model !== undefined && model !== galaxy.templateModel) {
    const result = await createWithGalaxyQuotas(
      { galaxyId: galaxy.galaxyId, kinds: [diagnosticKind(model)] },
      (takes) =>
        db()
          .transaction.write(({ campaign, quotaTally }) => {
            let patch = campaign.patch({ campaignId }).set(defined);
            if (undefinedKeys.length > 0) patch = patch.remove(undefinedKeys as never);
            return [
              patch.where((a, { eq }) => eq(a.updateDate, updateDate)).commit(),
              ...galaxyGiveBack(quotaTally, galaxy.galaxyId, [diagnosticKind(galaxy.templateModel)]),
              ...takes(quotaTally),
            ];
          })
          .go(),
    );
    if (result.canceled) throw new ConflictError();
    const saved = await findCampaign(campaignId);
    if (!saved) throw new ConflictError();
    return saved;
  }
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

/** The diagnostic quota of a template model (the first of `campaignQuotaKinds`). */
function diagnosticKind(model: CampaignItem['templateModel']): QuotaKind {
  return `diagnostic-${model}`;
}

/**
 * Deletes a campaign and its cycles. In a sphere of a galaxy each cycle gives back its live
 * participations with its deletion (`removeCycle`), and the campaign its template model's and its
 * campaign quota in its own: its deletion is conditioned on the model read, so what is given back
 * is what its creation (or its last change of model) took, and a second deletion racing it gives
 * nothing back twice.
 */
export async function removeCampaign(
  campaign: Pick<CampaignItem, 'campaignId' | 'templateModel'>,
  cycles: readonly CycleItem[],
  galaxyId?: string,
): Promise<void> {
  const { campaignId } = campaign;
  if (!galaxyId) {
    await eraseInBatches(
      (keys) => db().entities.campaignCycle.delete(keys).go(),
      cycles.map((c) => ({ campaignId, cycleId: c.cycleId })),
    );
    await db().entities.campaign.delete({ campaignId }).go();
    return;
  }
  for (const cycle of cycles) await removeCycle(campaignId, cycle.cycleId, galaxyId);
  let model = campaign.templateModel;
  for (let attempt = 0; attempt < 3; attempt++) {
    const read = model;
    const result = await db()
      .transaction.write(({ campaign: campaigns, quotaTally }) => [
        campaigns
          .delete({ campaignId })
          .where((a, { eq }) => eq(a.templateModel, read))
          .commit(),
        ...galaxyGiveBack(quotaTally, galaxyId, campaignQuotaKinds(read)),
      ])
      .go();
    if (!result.canceled) return;
    // Gone (another deletion gave it back), or its model changed since it was read: read again.
    const now = await findCampaign(campaignId);
    if (!now) return;
    model = now.templateModel;
  }
  throw new ConflictError();
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

/**
 * Deletes a cycle. In a sphere of a galaxy its live participations (a cancelled cycle may have
 * some) are given back in its deletion's transaction: they are no longer counted (the galaxy usage
 * counts the participations of existing cycles, `campaignGalaxyUsage`). A cycle is deleted only
 * while draft or cancelled, when nobody can start a participation in it.
 */
export async function removeCycle(campaignId: string, cycleId: string, galaxyId?: string): Promise<void> {
  const live = galaxyId ? await liveParticipationCount(cycleId) : 0;
  if (!galaxyId || live === 0) {
    await db().entities.campaignCycle.delete({ campaignId, cycleId }).go();
    return;
  }
  // Canceled: another deletion removed it first, and gave its participations back.
  await db()
    .transaction.write(({ campaignCycle, quotaTally }) => [
      campaignCycle
        .delete({ campaignId, cycleId })
        .where((a, { exists }) => exists(a.cycleId))
        .commit(),
      quotaTally
        .update({ scope: galaxyScope(galaxyId), kind: PARTICIPATIONS })
        .add({ used: -live })
        .commit(),
    ])
    .go();
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

/** How many live participations a cycle holds: one Query of its partition, counted (`Select: COUNT`). */
export async function liveParticipationCount(cycleId: string): Promise<number> {
  return countMatching(
    db().entities.campaignParticipant.query.byCycle({ cycleId, mode: 'live' }).params() as QueryCommandInput,
  );
}

/**
 * A new participation; one already there (a second tab) is kept and answered instead. A live one in
 * a sphere of a galaxy takes the galaxy's participations quota in its own transaction (decision
 * 0045): racing creates never pass the value (the tally's conditional ADD), at the block nothing is
 * written (409 `quota-blocked`), and a participation created twice takes once, since the create's
 * own condition (the item is not there yet) cancels the second transaction with its take.
 */
export async function insertParticipant(
  item: Omit<ParticipantItem, 'revision'>,
  galaxyId?: string,
): Promise<ParticipantItem> {
  if (galaxyId && item.mode === 'live') {
    const created: ParticipantItem = { ...item, revision: 0 };
    const result = await createWithGalaxyQuotas({ galaxyId, kinds: [PARTICIPATIONS] }, (takes) =>
      db()
        .transaction.write(({ campaignParticipant, quotaTally }) => [
          campaignParticipant.create(created).commit(),
          ...takes(quotaTally),
        ])
        .go(),
    );
    if (!result.canceled) return created;
    const existing = await findParticipant(item);
    if (!existing) throw new ConflictError();
    return existing;
  }
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

/**
 * Erases participations (a person leaving). A live one of a sphere in a galaxy (`galaxies`: the
 * galaxy of each such sphere) gives its quota back in its deletion's transaction, while its cycle
 * exists (a deleted cycle gave its participations back with it); the others go in batches.
 */
export async function eraseParticipations(
  items: readonly ParticipantItem[],
  galaxies: ReadonlyMap<string, string> = new Map(),
): Promise<void> {
  const counted = items.filter((p) => p.mode === 'live' && galaxies.has(p.sphereId));
  const rest = items.filter((p) => !counted.includes(p));
  for (const p of counted) await eraseCounted(p, galaxies.get(p.sphereId) as string);
  await eraseInBatches(
    (keys) => db().entities.campaignParticipant.delete(keys).go(),
    rest.map((p) => ({ cycleId: p.cycleId, mode: p.mode, userId: p.userId })),
  );
}

async function eraseCounted(p: ParticipantItem, galaxyId: string): Promise<void> {
  const key = { cycleId: p.cycleId, mode: p.mode, userId: p.userId };
  const result = await db()
    .transaction.write(({ campaignParticipant, campaignCycle, quotaTally }) => [
      campaignParticipant
        .delete(key)
        .where((a, { exists }) => exists(a.userId))
        .commit(),
      campaignCycle
        .check({ campaignId: p.campaignId, cycleId: p.cycleId })
        .where((c, { exists }) => exists(c.cycleId))
        .commit(),
      ...galaxyGiveBack(quotaTally, galaxyId, [PARTICIPATIONS]),
    ])
    .go();
  // Already gone: erased by another request, which gave it back. Its cycle gone: erased alone.
  if (result.canceled && !result.data[0]?.rejected && result.data[1]?.rejected)
    await db().entities.campaignParticipant.delete(key).go();
}

export async function eraseAnswers(
  items: readonly Pick<AnswerItem, 'cycleId' | 'answerKey'>[],
): Promise<void> {
  await eraseInBatches(
    (keys) => db().entities.campaignAnswer.delete(keys).go(),
    items.map((a) => ({ cycleId: a.cycleId, answerKey: a.answerKey })),
  );
}

/**
 * What a sphere's campaigns hold of the galaxy quotas (decision 0045: a sphere's usage moves with it
 * to another galaxy): each campaign counted once for its template model's diagnostic kind and once
 * for campaigns, closed and cancelled ones included (closing or cancelling a campaign gives nothing
 * back: only its deletion does), and the live participations of its cycles. Queries only: the
 * sphere's campaigns (gsi1), then each campaign's cycles and each cycle's live participations
 * (counted, `Select: COUNT`). Kinds with none are left out.
 */
export async function campaignGalaxyUsage(sphereId: string): Promise<Partial<Record<QuotaKind, number>>> {
  const { data: campaigns } = await db()
    .entities.campaign.query.bySphere({ sphereId })
    .go({ pages: 'all', attributes: ['campaignId', 'templateModel'] });
  const usage: Partial<Record<QuotaKind, number>> = {};
  const add = (kind: QuotaKind, count: number) => {
    if (count > 0) usage[kind] = (usage[kind] ?? 0) + count;
  };
  for (const campaign of campaigns)
    for (const kind of campaignQuotaKinds(campaign.templateModel)) add(kind, 1);
  const participations = await Promise.all(
    campaigns.map(async ({ campaignId }) => {
      const { data: cycles } = await db()
        .entities.campaignCycle.query.byCampaign({ campaignId })
        .go({ pages: 'all', attributes: ['cycleId'] });
      const counts = await Promise.all(cycles.map((c) => liveParticipationCount(c.cycleId)));
      return counts.reduce((sum, n) => sum + n, 0);
    }),
  );
  add(
    PARTICIPATIONS,
    participations.reduce((sum, n) => sum + n, 0),
  );
  return usage;
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
