import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { completeRemoval } from '../lib/cascades';
import { config } from '../lib/config';
import { sendEmail } from '../lib/mail';
import { logger } from '../lib/logger';
import { NotificationMessageSchema, type NotificationMessage } from '../lib/notifications';
import { sendSms } from '../lib/sms';
import { retagSphere } from '../spheres';
import { pacer } from './pace';
import { claimMessage, completeMessage, releaseMessage } from './repository';

/** This worker's share of the SES rate (MAIL_SEND_RATE), made on the first email. */
let paceEmail: (() => Promise<void>) | undefined;

async function deliver(message: NotificationMessage): Promise<void> {
  switch (message.kind) {
    case 'email':
      await (paceEmail ??= pacer(config().MAIL_SEND_RATE))();
      await sendEmail(message);
      return;
    case 'tag-rules':
      await retagSphere(message.sphereId);
      return;
    case 'sms':
      await sendSms(message.to, message.text);
      return;
    case 'cycle-event': {
      // The campaigns domain loads with the first cycle event, not in the worker's init; it ignores
      // an event whose version is no longer the cycle's (decision 0026).
      const { handleCycleEvent } = await import('../campaigns');
      await handleCycleEvent(message);
      return;
    }
    case 'cascade': {
      // What a removal's dependents keep, left by a failure (decision 0042): the registry of
      // cascades loads with the first such message.
      const { CASCADES } = await import('../cascades');
      await completeRemoval(message.of, message.removedId, CASCADES);
      return;
    }
    case 'quota-alert': {
      // A galaxy quota's alert crossing (decision 0045), marked once by tellAlertCrossing; the
      // message's id names galaxy, kind and value, so the claim below sends it once. The galaxies
      // face loads with the first alert.
      const { mailQuotaAlert } = await import('../galaxies');
      await mailQuotaAlert(message.galaxyId, message.quota, message.value);
      return;
    }
  }
}

/**
 * One record: parsed with its own schema (a malformed record fails alone and ends in the DLQ
 * after its receives), claimed by the notification's id so a redelivered or re-enqueued message
 * is sent once, then delivered. A failed delivery gives the claim back for the next attempt.
 */
async function processRecord(record: SQSRecord): Promise<void> {
  const message = NotificationMessageSchema.parse(JSON.parse(record.body));
  const claim = await claimMessage(message.id);
  if (claim === 'done') {
    logger.info('Notification already sent', { notificationId: message.id, messageId: record.messageId });
    return;
  }
  if (claim === 'busy') throw new Error(`Notification ${message.id} is being sent by another worker`);
  try {
    await deliver(message);
  } catch (error) {
    await releaseMessage(message.id);
    throw error;
  }
  await completeMessage(message.id);
}

/** The notifications queue's consumer: answers the records that failed, for SQS to redeliver. */
export async function handler(event: SQSEvent, context: Context): Promise<SQSBatchResponse> {
  // One processor per invocation: it holds the batch's state.
  const processor = new BatchProcessor(EventType.SQS);
  return processPartialResponse(event, processRecord, processor, { context, throwOnFullBatchFailure: false });
}
