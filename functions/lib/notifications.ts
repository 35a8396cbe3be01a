import * as z from 'zod';

/**
 * A notification to send, already rendered: the worker (functions/workers/notify.ts) only
 * delivers it. `id` identifies the notification: a message delivered or enqueued twice with the
 * same id is sent once.
 */
export const EmailNotificationSchema = z.strictObject({
  id: z.string().min(1).max(200),
  kind: z.literal('email'),
  to: z.email(),
  subject: z.string().min(1).max(998),
  html: z.string().min(1),
  text: z.string().min(1),
});
/**
 * Work for the same worker: apply a sphere's tag rules to all its members (a large sphere's
 * selection was saved). `id` names the save, so the same save queued twice is applied once.
 */
export const TagRulesWorkSchema = z.strictObject({
  id: z.string().min(1).max(200),
  kind: z.literal('tag-rules'),
  sphereId: z.string().min(1).max(64),
});
/** A text message to a phone number in international format (E.164), sent through SNS. */
export const SmsNotificationSchema = z.strictObject({
  id: z.string().min(1).max(200),
  kind: z.literal('sms'),
  to: z.e164(),
  text: z.string().min(1).max(1600),
});
/**
 * A moment of a campaign cycle, put on the queue by its one-time schedule (functions/lib/schedules.ts,
 * decision 0026): its start, its stop, or one of its notifications (`notificationId`). `version` is
 * the cycle's version when the schedule was made: the campaigns domain ignores a message whose
 * version is no longer the cycle's, so a schedule left behind by a change has no effect.
 */
export const CycleEventMessageSchema = z.strictObject({
  id: z.string().min(1).max(200),
  kind: z.literal('cycle-event'),
  campaignId: z.string().min(1).max(64),
  cycleId: z.string().min(1).max(64),
  event: z.enum(['start', 'stop', 'notification']),
  notificationId: z.string().min(1).max(64).optional(),
  version: z.int().min(0),
});
export type CycleEventMessage = z.infer<typeof CycleEventMessageSchema>;
/**
 * Cascades of a removal left pending (functions/lib/cascades.ts, decision 0042): the worker runs
 * what its record still names. `id` is the removal's, so one removal is completed once.
 */
export const CascadeWorkSchema = z.strictObject({
  id: z.string().min(1).max(200),
  kind: z.literal('cascade'),
  of: z.enum(['session']),
  removedId: z.string().min(1).max(64),
});
/**
 * A galaxy quota crossed its alert (decision 0045): the worker mails the galaxy's admins, once per
 * crossing (`id` names the galaxy, the kind and the value crossed).
 */
export const QuotaAlertWorkSchema = z.strictObject({
  id: z.string().min(1).max(200),
  kind: z.literal('quota-alert'),
  galaxyId: z.string().min(1).max(64),
  quota: z.string().min(1).max(64),
  value: z.number().int().min(0),
});
export const NotificationMessageSchema = z.discriminatedUnion('kind', [
  EmailNotificationSchema,
  TagRulesWorkSchema,
  SmsNotificationSchema,
  CycleEventMessageSchema,
  CascadeWorkSchema,
  QuotaAlertWorkSchema,
]);
export type NotificationMessage = z.infer<typeof NotificationMessageSchema>;
/** What a caller enqueues: the id is drawn when it has none. */
export type NewNotification = NotificationMessage extends infer M
  ? M extends NotificationMessage
    ? Omit<M, 'id'> & { id?: string }
    : never
  : never;
