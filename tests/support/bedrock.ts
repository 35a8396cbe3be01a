import type { ConverseStreamOutput } from '@aws-sdk/client-bedrock-runtime';

/**
 * Bedrock ConverseStream answers for tests with a mocked client (aws-sdk-client-mock): a stream of
 * events that may break half-way, as a lost connection does.
 */
export function streamOf(events: readonly ConverseStreamOutput[], breakAfter?: number) {
  return {
    stream: (async function* () {
      for (const [i, event] of events.entries()) {
        if (breakAfter !== undefined && i === breakAfter) throw new Error('socket hang up');
        yield event;
      }
    })(),
  };
}

export const delta = (text: string): ConverseStreamOutput => ({
  contentBlockDelta: { contentBlockIndex: 0, delta: { text } },
});

export const stop = (stopReason: string) => ({ messageStop: { stopReason } }) as ConverseStreamOutput;

/** The trace of a guardrail that blocked the input on one of its topics. */
export const topicBlocked = (guardrailId: string, topic: string) =>
  ({
    metadata: {
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      metrics: { latencyMs: 1 },
      trace: {
        guardrail: {
          inputAssessment: {
            [guardrailId]: { topicPolicy: { topics: [{ name: topic, type: 'DENY', action: 'BLOCKED' }] } },
          },
        },
      },
    },
  }) as ConverseStreamOutput;
