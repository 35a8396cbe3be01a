import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../functions/lib/aws';
import { config } from '../../functions/lib/config';

/**
 * Every item of the table the handlers point at (the test stack's), each as lower-case JSON text:
 * what "nothing names the user any more" is checked against. A Scan is fine in a test.
 */
export async function wholeTable(): Promise<string[]> {
  const items: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({ TableName: config().TABLE_NAME, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []).map((i) => JSON.stringify(i).toLowerCase()));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}
