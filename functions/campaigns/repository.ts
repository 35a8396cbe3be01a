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
import { stateShardOf } from './keys';
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
    await eraseInBatches(
      (keys) => db().entities.campaignCycleState.delete(keys).go(),
      cycles.flatMap((c) =>
        Array.from({ length: c.stateShards ?? 0 }, (_, shard) => ({ cycleId: c.cycleId, shard })),
      ),
    );
    await db().entities.campaign.delete({ campaignId }).go();
    return;
  }
  for (const cycle of cycles) await removeCycle(cycle, galaxyId);
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

/**
 * How many copies of its collecting state a new cycle gets (`campaignCycleState`, decision 0057).
 * Each live answer checks one, so at the 150 answers/s of docs/scale.md a copy takes about 5 checks
 * a second (10 WCU/s of its 1 000) and the transactions that overlap on one are 32 times fewer than
 * on a single item; a change of status writes them all with the cycle, 33 items of the 100 a
 * transaction may hold.
 */
export const CYCLE_STATE_SHARDS = 32;

/** Whether answers may land in a cycle of this status: the one rule the state copies hold. */
const collects = (status: CycleItem['status']) => status === 'inProgress';

/**
 * Runs a transaction again, after a short random wait, while DynamoDB cancels it only because
 * another transaction held one of its items at the same moment (`TransactionConflict`): nothing of
 * it was written and its conditions are checked again on the next attempt. A failed condition
 * (any item `ConditionalCheckFailed`) or the last attempt answers as it is.
 */
export async function retryingConflicts<R extends { canceled: boolean; data: readonly { code: string }[] }>(
  write: () => Promise<R>,
  { attempts, waitMs }: { attempts: number; waitMs: number },
): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const result = await write();
    const conflictOnly =
      result.canceled &&
      result.data.some((item) => item.code === 'TransactionConflict') &&
      !result.data.some((item) => item.code === 'ConditionalCheckFailed');
    if (!conflictOnly || attempt >= attempts) return result;
    await new Promise((resolve) => setTimeout(resolve, waitMs * attempt * (0.5 + Math.random())));
  }
}

/** The puts of every state copy of a cycle, open or closed. */
export function stateCopies<C>(
  entities: {
    campaignCycleState: { put(item: { cycleId: string; shard: number; open: boolean }): { commit(): C } };
  },
  cycleId: string,
  shards: number,
  open: boolean,
): C[] {
  return Array.from({ length: shards }, (_, shard) =>
    entities.campaignCycleState.put({ cycleId, shard, open }).commit(),
  );
}

/**
 * Writes a new cycle with its state copies (decision 0057), all in one transaction: open only if it
 * is created collecting. Refused (409 `conflict`) when a cycle with its id is there.
 */
