import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../lib/logger';
import { RENDER_SOURCES } from './render-sources';
import { processRender, RenderMessageSchema } from './renders';

/**
 * The report-render queue's consumer (decision 0031): the reports domain's second Lambda, beside its
 * API handler, so that rendering's libraries stay out of every other bundle.
 *
 * One record of the report-render queue: parsed with its own schema (a malformed record fails
 * alone and ends in the DLQ), then rendered once (functions/reports/renders.ts: a render no longer
 * in progress is left alone, so a message delivered twice makes one file). A failure is thrown so
 * SQS gives it again, until its last attempt ends the render in error with the reason.
 */
async function processRecord(record: SQSRecord): Promise<void> {
  const message = RenderMessageSchema.parse(JSON.parse(record.body));
  const attempt = Number(record.attributes.ApproximateReceiveCount) || 1;
  const outcome = await processRender(message, attempt, RENDER_SOURCES);
  logger.info('Render processed', { renderId: message.renderId, outcome, attempt });
}

/** The report-render queue's consumer: answers the records that failed, for SQS to redeliver. */
export async function handler(event: SQSEvent, context: Context): Promise<SQSBatchResponse> {
  const processor = new BatchProcessor(EventType.SQS);
  return processPartialResponse(event, processRecord, processor, { context, throwOnFullBatchFailure: false });
}
