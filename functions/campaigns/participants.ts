import type { CycleParticipants } from '@shared/contracts/campaigns';
import { completionPercent } from '@shared/domain/campaigns';
import { NotFoundError } from '../lib/errors';
import { campaignTargets } from './events';
import { participantsOf, readCampaign } from './repository';

/**
 * Who a cycle asks and how far each person is (spec 02 §2: participation and status views): the
 * campaign's targets and the cycle's participations, one Query each. Statuses and completion only:
 * nothing here leads to an answer (decision 0025).
 */
export async function cycleParticipants(campaignId: string, cycleId: string): Promise<CycleParticipants> {
  const read = await readCampaign(campaignId);
  if (!read || !read.cycles.some((c) => c.cycleId === cycleId)) throw new NotFoundError();
  const [targets, roster] = await Promise.all([
    campaignTargets(read.campaign),
    participantsOf(cycleId, 'live'),
  ]);
  const byUser = new Map(roster.map((p) => [p.userId, p]));
  const names = new Map(targets.map((m) => [m.userId, m.name]));
  // Guests who took part through the campaign's link are counted, not named.
  const people = [
    ...targets.map((m) => {
      const p = byUser.get(m.userId);
      return {
        userId: m.userId,
        name: m.name,
        status: p?.status ?? ('invited' as const),
        completion: p ? completionPercent(p.steps.map((s) => ({ ...s, measureId: '' }))) : 0,
      };
    }),
  ].sort((a, b) => a.name.localeCompare(b.name));
  const outsiders = roster.filter((p) => !names.has(p.userId));
  const all = [...people.map((p) => p.status), ...outsiders.map((p) => p.status)];
  const count = (s: string) => all.filter((x) => x === s).length;
  return {
    counts: {
      invited: people.length + outsiders.length,
      blank: count('blank'),
      inProgress: count('inProgress'),
      done: count('done'),
      refused: count('refused'),
    },
    people,
  };
}
