import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { configureHandlers } from '../lib/environment';
import { galaxiesDb } from './store';
import { galaxyAdminshipsOf, galaxySphereIds } from './readers';

const ddb = mockClient(DynamoDBDocumentClient);
beforeAll(() => configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT' }));
beforeEach(() => ddb.reset());

const item = (params: { Item?: Record<string, unknown> }) => params.Item ?? {};

describe('galaxy readers', () => {
  it("reads a person's active admin galaxies by one Query on gsi1", async () => {
    const member = (galaxyId: string, active: boolean) =>
      item(
        galaxiesDb()
          .entities.galaxyMember.put({
            galaxyId,
            memberId: 'm',
            name: 'Camille',
            email: 'c@x.io',
            roles: ['admin'],
            active,
            userId: 'u1',
          })
          .params(),
      );
    ddb.on(QueryCommand).resolves({ Items: [member('g1', true), member('g2', false)] });
    expect(await galaxyAdminshipsOf('u1')).toEqual([{ galaxyId: 'g1', roles: ['admin'] }]);
    const calls = ddb.commandCalls(QueryCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input.IndexName).toBe('gsi1');
  });

  it("lists a galaxy's sphere ids by one Query", async () => {
    const link = (sphereId: string) =>
      item(galaxiesDb().entities.galaxySphere.put({ galaxyId: 'g1', sphereId }).params());
    ddb.on(QueryCommand).resolves({ Items: [link('s1'), link('s2')] });
    expect(await galaxySphereIds('g1')).toEqual(['s1', 's2']);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);
  });
});
