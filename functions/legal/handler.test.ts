import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { proxyEvent, lambdaContext, acceptCaller } from '../../tests/support/events';
import { db } from '../../tests/support/db';
import { forgetLegalDocuments } from './repository';

const ddb = mockClient(DynamoDBDocumentClient);

beforeAll(() => configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT' }));

beforeEach(() => {
  ddb.reset();
  forgetLegalDocuments();
});

async function call(
  sub?: string,
  headers?: Record<string, string>,
  request: { method: string; path: string; body?: unknown } = { method: 'GET', path: '/v1/me' },
) {
  const { handler } = await import('./handler');
  if (sub) acceptCaller(ddb, sub);
  return handler(proxyEvent({ ...request, sub, headers }), lambdaContext);
}

function documentItems(versions: { 'terms-of-use': number; 'privacy-policy': number }) {
  return (['terms-of-use', 'privacy-policy'] as const).flatMap((documentType) =>
    (['fr', 'en', 'nl'] as const).map(
      (lang) =>
        db()
          .entities.legalDocument.create({
            documentType,
            version: versions[documentType],
            lang,
            path: `/legal/${documentType}-${versions[documentType]}-${lang}.html`,
            publishedOn: '2026-01-01T00:00:00.000Z',
          })
          .params().Item,
    ),
  );
}

/** Answers the account query of `userId` with `account`, and the documents query with `documents`. */
function storedTable(userId: string, account: unknown[], documents: unknown[]) {
  ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => ({
    Items: JSON.stringify(input.ExpressionAttributeValues).includes(userId) ? account : documents,
  }));
}

describe('POST /v1/me/legal-consents', () => {
  const post = (body: unknown) => call('user-1', {}, { method: 'POST', path: '/v1/me/legal-consents', body });

  it('refuses an outdated version with not-valid on that item and records nothing', async () => {
    storedTable('user-1', [], documentItems({ 'terms-of-use': 2, 'privacy-policy': 1 }));
    ddb.on(QueryCommand).callsFake(() => ({
      Items: [
        ...documentItems({ 'terms-of-use': 1, 'privacy-policy': 1 }),
        ...documentItems({ 'terms-of-use': 2, 'privacy-policy': 1 }),
      ],
    }));
    const response = await post([
      { documentType: 'privacy-policy', version: '1', lang: 'fr' },
      { documentType: 'terms-of-use', version: '1', lang: 'fr' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).errors).toEqual([{ key: 'not-valid', field: 'body.1.version' }]);
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(0);
  });

  it('records the acceptance of the current versions for the caller from the token', async () => {
    let accepted: unknown[] = [];
    ddb
      .on(BatchWriteCommand)
      .callsFake((input: { RequestItems: Record<string, { PutRequest: { Item: unknown } }[]> }) => {
        accepted = Object.values(input.RequestItems)
          .flat()
          .map((r) => r.PutRequest.Item);
        return { UnprocessedItems: {} };
      });
    ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => ({
      Items: JSON.stringify(input.ExpressionAttributeValues).includes('user-1')
        ? accepted
        : documentItems({ 'terms-of-use': 1, 'privacy-policy': 1 }),
    }));
    const response = await post([{ documentType: 'terms-of-use', version: '1', lang: 'nl' }]);
    expect(response.statusCode).toBe(200);
    expect(accepted).toEqual([
      expect.objectContaining({ userId: 'user-1', documentType: 'terms-of-use', version: 1, lang: 'nl' }),
    ]);
    expect(JSON.parse(response.body)).toMatchObject([
      { documentType: 'terms-of-use', version: '1', lang: 'nl', status: 'accepted' },
      { documentType: 'privacy-policy', version: '1', status: 'pending' },
    ]);
  });

  it('refuses an empty list and an injected userId with the spec keys', async () => {
    expect(JSON.parse((await post([])).body).errors).toEqual([
      { key: 'required', field: 'body', values: { min: 1 } },
    ]);
    const injected = await post([{ documentType: 'terms-of-use', version: '1', lang: 'fr', userId: 'x' }]);
    expect(JSON.parse(injected.body).errors).toEqual([
      { key: 'unexpected-value-error', field: 'body.0.userId' },
    ]);
  });
});
