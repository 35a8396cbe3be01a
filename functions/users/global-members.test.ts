import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  type GetCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { db } from '../../tests/support/db';
import { addMember, listMembers, listRoleChanges, removeMemberAccess, updateMember } from './global-members';
import { GlobalRoleChangeEntity } from './entities/global-role-change';

const ddb = mockClient(DynamoDBDocumentClient);

beforeAll(() => configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT' }));
beforeEach(() => ddb.reset());

const memberItem = (fields: { roles?: string[]; active?: boolean } = {}) =>
  db()
    .entities.globalMember.create({
      listKey: 'global-members',
      userId: 'u-camille',
      name: 'Camille',
      email: 'camille@example.be',
      roles: fields.roles ?? ['ambassador'],
      active: fields.active ?? true,
    })
    .params().Item;

/**
 * Answers the GetItems: the address's owner, the membership (`member`, or `written` once the
 * transaction ran), the caller's name.
 */
function stored(member?: Record<string, unknown>, written = member) {
  let wrote = false;
  ddb.on(TransactWriteCommand).callsFake(() => {
    wrote = true;
    return Promise.resolve({});
  });
  ddb.on(GetCommand).callsFake((input: GetCommandInput) => {
    const key = JSON.stringify(input.Key);
    if (key.includes('emailowner'))
      return {
        Item: db()
          .entities.emailOwner.create({ email: 'camille@example.be', userId: 'u-camille', isVerified: true })
          .params().Item,
      };
    const membership = wrote ? written : member;
    if (key.includes('globalmember')) return membership ? { Item: membership } : {};
    return {
      Item: db().entities.user.create({ userId: 'u-alex', firstName: 'Alex', lastName: 'Martin' }).params()
        .Item,
    };
  });
  ddb.on(QueryCommand).resolves({ Items: [] });
}

type Written = { Put?: { Item: Record<string, unknown> }; Update?: { ExpressionAttributeValues: unknown } };
const transaction = () =>
  (ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? []) as Written[];

describe('global members', () => {
  it('lists them in one Query on their key, never a Scan', async () => {
    ddb.on(QueryCommand).resolves({ Items: [memberItem()] });
    const list = await listMembers({ max: 10, offset: 0 });
    expect(list.items).toEqual([expect.objectContaining({ id: 'u-camille', roles: ['ambassador'] })]);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);
    expect(JSON.stringify(ddb.commandCalls(QueryCommand)[0]?.args[0].input)).toContain('global-members');
    expect(ddb.commandCalls(ScanCommand)).toHaveLength(0);
  });

  it('refuses an address no account verified with its key on the field, writing nothing', async () => {
    ddb.on(GetCommand).resolves({});
    await expect(
      addMember('u-alex', { name: 'Nobody', email: 'nobody@example.be', roles: ['ambassador'] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      errors: [{ key: 'no-verified-account', field: 'body.email' }],
    });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses a requester who is not the caller', async () => {
    await expect(
      addMember('u-alex', {
        name: 'Camille',
        email: 'camille@example.be',
        roles: ['ambassador'],
        requestByUserId: 'u-other',
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      errors: [{ key: 'not-valid', field: 'body.requestByUserId' }],
    });
  });

  it('adds: the membership, the user’s roles and the log entry in one transaction', async () => {
    stored(undefined, memberItem());
    const added = await addMember('u-alex', {
      name: 'Camille',
      email: 'Camille@Example.be',
      roles: ['ambassador'],
    });
    expect(added).toMatchObject({ id: 'u-camille', roles: ['ambassador'], userLinked: true });
    const items = transaction();
    expect(items).toHaveLength(3);
    expect(items[0]?.Put?.Item).toMatchObject({ userId: 'u-camille', email: 'camille@example.be' });
    expect(JSON.stringify(items[1]?.Update?.ExpressionAttributeValues)).toContain('ambassador');
    expect(items[2]?.Put?.Item).toMatchObject({
      action: 'added',
      userId: 'u-camille',
      actorId: 'u-alex',
      actorName: 'Alex Martin',
      rolesAfter: ['ambassador'],
      activeAfter: true,
    });
    expect(items[2]?.Put?.Item.rolesBefore).toBeUndefined();
  });

  it('a suspended member holds no role: the user item’s roles are emptied, the listed ones kept', async () => {
    stored(memberItem());
    await updateMember('u-alex', 'u-camille', { name: 'Camille', roles: ['ambassador'], active: false });
    const items = transaction();
    expect(items).toHaveLength(3);
    expect(JSON.stringify(items[0]?.Update?.ExpressionAttributeValues)).toContain('ambassador');
    expect(JSON.stringify(items[1]?.Update?.ExpressionAttributeValues)).not.toContain('ambassador');
    expect(items[2]?.Put?.Item).toMatchObject({
      action: 'updated',
      rolesBefore: ['ambassador'],
      activeBefore: true,
      rolesAfter: ['ambassador'],
      activeAfter: false,
    });
  });

  it('removing access sets the role to member; a change that changes nothing writes nothing', async () => {
    stored(memberItem({ roles: [] }));
    const same = await removeMemberAccess('u-alex', 'u-camille');
    expect(same.roles).toEqual(['member']);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    ddb.reset();
    stored(memberItem({ roles: ['ambassador', 'super-admin'] }));
    await removeMemberAccess('u-alex', 'u-camille');
    expect(transaction()[2]?.Put?.Item).toMatchObject({ action: 'removed', rolesAfter: [] });
  });

  it('unknown member: 404', async () => {
    stored();
    await expect(removeMemberAccess('u-alex', 'u-nobody')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('reads the log newest first in one Query of its key, or of one person on gsi1', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    await listRoleChanges({ max: 10, offset: 0 });
    await listRoleChanges({ max: 10, offset: 0, memberId: 'u-camille' });
    const [all, one] = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(all?.ScanIndexForward).toBe(false);
    expect(all?.IndexName).toBeUndefined();
    expect(JSON.stringify(all?.ExpressionAttributeValues)).toContain('global-role-changes');
    expect(one?.ScanIndexForward).toBe(false);
    expect(one?.IndexName).toBe('gsi1');
    expect(JSON.stringify(one?.ExpressionAttributeValues)).toContain('u-camille');
  });

  it('keeps a log entry on gsi1 by the person changed and on gsi2 by the super-admin, in time order', () => {
    const item = GlobalRoleChangeEntity.create({
      changeId: '20260101T000000000Z-abcd',
      at: '2026-01-01T00:00:00.000Z',
      action: 'added',
      userId: 'u-camille',
      name: 'Camille',
      email: 'camille@example.be',
      actorId: 'u-alex',
      actorName: 'Alex',
      rolesAfter: ['ambassador'],
      activeAfter: true,
    }).params({ table: 't' }).Item as Record<string, string>;
    expect(item.gsi1pk).toContain('u-camille');
    expect(item.gsi2pk).toContain('u-alex');
    expect(item.sk).toContain('20260101t000000000z-abcd');
  });
});
