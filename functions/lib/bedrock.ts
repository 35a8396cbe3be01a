import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { onClientsReset } from './aws';
import { config } from './config';
import { logger } from './logger';

let bedrockClient: BedrockRuntimeClient | undefined;
onClientsReset(() => {
  bedrockClient = undefined;
});

/**
 * The Amazon Bedrock runtime client, built once per container. Its SDK package loads with the first
 * text asked, not in the Lambda's init (docs/decisions/0004-cold-start.md).
 */
async function bedrockApi() {
  const sdk = await import('@aws-sdk/client-bedrock-runtime');
  if (!bedrockClient) bedrockClient = new sdk.BedrockRuntimeClient({ region: config().AWS_REGION });
  return { client: bedrockClient, sdk };
}

export interface ConverseRequest {
  /** A foundation model id or an inference profile id. */
  modelId: string;
  /** What the model is told to do. */
  system: string;
  /** The one user message: what it works from. */
  text: string;
  maxTokens: number;
  temperature: number;
}

/** Stop reasons of a complete answer; any other (cut by the token limit, filtered) is a failure. */
const COMPLETE = new Set(['end_turn', 'stop_sequence']);

/**
 * One exchange with a model through Bedrock's Converse API: a system text and one user message, the
 * model's text back. A failure of the call, an empty answer or an answer cut short is thrown.
 */
export async function converse(request: ConverseRequest): Promise<string> {
  const { client, sdk } = await bedrockApi();
  const result = await client.send(
    new sdk.ConverseCommand({
      modelId: request.modelId,
      system: [{ text: request.system }],
      messages: [{ role: 'user', content: [{ text: request.text }] }],
      inferenceConfig: { maxTokens: request.maxTokens, temperature: request.temperature },
    }),
  );
  const text = (result.output?.message?.content ?? [])
    .map((block) => block.text ?? '')
    .join('')
    .trim();
  if (!COMPLETE.has(result.stopReason ?? ''))
    throw new Error(`Bedrock stopped: ${result.stopReason ?? 'unknown'}`);
  if (!text) throw new Error('Bedrock answered no text');
  return text;
}

export interface ConverseStreamRequest {
  modelId: string;
  system: string;
  /** The conversation, oldest first, the person's new message last (roles alternate). */
  messages: readonly { role: 'user' | 'assistant'; text: string }[];
  maxTokens: number;
  temperature: number;
  guardrail: { id: string; version: string };
}

/** How a streamed answer ended. */
export interface ConverseStreamResult {
  text: string;
  /** `end_turn`…, `guardrail_intervened`, or `interrupted` when the stream broke. */
  stopReason: string;
  /** The guardrail's topic policies that fired (their names), when it intervened. */
  topics: string[];
}

/**
 * A streamed exchange through Bedrock's ConverseStream API with a Guardrail in synchronous mode:
 * Bedrock checks each part before it sends it, so no unchecked text reaches `onText` (and personal
 * data can be masked). `onText` gets the text so far as it grows. A stream that breaks half-way is
 * not thrown: what was written is answered with `stopReason: 'interrupted'`, so nothing is lost.
 */
export async function converseStream(
  request: ConverseStreamRequest,
  onText: (soFar: string) => Promise<void>,
): Promise<ConverseStreamResult> {
  const { client, sdk } = await bedrockApi();
  const response = await client.send(
    new sdk.ConverseStreamCommand({
      modelId: request.modelId,
      system: [{ text: request.system }],
      messages: request.messages.map((m) => ({ role: m.role, content: [{ text: m.text }] })),
      inferenceConfig: { maxTokens: request.maxTokens, temperature: request.temperature },
      guardrailConfig: {
        guardrailIdentifier: request.guardrail.id,
        guardrailVersion: request.guardrail.version,
        streamProcessingMode: 'sync',
        trace: 'enabled',
      },
    }),
  );
  let text = '';
  let stopReason = 'interrupted';
  const topics: string[] = [];
  try {
    for await (const event of response.stream ?? []) {
      const delta = event.contentBlockDelta?.delta?.text;
      if (delta) {
        text += delta;
        await onText(text);
      }
      if (event.messageStop) stopReason = event.messageStop.stopReason ?? 'end_turn';
      const assessments = event.metadata?.trace?.guardrail?.inputAssessment ?? {};
      const outputs = event.metadata?.trace?.guardrail?.outputAssessments ?? {};
      for (const assessment of [...Object.values(assessments), ...Object.values(outputs).flat()])
        for (const topic of assessment?.topicPolicy?.topics ?? []) if (topic.name) topics.push(topic.name);
      if (
        event.internalServerException ||
        event.modelStreamErrorException ||
        event.throttlingException ||
        event.validationException ||
        event.serviceUnavailableException
      )
        stopReason = 'interrupted';
    }
  } catch (error) {
    // The connection broke half-way: what was written is kept and the reply marked in error. The
    // log names the failure, never the conversation.
    logger.warn('A streamed Bedrock answer broke off', { error: error as Error, written: text.length });
    stopReason = 'interrupted';
  }
  return { text, stopReason, topics };
}
