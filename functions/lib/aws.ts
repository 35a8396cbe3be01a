import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from './config';

/**
 * AWS clients built once per container from the parsed configuration. Locally the endpoints point
 * at the emulators; there are no credentials to find, so fixed local ones are used.
 */
function localOptions(endpoint: string | undefined) {
  return endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {};
}

let dynamo: DynamoDBDocumentClient | undefined;
export function documentClient(): DynamoDBDocumentClient {
  if (!dynamo) {
    const c = config();
    dynamo = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: c.AWS_REGION, ...localOptions(c.DYNAMODB_ENDPOINT) }),
      { marshallOptions: { removeUndefinedValues: true } },
    );
  }
  return dynamo;
}

let ses: SESv2Client | undefined;
export function sesClient(): SESv2Client {
  if (!ses) {
    const c = config();
    ses = new SESv2Client({ region: c.AWS_REGION, ...localOptions(c.SES_ENDPOINT) });
  }
  return ses;
}

/** Forget the clients (tests that change endpoints). */
export function resetClients(): void {
  dynamo = undefined;
  ses = undefined;
}
