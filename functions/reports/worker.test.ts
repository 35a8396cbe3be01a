import type { SQSRecord } from 'aws-lambda';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext } from '../../tests/support/events';
import { configureHandlers } from '../lib/environment';
import type { RenderLabelSources, RenderMessage, RenderMessageSchema as MessageSchema } from './renders';
import { handler } from './worker';

const { loads, processRender, sources } = vi.hoisted(() => ({
  loads: { count: 0 },
  processRender:
    vi.fn<
      (
        message: RenderMessage,
        attempt: number,
        sources: RenderLabelSources,
      ) => Promise<'done' | 'skipped' | 'error'>
    >(),
  sources: {
    word: (wordId: string) => wordId,
    axes: () => Promise.resolve(new Map()),
  } satisfies RenderLabelSources,
}));
vi.mock('./render-sources', async () => {
  loads.count++;
  const { RenderMessageSchema } = await vi.importActual<{ RenderMessageSchema: typeof MessageSchema }>(
    './renders',
  );
  return { processRender, RenderMessageSchema, RENDER_SOURCES: sources };
});

beforeAll(() => configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT' }));

beforeEach(() => {
  processRender.mockReset();
  processRender.mockResolvedValue('done');
});

const message: RenderMessage = { kind: 'report-render', reportId: 'r1', renderId: 'n1', userId: 'u1' };

function record(messageId: string, body: unknown, receiveCount = '1'): SQSRecord {
  return {
    messageId,
    receiptHandle: `rh-${messageId}`,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    attributes: {
      ApproximateReceiveCount: receiveCount,
      SentTimestamp: '1700000000000',
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: '1700000000000',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:eu-west-1:000000000000:report-renders',
    awsRegion: 'eu-west-1',
  };
}

describe('the render worker', () => {
  it('loads the render step with its first record, not with its module, and once only', async () => {
    expect(loads.count).toBe(0);
    await handler({ Records: [record('m1', message)] }, lambdaContext);
    await handler({ Records: [record('m2', message)] }, lambdaContext);
    expect(loads.count).toBe(1);
  });

  it('renders a record with its receive count as the attempt and the label sources', async () => {
    const answer = await handler({ Records: [record('m1', message, '2')] }, lambdaContext);
    expect(answer.batchItemFailures).toEqual([]);
    expect(processRender).toHaveBeenCalledWith(message, 2, sources);
  });

  it('answers a malformed record as failed, alone', async () => {
    const answer = await handler(
      { Records: [record('bad', { ...message, kind: 'other' }), record('good', message)] },
      lambdaContext,
    );
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'bad' }]);
    expect(processRender).toHaveBeenCalledTimes(1);
    expect(processRender).toHaveBeenCalledWith(message, 1, sources);
  });

  it('answers a render that throws as failed, for SQS to give it again', async () => {
    processRender.mockRejectedValue(new Error('S3 unavailable'));
    const answer = await handler({ Records: [record('m1', message)] }, lambdaContext);
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
  });
});
