import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config';

/**
 * AWS clients are built once per container from the parsed configuration, each in its own module
 * (this one: DynamoDB; ses.ts: SES), so a Lambda loads only the SDK packages it uses. Locally the
 * endpoints point at the emulators; there are no credentials to find, so fixed local ones are used.
 */
export function localOptions(endpoint: string | undefined) {
  return endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {};
}

let dynamo: DynamoDBDocumentClient | undefined;
export function documentClient(): DynamoDBDocumentClient {
  if (!dynamo) {
    const c = config();
    const client = new DynamoDBClient({ region: c.AWS_REGION, ...localOptions(c.DYNAMODB_ENDPOINT) });
    // The SDK's logger step copies every input and output through their schemas' sensitive-data
    // filter for a logger that, unconfigured, writes nothing: a few milliseconds of CPU for a
    // request that reads a few hundred items. The product logs its own way (lib/logger.ts).
    client.middlewareStack.remove('loggerMiddleware');
    dynamo = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }
  return dynamo;
}

const resets: Array<() => void> = [];

/** Other client modules (ses.ts, …) register how to forget their client. */
export function onClientsReset(reset: () => void): void {
  resets.push(reset);
}

/** Forget the clients (tests that change endpoints). */
export function resetClients(): void {
  dynamo = undefined;
  for (const reset of resets) reset();
}
