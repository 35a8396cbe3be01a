import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateShardOf } from '../../functions/campaigns/keys';
import {
  CYCLE_STATE_SHARDS,
  answersOf,
  changeCycle,
  findCycle,
  insertCycle,
  insertParticipant,
  removeCycle,
  saveProgress,
  type AnswerItem,
  type CycleItem,
  type ParticipantItem,
} from '../../functions/campaigns/repository';
import { campaignsDb } from '../../functions/campaigns/store';
import { ConflictError } from '../../functions/lib/errors';
import { startTestStack, type TestStack } from './harness';

/**
 * A cycle's collecting state in copies (decision 0057): a live answer checks its participant's copy
 * rather than the cycle item, the copies move with the cycle's status in its own transaction, a
 * cycle stored before them keeps working, and an answer racing the stop is either kept (and read by
 * the roll that follows) or refused with 409 `conflict`, never written after.
 */
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.stop();
});

const STEPS = ['mood', 'theme'];

async function newCycle(status: CycleItem['status']): Promise<CycleItem> {
  return insertCycle({
    campaignId: `campaign-${randomUUID()}`,
    cycleId: randomUUID(),
    sphereId: 'sphere-state',
    internalLabel: 'Pulse',
    message: {},
    measureIds: [],
    notifications: [],
    allowRefuse: true,
    isTest: false,
    status,
    testMode: false,
    testRunning: false,
    version: 0,
    scheduleNames: [],
    log: [],
    ...(status === 'inProgress' ? { answerSalt: 'salt', start: new Date().toISOString() } : {}),
  });
}

/** A cycle as one stored before the state copies: no `stateShards`, no copy. */
async function legacyCycle(status: CycleItem['status']): Promise<CycleItem> {
  const campaignId = `campaign-${randomUUID()}`;
  const cycleId = randomUUID();
  await campaignsDb()
    .entities.campaignCycle.create({
      campaignId,
      cycleId,
      sphereId: 'sphere-state',
      internalLabel: 'Old pulse',
      message: {},
      notifications: [],
      status,
      answerSalt: 'salt',
    })
    .go();
  return (await findCycle(campaignId, cycleId)) as CycleItem;
}

async function copies(cycle: Pick<CycleItem, 'cycleId'>, shards = CYCLE_STATE_SHARDS) {
  const { data } = await campaignsDb()
    .entities.campaignCycleState.get(
      Array.from({ length: shards }, (_, shard) => ({ cycleId: cycle.cycleId, shard })),
    )
    .go({ consistent: true });
  return data.sort((a, b) => a.shard - b.shard);
}

async function participant(cycle: CycleItem, userId = `person-${randomUUID()}`): Promise<ParticipantItem> {
  return insertParticipant({
    cycleId: cycle.cycleId,
    mode: 'live',
    userId,
    campaignId: cycle.campaignId,
    sphereId: cycle.sphereId,
    status: 'inProgress',
    steps: STEPS.map((stepId) => ({ stepId, status: 'todo' as const })),
    expirationDate: new Date(Date.now() + 86_400_000).toISOString(),
  });
}

/** Saves the first step of a participation with its answer, checked as the product checks it. */
function answerOf(cycle: CycleItem, p: ParticipantItem, stepShards = cycle.stateShards) {
  const answer: AnswerItem = {
    cycleId: cycle.cycleId,
    answerKey: `${p.userId}-mood`,
    campaignId: cycle.campaignId,
    sphereId: cycle.sphereId,
    measureId: 'mood',
    stepId: 'mood',
    type: 'feeling',
    value: { type: 'feeling', mood: 'good', intensityStep: 3, energyStep: 4 },
    tagIds: [],
    day: new Date().toISOString().slice(0, 10),
    isTest: false,
  };
  return saveProgress(
    p,
    { status: 'inProgress', steps: p.steps.map((s) => (s.stepId === 'mood' ? { ...s, status: 'done' } : s)) },
    answer,
    stepShards,
  );
}

const stop = (cycle: CycleItem) =>
  changeCycle(cycle, { status: 'processing', version: cycle.version + 1, answerSalt: undefined });

