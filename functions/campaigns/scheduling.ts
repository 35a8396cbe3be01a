import type { Cycle } from '@shared/contracts/campaigns';
import { notificationFireTime } from '@shared/domain/campaigns';
import type { CycleEventMessage } from '../lib/notifications';
import { deleteSchedule, putOneTimeSchedule, scheduleName } from '../lib/schedules';
import type { CycleItem } from './repository';

/** One schedule of a cycle: its name, when it fires and the event it queues. */
interface PlannedSchedule {
  name: string;
  at: Date;
  message: CycleEventMessage;
}

/**
 * What a cycle's version schedules (docs/decisions/0026-cycle-schedules.md): its start and stop when
 * it has those dates, and each notification at its fire time. Names carry the version, so that a
 * new version's schedules never overwrite an older one still in flight; the event's id carries it
 * too, so the worker handles each once, and an older version's event is ignored.
 */
export function plannedSchedules(
  cycle: Pick<CycleItem, 'campaignId' | 'cycleId' | 'start' | 'end' | 'notifications' | 'version'>,
): PlannedSchedule[] {
  const base = {
    kind: 'cycle-event' as const,
    campaignId: cycle.campaignId,
    cycleId: cycle.cycleId,
    version: cycle.version,
  };
  const planned: PlannedSchedule[] = [];
  const add = (event: CycleEventMessage['event'], at: Date | undefined, notificationId?: string) => {
    if (!at || Number.isNaN(at.getTime())) return;
    const parts = [cycle.cycleId, `v${cycle.version}`, event, ...(notificationId ? [notificationId] : [])];
    planned.push({
      name: scheduleName(['cyc', ...parts]),
      at,
      message: { ...base, id: parts.join(':'), event, ...(notificationId ? { notificationId } : {}) },
    });
  };
  add('start', cycle.start ? new Date(cycle.start) : undefined);
  add('stop', cycle.end ? new Date(cycle.end) : undefined);
  for (const n of cycle.notifications as Cycle['notifications'])
    add('notification', notificationFireTime(n, cycle), n.id);
  return planned;
}

function wanted(
  cycle: Pick<CycleItem, 'campaignId' | 'cycleId' | 'start' | 'end' | 'notifications' | 'version'>,
  skip: readonly CycleEventMessage['event'][],
) {
  return plannedSchedules(cycle).filter((p) => !skip.includes(p.message.event));
}

/** The names of the schedules a cycle's version keeps: those still to fire after `now`. */
export function scheduleNamesFor(
  cycle: Pick<CycleItem, 'campaignId' | 'cycleId' | 'start' | 'end' | 'notifications' | 'version'>,
  now: Date,
  skip: readonly CycleEventMessage['event'][] = [],
): string[] {
  return wanted(cycle, skip)
    .filter((p) => p.at.getTime() > now.getTime())
    .map((p) => p.name);
}

/**
 * Puts the schedules of a cycle's version, once that version is stored (an event that fires at
 * once must find it). A moment already past is queued at once (functions/lib/schedules.ts), so a
 * cycle started by hand sends its invitations now.
 */
export async function putSchedules(
  cycle: Pick<CycleItem, 'campaignId' | 'cycleId' | 'start' | 'end' | 'notifications' | 'version'>,
  now: Date,
  skip: readonly CycleEventMessage['event'][] = [],
): Promise<void> {
  await Promise.all(wanted(cycle, skip).map((p) => putOneTimeSchedule(p, now)));
}

/** Deletes the schedules a cycle's stored version put, except those still wanted (`keep`). */
export async function cancelSchedules(
  cycle: Pick<CycleItem, 'scheduleNames'>,
  keep: ReadonlySet<string> = new Set(),
): Promise<void> {
  await Promise.all(cycle.scheduleNames.filter((n) => !keep.has(n)).map((n) => deleteSchedule(n)));
}
