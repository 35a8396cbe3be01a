import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { onClientsReset } from './aws';
import { config } from './config';

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