export async function insertCycle(item: Omit<CycleItem, 'creationDate' | 'updateDate'>): Promise<CycleItem> {
  const shards = CYCLE_STATE_SHARDS;
  const result = await db()
    .transaction.write(({ campaignCycle, campaignCycleState }) => [
      campaignCycle.create({ ...item, stateShards: shards }).commit(),
      ...stateCopies({ campaignCycleState }, item.cycleId, shards, collects(item.status)),
    ])
    .go();
  if (result.canceled) throw new ConflictError();
  const created = await findCycle(item.campaignId, item.cycleId);
  if (!created) throw new Error(`Cycle ${item.cycleId} was written but cannot be read`);
  return created;
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
  before: Pick<CycleItem, 'campaignId' | 'cycleId' | 'status' | 'version'> &
    Partial<Pick<CycleItem, 'stateShards'>>,
  fields: Partial<
    Omit<CycleItem, 'campaignId' | 'cycleId' | 'sphereId' | 'creationDate' | 'updateDate' | 'stateShards'>
  >,
): Promise<CycleItem> {
  const { undefinedKeys, defined } = splitUndefined(fields);
  const next = fields.status;
  // Its state copies move with its status, in the same transaction (decision 0057): when it starts
  // or stops collecting, and the first time the status of a cycle stored before them changes.
  if (
    next !== undefined &&
    next !== before.status &&
    (collects(next) !== collects(before.status) || before.stateShards === undefined)
  )
    return changeCycleAndState(before, defined, undefinedKeys, next);
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
 * `changeCycle` with its state copies: every copy written open or closed after the new status in
 * the cycle's own conditioned update's transaction, so that a copy never says other than the cycle
 * (the conditions on status and version stand for both). A cycle without copies gets them here
 * (`stateShards`). The transaction touches every copy, so an answer checking one at that moment
 * makes it conflict: it is tried again, and the answer, tried again, finds its copy closed.
 */
async function changeCycleAndState(
  before: Pick<CycleItem, 'campaignId' | 'cycleId' | 'status' | 'version'> &
    Partial<Pick<CycleItem, 'stateShards'>>,
  defined: Partial<CycleItem>,
  undefinedKeys: string[],
  next: CycleItem['status'],
): Promise<CycleItem> {
  const shards = before.stateShards ?? CYCLE_STATE_SHARDS;
  const key = { campaignId: before.campaignId, cycleId: before.cycleId };
  const result = await retryingConflicts(
    () =>
      db()
        .transaction.write(({ campaignCycle, campaignCycleState }) => {
          let patch = campaignCycle.patch(key).set({ ...defined, stateShards: shards });
          if (undefinedKeys.length > 0) patch = patch.remove(undefinedKeys as never);
          return [
            patch
              .where((a, { eq }) => `${eq(a.status, before.status)} AND ${eq(a.version, before.version)}`)
              .commit(),
            ...stateCopies({ campaignCycleState }, before.cycleId, shards, collects(next)),
          ];
        })
        .go(),
    { attempts: 8, waitMs: 25 },
  );
  if (result.canceled) throw new ConflictError();
  const changed = await findCycle(before.campaignId, before.cycleId);
  if (!changed) throw new ConflictError();
  return changed;
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
export async function removeCycle(
  cycle: Pick<CycleItem, 'campaignId' | 'cycleId'> & Partial<Pick<CycleItem, 'stateShards'>>,
  galaxyId?: string,
): Promise<void> {
  const { campaignId, cycleId } = cycle;
  await removeCycleItem(campaignId, cycleId, galaxyId);
  // Its state copies after it (closed: a cycle is deleted only while it does not collect).
  await eraseInBatches(
    (keys) => db().entities.campaignCycleState.delete(keys).go(),
    Array.from({ length: cycle.stateShards ?? 0 }, (_, shard) => ({ cycleId, shard })),
  );
}

async function removeCycleItem(campaignId: string, cycleId: string, galaxyId?: string): Promise<void> {
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
 * refusal's reason): both or neither. The participation's revision must be the one read, and a live
 * answer lands only while its cycle collects: once stopped, its answers are rolled up for good
 * (decision 0035) and one written after would never count. That is checked on the participant's
 * copy of the cycle's state (`stateShards`: the cycle's, as read; decision 0057), else, for a cycle
 * stored before its copies, on the cycle item's status. Refused with 409 `conflict`; a transaction
 * cancelled only by another one on the same items at the same moment is tried again.
 */
export async function saveProgress(
  before: ParticipantItem,
  after: Pick<ParticipantItem, 'status' | 'steps'>,
  answer: AnswerItem | null,
  stateShards?: number,
): Promise<ParticipantItem> {
  const next = { ...before, ...after, revision: before.revision + 1 };
  try {
    // ElectroDB answers a cancelled transaction (a condition failed) rather than throwing it.
    const result = await retryingConflicts(
      () =>
        db()
          .transaction.write(({ campaignParticipant, campaignAnswer, campaignCycle, campaignCycleState }) => [
            campaignParticipant
              .patch({ cycleId: before.cycleId, mode: before.mode, userId: before.userId })
              .set({ status: after.status, steps: after.steps, revision: next.revision })
              .where((a, { eq }) => eq(a.revision, before.revision))
              .commit(),
            ...(answer ? [campaignAnswer.put(answer).commit()] : []),
            ...(answer && !answer.isTest
              ? [
                  stateShards
                    ? campaignCycleState
                        .check({ cycleId: answer.cycleId, shard: stateShardOf(before.userId, stateShards) })
                        .where((c, { eq }) => eq(c.open, true))
                        .commit()
                    : campaignCycle
                        .check({ campaignId: answer.campaignId, cycleId: answer.cycleId })
                        .where((c, { eq }) => eq(c.status, 'inProgress'))
                        .commit(),
                ]
              : []),
          ])
          .go(),
      { attempts: 4, waitMs: 10 },
    );
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

/** Every answer of a cycle: one Query of its partition (test-data deletion, rolls). */
export async function answersOf(cycleId: string): Promise<AnswerItem[]> {
  // Strongly consistent: a cycle's roll reads them just after its stop, and an answer accepted
  // a moment before the stop counts.
  const { data } = await db()
    .entities.campaignAnswer.query.byCycle({ cycleId })
    .go({ pages: 'all', consistent: true });
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
