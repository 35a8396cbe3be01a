import { randomBytes } from 'node:crypto';
import type { PlanChangeKind, PlanChangeRecord } from '@shared/domain/plan-report';
import { writeEntities } from '../lib/db';
import { usersDb as db } from './store';

/** The one key of the ledger of plan changes (decision 0053). */
const LEDGER_KEY = 'plan-changes';

const compact = (iso: string) => iso.replace(/[-:.]/g, '');

/**
 * The transaction item that writes one change of the ledger, beside the change of the person's
 * plan (or of their card link) it counts: both land, or neither does.
 */
export function planChangeItem(change: { kind: PlanChangeKind; plan: 'essentials' | 'premium'; at: string }) {
  return writeEntities(db())
    .planChange.create({
      listKey: LEDGER_KEY,
      changeId: `${compact(change.at)}-${randomBytes(4).toString('hex')}`,
      at: change.at,
      kind: change.kind,
      plan: change.plan,
    })
    .commit();
}

/**
 * The changes written from `fromInstant` to `toInstant` (ISO instants): one Query of the ledger's
 * key between the two, every page.
 */
export async function planChangesBetween(
  fromInstant: string,
  toInstant: string,
): Promise<PlanChangeRecord[]> {
  const { data } = await db()
    .entities.planChange.query.log({ listKey: LEDGER_KEY })
    .between({ changeId: compact(fromInstant) }, { changeId: `${compact(toInstant)}~` })
    .go({ pages: 'all', attributes: ['at', 'kind'] });
  return data.map(({ at, kind }) => ({ at, kind }));
}