describe('the state copies of a cycle', () => {
  it('are written closed with a draft cycle, opened at its start and closed at its stop, in the cycle’s transaction', async () => {
    const draft = await newCycle('draft');
    expect(draft.stateShards).toBe(CYCLE_STATE_SHARDS);
    expect((await copies(draft)).map((c) => c.open)).toEqual(Array(CYCLE_STATE_SHARDS).fill(false));
    // A change that does not move the status leaves them as they are.
    const renamed = await changeCycle(draft, { internalLabel: 'Renamed' });
    expect(renamed.internalLabel).toBe('Renamed');
    const started = await changeCycle(renamed, { status: 'inProgress', version: 1, answerSalt: 'salt' });
    expect(started.status).toBe('inProgress');
    expect((await copies(draft)).every((c) => c.open)).toBe(true);
    const stopped = await stop(started);
    expect(stopped.status).toBe('processing');
    expect(stopped.answerSalt).toBeUndefined();
    expect((await copies(draft)).some((c) => c.open)).toBe(false);
    // A stale command moves neither the cycle nor its copies.
    await expect(changeCycle(started, { status: 'cancelled', version: 2 })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect((await findCycle(draft.campaignId, draft.cycleId))?.status).toBe('processing');
    expect((await copies(draft)).some((c) => c.open)).toBe(false);
  });

  it('an answer checks its participant’s copy, not the cycle item', async () => {
    const cycle = await newCycle('inProgress');
    const first = await participant(cycle);
    const shard = stateShardOf(first.userId, CYCLE_STATE_SHARDS);
    let n = 0;
    while (stateShardOf(`other-${n}`, CYCLE_STATE_SHARDS) === shard) n++;
    const other = await participant(cycle, `other-${n}`);
    // The cycle item alone says stopped: the copies, which the product never lets differ, decide.
    await campaignsDb()
      .entities.campaignCycle.patch({ campaignId: cycle.campaignId, cycleId: cycle.cycleId })
      .set({ status: 'processing' })
      .go();
    await expect(answerOf(cycle, first)).resolves.toMatchObject({ revision: 1 });
    // Only the first participant's copy closed: their next answer is refused, another's is not.
    await campaignsDb().entities.campaignCycleState.put({ cycleId: cycle.cycleId, shard, open: false }).go();
    await expect(answerOf(cycle, other)).resolves.toMatchObject({ revision: 1 });
    const again = await participant(cycle, first.userId);
    await expect(answerOf(cycle, again)).rejects.toMatchObject({ key: 'conflict', statusCode: 409 });
  });

  it('spread a cycle’s participants over every copy', () => {
    const shards = new Map<number, number>();
    for (let i = 0; i < 3_200; i++) {
      const shard = stateShardOf(`person-${i}`, CYCLE_STATE_SHARDS);
      shards.set(shard, (shards.get(shard) ?? 0) + 1);
    }
    expect(shards.size).toBe(CYCLE_STATE_SHARDS);
    // 100 each on average: none takes twice its share.
    expect(Math.max(...shards.values())).toBeLessThan(200);
  });

  it('a cycle stored before them is checked on the cycle item, and gets them with its next change of status', async () => {
    const cycle = await legacyCycle('inProgress');
    expect(cycle.stateShards).toBeUndefined();
    expect(await copies(cycle)).toEqual([]);
    const p = await participant(cycle);
    await expect(answerOf(cycle, p)).resolves.toMatchObject({ revision: 1 });
    // A change that keeps the status writes none.
    const moved = await changeCycle(cycle, {
      end: new Date(Date.now() + 86_400_000).toISOString(),
      version: 1,
    });
    expect(moved.stateShards).toBeUndefined();
    const stopped = await stop(moved);
    expect(stopped.stateShards).toBe(CYCLE_STATE_SHARDS);
    expect((await copies(cycle)).map((c) => c.open)).toEqual(Array(CYCLE_STATE_SHARDS).fill(false));
    // Refused whichever way it was read: before the stop (no copies), after it (its copy).
    const late = await participant(cycle);
    await expect(answerOf(cycle, late)).rejects.toMatchObject({ key: 'conflict' });
    await expect(answerOf(stopped, late)).rejects.toMatchObject({ key: 'conflict' });
  });

  it('go with their cycle when it is deleted', async () => {
    const draft = await newCycle('draft');
    const cancelled = await changeCycle(draft, { status: 'cancelled', version: 1 });
    await removeCycle(cancelled);
    expect(await findCycle(draft.campaignId, draft.cycleId)).toBeNull();
    expect(await copies(draft)).toEqual([]);
  });
});

describe('an answer racing the stop of its cycle', () => {
  it('is kept and read by the roll if it landed first, else refused with conflict: never written after the stop', async () => {
    const cycle = await newCycle('inProgress');
    const people = await Promise.all(Array.from({ length: 60 }, () => participant(cycle)));
    const outcomes = new Map<string, 'kept' | 'refused'>();
    let stopped: CycleItem | undefined;
    // The answers go out 2 ms apart; the stop leaves as soon as 5 have been kept, while the others
    // are in flight, and the last ten leave once it is done.
    let release: () => void = () => undefined;
    const fiveKept = new Promise<void>((resolve) => (release = resolve));
    let stopDone: Promise<void> = Promise.resolve();
    const saves = people.map(async (p, i) => {
      if (i >= people.length - 10) await fiveKept.then(() => stopDone);
      else await new Promise((resolve) => setTimeout(resolve, i * 2));
      try {
        await answerOf(cycle, p);
        outcomes.set(p.userId, 'kept');
        if ([...outcomes.values()].filter((o) => o === 'kept').length === 5) release();
      } catch (error) {
        expect(error).toBeInstanceOf(ConflictError);
        expect(error).toMatchObject({ key: 'conflict' });
        outcomes.set(p.userId, 'refused');
      }
    });
    const stopping = (stopDone = (async () => {
      await fiveKept;
      stopped = await stop(cycle);
    })());
    await Promise.all([...saves, stopping]);
    expect(stopped?.status).toBe('processing');
    const kept = [...outcomes].filter(([, o]) => o === 'kept').map(([userId]) => `${userId}-mood`);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(people.length);
    // What the roll reads right after the stop: exactly the answers that were accepted.
    const stored = (await answersOf(cycle.cycleId)).map((a) => a.answerKey);
    expect(stored.sort()).toEqual(kept.sort());
    // After the stop every answer is refused, with the same key as before the copies.
    const late = people.filter((p) => outcomes.get(p.userId) === 'refused');
    for (const p of late.slice(0, 5))
      await expect(answerOf(stopped as CycleItem, p)).rejects.toMatchObject({ key: 'conflict' });
    expect((await answersOf(cycle.cycleId)).length).toBe(kept.length);
  });
});
