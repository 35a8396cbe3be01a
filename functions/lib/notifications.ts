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
export const NotificationMessageSchema = z.discriminatedUnion('kind', [
  EmailNotificationSchema,
  TagRulesWorkSchema,
]);
export type NotificationMessage = z.infer<typeof NotificationMessageSchema>;
/** What a caller enqueues: the id is drawn when it has none. */
export type NewNotification = NotificationMessage extends infer M
  ? M extends NotificationMessage
    ? Omit<M, 'id'> & { id?: string }
    : never
  : never;
