import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchWriteCommandInput,
  type DeleteCommandInput,
  type GetCommandInput,
  type PutCommandInput,
  type QueryCommandInput,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { CampaignCreateSchema } from '@shared/contracts/campaigns';
import { HEADER_QUOTA_ALERT } from '@shared/contracts/headers';
import type { QuotaKind } from '@shared/domain/galaxies';
import { configureHandlers } from '../lib/environment';
import { ConflictError } from '../lib/errors';
import { withNotices } from '../lib/notices';
import { enqueueNotification } from '../lib/queue';
import { galaxyScope, used, valueFields } from '../lib/quotas';
import { findSphere, findSpheres, membershipIn, type MemberItem, type SphereItem } from '../spheres';
import { createCampaign, deleteCampaign, deleteCycle, updateCampaign } from './definitions';
import { campaignsDomain } from './domain';
import { campaignGalaxyUsage } from './index';
import { actOnParticipation } from './participation';
import {
  findCampaign,
  findParticipant,
  insertParticipant,
  type CampaignItem,
  type CycleItem,
  type ParticipantItem,
} from './repository';
import { campaignsDb } from './store';

/**
 * The galaxy quotas campaigns take (decision 0045): a campaign its template model's diagnostic kind
 * and `engagement-up-campaigns`, a live participation `engagement-up-participations`, each in the
 * create's own transaction, given back by the deletions; and the usage a sphere's campaigns hold.
 * On a table kept in memory that evaluates the conditions ElectroDB writes (a transaction is
 * all-or-nothing, as in DynamoDB); the spheres face answers a sphere in a galaxy.
 */

vi.mock('../spheres', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  findSphere: vi.fn(),
  findSpheres: vi.fn(),
  membershipIn: vi.fn(),
  sphereLinkCode: vi.fn(async () => null),
}));
vi.mock('../lib/queue', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  enqueueNotification: vi.fn(async () => 'queued'),
}));

type Item = Record<string, unknown>;

/** A condition refused outside a transaction, as DynamoDB names it. */
const conditionFailed = () =>
  Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

/**
 * The expressions ElectroDB writes: conditions (AND, OR, NOT, comparisons, attribute_exists,
 * attribute_not_exists, begins_with) evaluated on an item, and updates (SET, ADD, REMOVE) applied.
 */
