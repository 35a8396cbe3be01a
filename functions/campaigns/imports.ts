import { isConditionFailure } from '../lib/conditions';
import {
  CYCLE_STATE_SHARDS,
  findCycle,
  stateCopies,
  type AnswerItem,
  type CampaignItem,
  type CycleItem,
  type ParticipantItem,
} from './repository';
import { campaignsDb as db } from './store';

/**
 * Campaigns made elsewhere (the local stack's demo data), written as a real run leaves them: each
 * item under its own key, created only when it is not there yet, so writing them again changes
 * nothing (a participation that moved on since is kept as it is).
 */

type Imported<T> = Omit<T, 'creationDate' | 'updateDate'> & { creationDate?: string };

/** Writes a campaign under its id; false when one is there already (left as it is). */
export async function importCampaign(item: Imported<CampaignItem>): Promise<boolean> {
  return created(() => db().entities.campaign.create(item).go());
}

/**
 * Writes a cycle under its id unless it is there, with its state copies (decision 0057), and
 * answers the cycle as stored. A cycle imported before the copies existed is left as it is: its
 * answers check the cycle item until its next change of status writes them.
 */
export async function importCycle(item: Imported<CycleItem>): Promise<CycleItem> {
  const shards = CYCLE_STATE_SHARDS;
  await db()
    .transaction.write(({ campaignCycle, campaignCycleState }) => [
      campaignCycle.create({ ...item, stateShards: shards }).commit(),
      ...stateCopies({ campaignCycleState }, item.cycleId, shards, item.status === 'inProgress'),
    ])
    .go();
  const stored = await findCycle(item.campaignId, item.cycleId);
  if (!stored) throw new Error(`The cycle ${item.cycleId} was not written`);
  return stored;
}

/**
 * Writes participations and answers of a cycle, each unless it is there: the participations by
 * person, the answers by key. Answers the number of items written.
 */
export async function importParticipations(
  participants: readonly ParticipantItem[],
  answers: readonly AnswerItem[],
): Promise<number> {
  const writes = [
    ...answers.map((a) => () => created(() => db().entities.campaignAnswer.create(a).go())),
    ...participants.map((p) => () => created(() => db().entities.campaignParticipant.create(p).go())),
  ];
  let written = 0;
  for (let i = 0; i < writes.length; i += 10) {
    const done = await Promise.all(writes.slice(i, i + 10).map((write) => write()));
    written += done.filter(Boolean).length;
  }
  return written;
}

async function created(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
