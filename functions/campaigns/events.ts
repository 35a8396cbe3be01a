import type { Cycle, Measure } from '@shared/contracts/campaigns';
import type { MultilingualText } from '@shared/contracts/text';
import { fillUrlPlaceholder, nextCycleStatus, notificationReaches } from '@shared/domain/campaigns';
import { textIn } from '@shared/domain/sessions';
import { webOrigin } from '../lib/config';
import { DomainError } from '../lib/errors';
import { logger } from '../lib/logger';
import { mailLocale, renderEmail } from '../lib/mail-templates';
import type { CycleEventMessage, NewNotification } from '../lib/notifications';
import { enqueueNotifications } from '../lib/queue';
import { sessionMembershipsOf } from '../sessions';
import { membersOf, type MemberItem } from '../spheres';
import { contactFactsOf } from '../users';
import { campaignCode, moveCycle } from './definitions';
import { cycleMail } from './mail';
import { participantsOf, readCampaign, type CampaignItem, type CycleItem } from './repository';

/**
 * Where a participant's link opens: their participation, with the campaign's URL code, at the one
 * configured web origin (functions/lib/config.ts `webOrigin()`), by mail and by text alike.
 */
export function participationUrl(campaignId: string, code: string | null): string {
  const query = code ? `?code=${encodeURIComponent(code)}` : '';
  return `${webOrigin()}/apps/participation/${encodeURIComponent(campaignId)}${query}`;
}

/**
 * A cycle's schedule fired (docs/decisions/0026-cycle-schedules.md): its collection starts or
 * stops, or one of its notifications goes out. An event of an older version of the cycle (its
 * dates or notifications changed since) is ignored; so is a start or stop the cycle already made,
 * so that a redelivered event changes nothing.
 */
export async function handleCycleEvent(event: CycleEventMessage, now = new Date()): Promise<void> {
  const read = await readCampaign(event.campaignId);
  const cycle = read?.cycles.find((c) => c.cycleId === event.cycleId);
  if (!read || !cycle || read.campaign.cancelled) {
    logger.info('Cycle event for a cycle that is gone', { ...event });
    return;
  }
  if (cycle.version !== event.version) {
    logger.info('Cycle event of an older version', { ...event, current: cycle.version });
    return;
  }
  try {
    switch (event.event) {
      case 'start': {
        const next = nextCycleStatus(cycle.status, 'startCollection');
        if (cycle.status === 'scheduled' && next)
          await moveCycle(read.campaign, cycle, 'startCollection', next, now);
        return;
      }
      case 'stop': {
        const next = nextCycleStatus(cycle.status, 'stopCollection');
        if (next) await moveCycle(read.campaign, cycle, 'stopCollection', next, now);
        return;
      }
      case 'notification':
        if (event.notificationId) await sendNotification(read.campaign, cycle, event.notificationId, now);
        return;
    }
  } catch (error) {
    // Another command moved the cycle meanwhile: this event no longer applies.
    if (error instanceof DomainError && error.statusCode === 409) {
      logger.info('Cycle event overtaken by a change', { ...event });
      return;
    }
    throw error;
  }
}

/** Whether a contributor is among the people a campaign asks (its tags or groups, when it names some). */
async function targeted(campaign: CampaignItem, members: MemberItem[]): Promise<MemberItem[]> {
  const targets = campaign.targets as { tagIds: string[]; sessionIds: string[] };
  if (targets.tagIds.length === 0 && targets.sessionIds.length === 0) return members;
  const byTag = members.filter((m) => m.tagIds?.some((t) => targets.tagIds.includes(t)));
  if (targets.sessionIds.length === 0) return byTag;
  const tagged = new Set(byTag.map((m) => m.userId));
  const rest = members.filter((m) => !tagged.has(m.userId));
  const inSessions = await Promise.all(
    rest.map(async (m) => {
      const sessions = await sessionMembershipsOf(m.userId);
      // Only the sphere's own groups: targets stored before their ids were checked may name
      // another sphere's (decision 0024, "Ids in bodies").
      return sessions.some(
        (s) => s.sphereId === campaign.sphereId && targets.sessionIds.includes(s.sessionId),
      )
        ? m
        : null;
    }),
  );
  return [...byTag, ...inSessions.filter((m): m is MemberItem => m !== null)];
}

/** The people a campaign asks: the active contributors of its sphere in its targets. */
export async function campaignTargets(campaign: CampaignItem): Promise<MemberItem[]> {
  const members = await membersOf(campaign.sphereId);
  return targeted(
    campaign,
    members.filter((m) => m.active && m.roles.includes('contributor')),
  );
}

/**
 * One notification of a cycle to everyone it reaches (spec 02 §3, §5): the admins for theirs; for
 * participants' ones, at the start everyone asked, later only those who have not finished, and
 * never someone who refused. Each person's message has an id made of the cycle, the notification
 * and the person: queued twice, or by two versions of the cycle, it is sent once.
 */
export async function sendNotification(
  campaign: CampaignItem,
  cycle: CycleItem,
  notificationId: string,
  now: Date,
): Promise<number> {
  const n = (cycle.notifications as Cycle['notifications']).find((x) => x.id === notificationId);
  if (!n) return 0;
  if (cycle.status === 'draft' || cycle.status === 'cancelled') return 0;
  if (n.target === 'participant' && cycle.status !== 'scheduled' && cycle.status !== 'inProgress') return 0;
  let recipients: MemberItem[];
  if (n.target === 'admin') {
    const members = await membersOf(campaign.sphereId);
    recipients = members.filter((m) => m.active && m.roles.includes('admin'));
  } else {
    const [people, roster] = await Promise.all([
      campaignTargets(campaign),
      participantsOf(cycle.cycleId, 'live'),
    ]);
    const statuses = new Map(roster.map((p) => [p.userId, p.status]));
    recipients = people.filter((m) => notificationReaches(n, statuses.get(m.userId) ?? 'blank', now, cycle));
  }
  if (recipients.length === 0) return 0;
  const [contacts, code] = await Promise.all([
    contactFactsOf(recipients.map((m) => m.userId)),
    campaignCode(campaign.sphereId, campaign.campaignId),
  ]);
  const url = participationUrl(campaign.campaignId, code);
  const message = fillUrlPlaceholder(n.message, url);
  const messages: NewNotification[] = [];
  for (const member of recipients) {
    const contact = contacts.get(member.userId);
    const id = `${cycle.cycleId}:${n.id}:${member.userId}`;
    if (n.protocol === 'sms') {
      if (contact?.phone) messages.push({ kind: 'sms', id, to: contact.phone, text: message.slice(0, 1600) });
      continue;
    }
    const locale = mailLocale(contact?.locale, campaign.defaultLocale);
    const name =
      textIn(campaign.publicName as MultilingualText, locale, campaign.defaultLocale) || campaign.name;
    const email = renderEmail(cycleMail, locale, {
      campaign: name,
      subject: n.subject,
      message,
      firstName: contact?.firstName,
      forAdmin: n.target === 'admin',
    });
    messages.push({ kind: 'email', id, to: member.email, ...email });
  }
  await enqueueNotifications(messages);
  logger.info('Cycle notification queued', {
    campaignId: campaign.campaignId,
    cycleId: cycle.cycleId,
    notificationId,
    count: messages.length,
  });
  return messages.length;
}

/** The measures a cycle asks, in the campaign's order. */
export function cycleMeasures(campaign: CampaignItem, cycle: CycleItem): Measure[] {
  const measures = campaign.measures as Measure[];
  return cycle.measureIds.length > 0 ? measures.filter((m) => cycle.measureIds.includes(m.id)) : measures;
}
