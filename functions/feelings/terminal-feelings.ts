import type { EntityItem } from 'electrodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { contribution, countsOf, type DayCounts } from '@shared/domain/feeling-days';
import { dayOf } from '@shared/domain/time-zones';
import type { FeelingColor } from '@shared/domain/feelings';
import { documentClient } from '../lib/aws';
import { failedConditions, isConditionFailure } from '../lib/conditions';
import type { TerminalFeelingEntity } from './entities/terminal-feeling';
import { countsAdd, DAY_WRITE_ATTEMPTS, DAY_WRITE_JITTER_MS, type TransactItem } from './repository';
import { feelingsDb as db } from './store';

/**
 * Feelings of anonymous terminal visitors (decision 0028): each stored once by its terminal and
 * `clientId`, and counted, in the same transaction, in its session's day summary (decision 0008's
 * atomic ADDs, in the session's partition instead of a person's).
 */

export type TerminalFeelingItem = EntityItem<typeof TerminalFeelingEntity>;

/** What a terminal records: the terminal's facts, the visitor's feeling and when they tapped. */
export interface NewTerminalFeeling {
  terminalId: string;
  clientId: string;
  sphereId: string;
  sessionId: string;
  deviceCode: string;
  deviceName: string;
  value: number;
  energy: number;
  color: FeelingColor;
  wordId?: string | undefined;
  /** When the visitor tapped (ISO). */
  timestamp: string;
  /** The kiosk's time zone. */
  locale?: string | undefined;
}

/** The session summary's share of a write: `delta` ADDed to its flat counts (it must exist). */
function sessionDayUpdate(sessionId: string, day: string, delta: DayCounts): TransactItem {
  return countsAdd(db().entities.sessionFeelingDay.get({ sessionId, day }).params(), delta);
}

async function ensureSessionDay(sessionId: string, day: string): Promise<void> {
  try {
    await db().entities.sessionFeelingDay.create({ sessionId, day, counts: {} }).go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export async function findTerminalFeeling(
  terminalId: string,
  clientId: string,
): Promise<TerminalFeelingItem | null> {
  const { data } = await db().entities.terminalFeeling.get({ terminalId, clientId }).go({ consistent: true });
  return data;
}

/**
 * Stores a terminal's feeling unless its `clientId` was stored before, and counts it in its
 * session's day in the same transaction. Answers the stored feeling and whether this call stored
 * it (`false`: a replay, counted nothing).
 */
export async function recordTerminalFeeling(
  feeling: NewTerminalFeeling,
): Promise<{ item: TerminalFeelingItem; created: boolean }> {
  const day = dayOf(feeling.timestamp, feeling.locale);
  const create = db().entities.terminalFeeling.create({ ...feeling, day });
  const put: TransactItem = { Put: create.params() as NonNullable<TransactItem['Put']> };
  const delta = contribution({ ...feeling });
  for (let attempt = 1; ; attempt++) {
    try {
      await documentClient().send(
        new TransactWriteCommand({ TransactItems: [put, sessionDayUpdate(feeling.sessionId, day, delta)] }),
      );
      const stored = await findTerminalFeeling(feeling.terminalId, feeling.clientId);
      if (!stored) throw new Error('A terminal feeling just written could not be read');
      return { item: stored, created: true };
    } catch (error) {
      const failed = failedConditions(error);
      if (!failed) throw error;
      const [exists, summary] = failed;
      if (exists) {
        const stored = await findTerminalFeeling(feeling.terminalId, feeling.clientId);
        if (stored) return { item: stored, created: false };
        throw error;
      }
      if (attempt >= DAY_WRITE_ATTEMPTS) throw error;
      if (summary) await ensureSessionDay(feeling.sessionId, day);
      else await new Promise((resolve) => setTimeout(resolve, Math.random() * DAY_WRITE_JITTER_MS));
    }
  }
}

/** A session's day summaries from `start` to `end` (YYYY-MM-DD, both included): one Query. */
export async function querySessionDays(
  sessionId: string,
  start: string,
  end: string,
): Promise<{ day: string; counts: DayCounts }[]> {
  const { data } = await db()
    .entities.sessionFeelingDay.query.bySession({ sessionId })
    .between({ day: start }, { day: end })
    .go({ pages: 'all', attributes: ['day', 'counts'] });
  return data.map((d) => ({ day: d.day, counts: countsOf(d.counts) }));
}