function expressions(names: Record<string, string> = {}, values: Record<string, unknown> = {}) {
  const tokensOf = (text: string) =>
    text.match(/#\w+|:\w+|<>|<=|>=|[=<>(),+-]|[A-Za-z_]\w*/g) ?? ([] as string[]);
  const name = (token: string) => (token.startsWith('#') ? (names[token] ?? token) : token);
  const operand = (token: string, item: Item): unknown =>
    token.startsWith(':') ? values[token] : item[name(token)];

  function condition(text: string, item: Item): boolean {
    const tokens = tokensOf(text);
    let at = 0;
    const peek = () => tokens[at]?.toUpperCase();
    const next = () => tokens[at++] as string;
    const or = (): boolean => {
      let value = and();
      while (peek() === 'OR') {
        next();
        const right = and();
        value = value || right;
      }
      return value;
    };
    const and = (): boolean => {
      let value = not();
      while (peek() === 'AND') {
        next();
        const right = not();
        value = value && right;
      }
      return value;
    };
    const not = (): boolean => {
      if (peek() !== 'NOT') return primary();
      next();
      return !not();
    };
    const primary = (): boolean => {
      const token = next();
      if (token === '(') {
        const value = or();
        next();
        return value;
      }
      const fn = token.toLowerCase();
      if (fn === 'attribute_exists' || fn === 'attribute_not_exists' || fn === 'begins_with') {
        next();
        const first = operand(next(), item);
        let second: unknown;
        if (tokens[at] === ',') {
          next();
          second = operand(next(), item);
        }
        next();
        if (fn === 'attribute_exists') return first !== undefined;
        if (fn === 'attribute_not_exists') return first === undefined;
        return typeof first === 'string' && typeof second === 'string' && first.startsWith(second);
      }
      const left = operand(token, item);
      const op = next();
      const right = operand(next(), item);
      if (left === undefined || right === undefined) return op === '<>' && left !== right;
      const [l, r] = [left as number | string, right as number | string];
      switch (op) {
        case '=':
          return l === r;
        case '<>':
          return l !== r;
        case '<':
          return l < r;
        case '<=':
          return l <= r;
        case '>':
          return l > r;
        default:
          return l >= r;
      }
    };
    return or();
  }

  function update(text: string, item: Item): Item {
    const result: Item = { ...item };
    const clauses = text.split(/\b(SET|ADD|REMOVE)\b/).map((c) => c.trim());
    for (let i = 1; i < clauses.length; i += 2) {
      const parts = (clauses[i + 1] ?? '').split(',').map((p) => p.trim());
      for (const part of parts.filter(Boolean)) {
        const tokens = tokensOf(part);
        const target = name(tokens[0] as string);
        if (clauses[i] === 'REMOVE') delete result[target];
        else if (clauses[i] === 'ADD')
          result[target] =
            ((result[target] as number | undefined) ?? 0) + (operand(tokens[1] as string, item) as number);
        else result[target] = operand(tokens[2] as string, item);
      }
    }
    return result;
  }
  return { condition, update };
}

function memoryTable() {
  const items = new Map<string, Item>();
  const id = (key: Item) => `${String(key.pk)}\u0000${String(key.sk)}`;
  const keyOf = (item: Item) => ({ pk: item.pk, sk: item.sk });
  type Write =
    | { Put: PutCommandInput }
    | { Update: UpdateCommandInput }
    | { Delete: DeleteCommandInput }
    | { ConditionCheck: { Key: Item; ConditionExpression: string } & Partial<UpdateCommandInput> };
  const passes = (
    key: Item,
    input: {
      ConditionExpression?: string | undefined;
      ExpressionAttributeNames?: Record<string, string> | undefined;
      ExpressionAttributeValues?: Record<string, unknown> | undefined;
    },
  ) =>
    !input.ConditionExpression ||
    expressions(input.ExpressionAttributeNames, input.ExpressionAttributeValues).condition(
      input.ConditionExpression,
      items.get(id(key)) ?? {},
    );
  const keyOfWrite = (write: Write): Item =>
    'Put' in write
      ? keyOf(write.Put.Item as Item)
      : 'Update' in write
        ? (write.Update.Key as Item)
        : 'Delete' in write
          ? (write.Delete.Key as Item)
          : write.ConditionCheck.Key;
  const apply = (write: Write) => {
    if ('Put' in write) items.set(id(write.Put.Item as Item), { ...(write.Put.Item as Item) });
    else if ('Delete' in write) items.delete(id(write.Delete.Key as Item));
    else if ('Update' in write) {
      const key = write.Update.Key as Item;
      const { update } = expressions(
        write.Update.ExpressionAttributeNames,
        write.Update.ExpressionAttributeValues,
      );
      items.set(id(key), update(write.Update.UpdateExpression as string, items.get(id(key)) ?? { ...key }));
    }
  };
  const single = (write: Write) => {
    const input =
      'Put' in write ? write.Put : 'Update' in write ? write.Update : 'Delete' in write ? write.Delete : null;
    if (input && !passes(keyOfWrite(write), input)) throw conditionFailed();
    apply(write);
    return {};
  };
  return {
    items,
    /** The stored items of one ElectroDB entity. */
    of: (entity: string) => [...items.values()].filter((item) => item.__edb_e__ === entity),
    get: (input: GetCommandInput) => {
      const item = items.get(id(input.Key as Item));
      return item ? { Item: { ...item } } : {};
    },
    put: (input: PutCommandInput) => single({ Put: input }),
    update: (input: UpdateCommandInput) => single({ Update: input }),
    delete: (input: DeleteCommandInput) => single({ Delete: input }),
    transact: (input: TransactWriteCommandInput) => {
      const writes = (input.TransactItems ?? []) as Write[];
      const reasons = writes.map((write) => {
        const condition = Object.values(write)[0] as Parameters<typeof passes>[1];
        return passes(keyOfWrite(write), condition) ? 'None' : 'ConditionalCheckFailed';
      });
      if (reasons.some((code) => code !== 'None'))
        throw Object.assign(new Error('Transaction cancelled'), {
          name: 'TransactionCanceledException',
          CancellationReasons: reasons.map((Code) => ({ Code })),
        });
      writes.forEach(apply);
      return {};
    },
    batchWrite: (input: BatchWriteCommandInput) => {
      for (const requests of Object.values(input.RequestItems ?? {}))
        for (const request of requests) {
          if (request.PutRequest)
            items.set(id(request.PutRequest.Item as Item), { ...request.PutRequest.Item });
          if (request.DeleteRequest) items.delete(id(request.DeleteRequest.Key as Item));
        }
      return { UnprocessedItems: {} };
    },
    query: (input: QueryCommandInput) => {
      // The key condition names the index's own attributes (`gsi1pk`, `gsi1sk`): it reads the items.
      const { condition } = expressions(input.ExpressionAttributeNames, input.ExpressionAttributeValues);
      const sortKey = input.IndexName ? `${input.IndexName}sk` : 'sk';
      const found = [...items.values()]
        .filter((item) => condition(input.KeyConditionExpression as string, item))
        .filter((item) => !input.FilterExpression || condition(input.FilterExpression, item))
        .sort((a, b) => String(a[sortKey]).localeCompare(String(b[sortKey])));
      if (input.ScanIndexForward === false) found.reverse();
      return input.Select === 'COUNT' ? { Count: found.length } : { Items: found, Count: found.length };
    },
  };
}

const ddb = mockClient(DynamoDBDocumentClient);
let table = memoryTable();

const GALAXY = 'galaxy-1';
const SPHERE = 'sphere-1';
const USER = 'user-1';

/** The sphere the spheres face answers: in the galaxy unless told otherwise. */
let sphereGalaxy: string | undefined = GALAXY;
const sphere = (): SphereItem =>
  ({
    sphereId: SPHERE,
    name: 'Orbit',
    isStudyProgram: false,
    ...(sphereGalaxy ? { galaxyId: sphereGalaxy } : {}),
    entitlements: { engagementUp: { active: true, campaignTemplatesAvailable: true } },
  }) as unknown as SphereItem;
const member = {
  userId: USER,
  sphereId: SPHERE,
  active: true,
  roles: ['contributor'],
  tagIds: [],
} as unknown as MemberItem;

beforeAll(() =>
  configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT', AWS_REGION: 'eu-west-1' }),
);

beforeEach(() => {
  table = memoryTable();
  sphereGalaxy = GALAXY;
  ddb.reset();
  ddb.on(GetCommand).callsFake(async (input: GetCommandInput) => table.get(input));
  ddb.on(PutCommand).callsFake(async (input: PutCommandInput) => table.put(input));
  ddb.on(UpdateCommand).callsFake(async (input: UpdateCommandInput) => table.update(input));
  ddb.on(DeleteCommand).callsFake(async (input: DeleteCommandInput) => table.delete(input));
  ddb.on(QueryCommand).callsFake(async (input: QueryCommandInput) => table.query(input));
  ddb.on(TransactWriteCommand).callsFake(async (input: TransactWriteCommandInput) => table.transact(input));
  ddb.on(BatchWriteCommand).callsFake(async (input: BatchWriteCommandInput) => table.batchWrite(input));
  vi.mocked(findSphere).mockImplementation(async () => sphere());
  vi.mocked(findSpheres).mockImplementation(async () => [sphere()]);
  vi.mocked(membershipIn).mockImplementation(async () => member);
});

afterEach(() => vi.mocked(enqueueNotification).mockClear());

/** Sets a galaxy quota's value and usage, as the galaxies domain writes the tally. */
async function tally(kind: QuotaKind, usage: number, value?: number): Promise<void> {
  await campaignsDb()
    .entities.quotaTally.create({
      scope: galaxyScope(GALAXY),
      kind,
      used: usage,
      ...(value !== undefined ? valueFields(value) : {}),
    })
    .go();
}

const usedOf = async (kind: QuotaKind) => (await used(galaxyScope(GALAXY), kind)) ?? 0;

const body = (templateModel: CampaignItem['templateModel']) =>
  CampaignCreateSchema.parse({
    name: 'Spring pulse',
    templateModel,
    targets: { tagIds: [], sessionIds: [] },
  });

/** A cycle of a campaign, collecting since yesterday. */
async function collectingCycle(campaignId: string, fields: Partial<CycleItem> = {}): Promise<CycleItem> {
  const cycleId = `cycle-${campaignId}-${table.of('campaignCycle').length}`;
  await campaignsDb()
    .entities.campaignCycle.create({
      campaignId,
      cycleId,
      sphereId: SPHERE,
      internalLabel: 'First',
      message: {},
      notifications: [],
      status: 'inProgress',
      start: new Date(Date.now() - 86_400_000).toISOString(),
      answerSalt: 'salt',
      ...fields,
    })
    .go();
  const { data } = await campaignsDb().entities.campaignCycle.get({ campaignId, cycleId }).go();
  return data as CycleItem;
}

const participation = (cycle: CycleItem, userId: string, mode: ParticipantItem['mode'] = 'live') => ({
  cycleId: cycle.cycleId,
  mode,
  userId,
  campaignId: cycle.campaignId,
  sphereId: SPHERE,
  status: 'blank' as const,
  steps: [],
  expirationDate: '2099-01-01T00:00:00.000Z',
});

describe('a campaign takes its model’s and the campaigns’ quotas', () => {
  it('in a sphere of a galaxy: one of each, in the create’s transaction', async () => {
    const created = await createCampaign(SPHERE, body('checkup'));
    expect(await findCampaign(created.campaignId)).not.toBeNull();
    expect(await usedOf('diagnostic-checkup')).toBe(1);
    expect(await usedOf('engagement-up-campaigns')).toBe(1);
    expect(await usedOf('diagnostic-blank')).toBe(0);
    const write = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input;
    expect(write.TransactItems).toHaveLength(3);
  });

  it('at the block of either: 409 quota-blocked naming it, and nothing written', async () => {
    await tally('engagement-up-campaigns', 3, 3);
    await tally('diagnostic-aripso', 0, 10);
    const error = await createCampaign(SPHERE, body('aripso')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({
      key: 'quota-blocked',
      details: [{ key: 'quota-blocked', field: 'engagement-up-campaigns' }],
    });
    expect(table.of('campaign')).toHaveLength(0);
    expect(await usedOf('engagement-up-campaigns')).toBe(3);
    expect(await usedOf('diagnostic-aripso')).toBe(0);
  });

  it('past the alert: created, the answer says so, the galaxy’s admins are told once', async () => {
    await tally('diagnostic-simple', 3, 5);
    const { headers } = await withNotices(() => createCampaign(SPHERE, body('simple')));
    expect(headers[HEADER_QUOTA_ALERT]).toBe('diagnostic-simple');
    expect(await usedOf('diagnostic-simple')).toBe(4);
    expect(await usedOf('engagement-up-campaigns')).toBe(1);
    expect(vi.mocked(enqueueNotification)).toHaveBeenCalledTimes(1);
  });

  it('in a sphere of no galaxy: no tally, a single create', async () => {
    sphereGalaxy = undefined;
    await createCampaign(SPHERE, body('checkup'));
    expect(table.of('campaign')).toHaveLength(1);
    expect(table.of('quotaTally')).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('a change of model gives the old model back and takes the new one, refused at its block', async () => {
    const created = await createCampaign(SPHERE, body('blank'));
    const saved = await updateCampaign(created.campaignId, {
      ...body('checkup'),
      updateDate: created.updateDate,
    });
    expect(saved.templateModel).toBe('checkup');
    expect(await usedOf('diagnostic-blank')).toBe(0);
    expect(await usedOf('diagnostic-checkup')).toBe(1);
    expect(await usedOf('engagement-up-campaigns')).toBe(1);

    await tally('diagnostic-aripso', 2, 2);
    await expect(
      updateCampaign(created.campaignId, { ...body('aripso'), updateDate: saved.updateDate }),
    ).rejects.toMatchObject({ key: 'quota-blocked' });
    expect((await findCampaign(created.campaignId))?.templateModel).toBe('checkup');
    expect(await usedOf('diagnostic-checkup')).toBe(1);
    expect(await usedOf('diagnostic-aripso')).toBe(2);
  });

  it('its deletion gives back what it took, and its cycles’ live participations', async () => {
    const created = await createCampaign(SPHERE, body('checkup'));
    const cycle = await collectingCycle(created.campaignId);
    await insertParticipant(participation(cycle, 'a'), GALAXY);
    await insertParticipant(participation(cycle, 'b'), GALAXY);
    await campaignsDb()
      .entities.campaignCycle.patch({ campaignId: cycle.campaignId, cycleId: cycle.cycleId })
      .set({ status: 'cancelled' })
      .go();
    expect(await usedOf('engagement-up-participations')).toBe(2);
    await deleteCampaign(created.campaignId);
    expect(table.of('campaign')).toHaveLength(0);
    expect(table.of('campaignCycle')).toHaveLength(0);
    expect(await usedOf('diagnostic-checkup')).toBe(0);
    expect(await usedOf('engagement-up-campaigns')).toBe(0);
    expect(await usedOf('engagement-up-participations')).toBe(0);
  });
});

describe('a participation takes the participations quota', () => {
  it('once per participation: a second tab’s create takes nothing', async () => {
    const created = await createCampaign(SPHERE, body('blank'));
    const cycle = await collectingCycle(created.campaignId);
    const view = await actOnParticipation({ userId: USER, language: 'en' }, created.campaignId, undefined, {
      action: 'accept',
      test: false,
    });
    expect(view.participation?.status).toBe('inProgress');
    expect(await usedOf('engagement-up-participations')).toBe(1);
    // Accepting again (the participation is there) and a create racing the first take nothing.
    await actOnParticipation({ userId: USER, language: 'en' }, created.campaignId, undefined, {
      action: 'accept',
      test: false,
    });
    const again = await insertParticipant(participation(cycle, USER), GALAXY);
    expect(again.status).toBe('inProgress');
    expect(await usedOf('engagement-up-participations')).toBe(1);
    expect(table.of('campaignParticipant')).toHaveLength(1);
  });

  it('at the block: 409 quota-blocked, and no participation written', async () => {
    const created = await createCampaign(SPHERE, body('blank'));
    await collectingCycle(created.campaignId);
    await tally('engagement-up-participations', 1, 1);
    await expect(
      actOnParticipation({ userId: USER, language: 'en' }, created.campaignId, undefined, {
        action: 'accept',
        test: false,
      }),
    ).rejects.toMatchObject({
      key: 'quota-blocked',
      details: [{ key: 'quota-blocked', field: 'engagement-up-participations' }],
    });
    expect(table.of('campaignParticipant')).toHaveLength(0);
    expect(await usedOf('engagement-up-participations')).toBe(1);
  });

  it('one per cycle a person takes part in; test participations and spheres of no galaxy take none', async () => {
    const created = await createCampaign(SPHERE, body('blank'));
    const first = await collectingCycle(created.campaignId);
    const second = await collectingCycle(created.campaignId);
    await insertParticipant(participation(first, 'a'), GALAXY);
    await insertParticipant(participation(second, 'a'), GALAXY);
    await insertParticipant(participation(first, 'b', 'test'), GALAXY);
    await insertParticipant(participation(first, 'c'));
    expect(table.of('campaignParticipant')).toHaveLength(4);
    expect(await usedOf('engagement-up-participations')).toBe(2);
  });

  it('racing creates never pass the value', async () => {
    const created = await createCampaign(SPHERE, body('blank'));
    const cycle = await collectingCycle(created.campaignId);
    await tally('engagement-up-participations', 0, 3);
    const outcomes = await Promise.allSettled(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((userId) => insertParticipant(participation(cycle, userId), GALAXY)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(table.of('campaignParticipant')).toHaveLength(3);
    expect(await usedOf('engagement-up-participations')).toBe(3);
  });

  it('a cycle’s deletion and a person leaving give their live participations back', async () => {
    const created = await createCampaign(SPHERE, body('blank'));
    const kept = await collectingCycle(created.campaignId);
    const cancelled = await collectingCycle(created.campaignId);
    await insertParticipant(participation(kept, USER), GALAXY);
    await insertParticipant(participation(cancelled, 'b'), GALAXY);
    await insertParticipant(participation(kept, USER, 'test'), GALAXY);
    await campaignsDb()
      .entities.campaignCycle.patch({ campaignId: cancelled.campaignId, cycleId: cancelled.cycleId })
      .set({ status: 'cancelled' })
      .go();
    expect(await usedOf('engagement-up-participations')).toBe(2);
    await deleteCycle(created.campaignId, cancelled.cycleId);
    expect(await usedOf('engagement-up-participations')).toBe(1);

    const gathered = await campaignsDomain.belongings[0]!.gather({
      userId: USER,
      emails: [],
      ownedEmails: [],
    });
    await gathered.leave();
    expect(await findParticipant({ cycleId: kept.cycleId, mode: 'live', userId: USER })).toBeNull();
    expect(await findParticipant({ cycleId: kept.cycleId, mode: 'test', userId: USER })).toBeNull();
    expect(await usedOf('engagement-up-participations')).toBe(0);
  });
});

describe('campaignGalaxyUsage', () => {
  it('counts the sphere’s campaigns per kind and their cycles’ live participations, as the takes did', async () => {
    const checkup = await createCampaign(SPHERE, body('checkup'));
    const blank = await createCampaign(SPHERE, body('blank'));
    await createCampaign(SPHERE, body('checkup'));
    const one = await collectingCycle(checkup.campaignId);
    const two = await collectingCycle(blank.campaignId);
    const three = await collectingCycle(blank.campaignId);
    for (const [cycle, userId] of [
      [one, 'a'],
      [one, 'b'],
      [two, 'a'],
      [three, 'c'],
    ] as const)
      await insertParticipant(participation(cycle, userId), GALAXY);
    await insertParticipant(participation(two, 'tester', 'test'), GALAXY);

    const usage = await campaignGalaxyUsage(SPHERE);
    expect(usage).toEqual({
      'diagnostic-checkup': 2,
      'diagnostic-blank': 1,
      'engagement-up-campaigns': 3,
      'engagement-up-participations': 4,
    });
    for (const [kind, count] of Object.entries(usage)) expect(await usedOf(kind as QuotaKind)).toBe(count);
    // Queries only: the sphere's campaigns, each campaign's cycles, each cycle's participations.
    const queries = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((q) => q.KeyConditionExpression !== undefined)).toBe(true);
  });

  it('a sphere without campaigns holds nothing', async () => {
    expect(await campaignGalaxyUsage('sphere-empty')).toEqual({});
  });
});
