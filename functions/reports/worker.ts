import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../lib/logger';

/**
 * The report-render queue's consumer (decision 0031): the reports domain's second Lambda, beside its
 * API handler, so that rendering's libraries stay out of every other bundle.
 *
 * Its module holds the queue's frame only: what a render needs (functions/reports/render-sources.ts,
 * and through it the reports domain and the faces it reads) loads with the first record, and the
 * rendering libraries (functions/reports/render) when that record's file is laid out. Lambda's init
 * then parses the bundle and runs little of it; the first render of an instance pays the loading.
 *
 * One record of the report-render queue: parsed with its own schema (a malformed record fails
 * alone and ends in the DLQ), then rendered once (functions/reports/renders.ts: a render no longer
 * in progress is left alone, so a message delivered twice makes one file). A failure is thrown so
 * SQS gives it again, until its last attempt ends the render in error with the reason.
 */
async function processRecord(record: SQSRecord): Promise<void> {
  const { processRender, RenderMessageSchema, RENDER_SOURCES } = await import('./render-sources');
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
