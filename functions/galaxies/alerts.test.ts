import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { configureHandlers } from '../lib/environment';
import { galaxiesDb } from './store';

const sent = vi.hoisted(() => [] as { to: string; locale: string; values: unknown }[]);
vi.mock('../lib/mail', () => ({
  sendTemplatedEmail: vi.fn((to: string, _template: unknown, locale: string, values: unknown) => {
    sent.push({ to, locale, values });
    return Promise.resolve('id');
  }),
}));

const ddb = mockClient(DynamoDBDocumentClient);
beforeAll(() => configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT' }));
beforeEach(() => {
  ddb.reset();
  sent.length = 0;
});

const item = (params: { Item?: Record<string, unknown> }) => params.Item ?? {};

describe('mailQuotaAlert', () => {
  it('mails each active galaxy admin once, in the galaxy language', async () => {
    const db = galaxiesDb();
    const galaxy = item(
      db.entities.galaxy
        .put({ galaxyId: 'g1', name: 'Groupe Horizon', shortName: 'GH', language: 'en' })
        .params(),
    );
    const member = (memberId: string, email: string, active = true) =>
      item(
        db.entities.galaxyMember
          .put({ galaxyId: 'g1', memberId, name: memberId, email, roles: ['admin'], active })
          .params(),
      );
    ddb.on(GetCommand).resolves({ Item: galaxy });
    ddb.on(QueryCommand).resolves({
      Items: [member('m1', 'a@x.io'), member('m2', 'A@x.io'), member('m3', 'b@x.io', false)],
    });
    const { mailQuotaAlert } = await import('./alerts');
    expect(await mailQuotaAlert('g1', 'tags', 100)).toBe(1);
    expect(sent).toEqual([
      {
        to: 'a@x.io',
        locale: 'en',
        values: { galaxy: 'Groupe Horizon', quota: 'tags', value: 100, name: 'm1' },
      },
    ]);
  });

  it('tells nobody when the galaxy is gone', async () => {
    ddb.on(GetCommand).resolves({});
    ddb.on(QueryCommand).resolves({ Items: [] });
    const { mailQuotaAlert } = await import('./alerts');
    expect(await mailQuotaAlert('gone', 'tags', 10)).toBe(0);
    expect(sent).toEqual([]);
  });
});
