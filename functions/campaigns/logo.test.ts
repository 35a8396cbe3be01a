import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  UpdateCommand,
  type GetCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { CAMPAIGN_LOGO_MAX_BYTES } from '@shared/contracts/campaigns';
import { ConflictError, NotFoundError } from '../lib/errors';
import { deleteCampaign } from './definitions';
import { shownLogoUrl } from './shown-logo';
import { confirmLogo, removeLogo, requestLogoUpload } from './logo';
import { campaignsDb } from './store';

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

const CAMPAIGN = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const OTHER_CAMPAIGN = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const ID = '5f2b0a3e-9c1d-4e7f-8a6b-1c2d3e4f5a6b';
const UPLOAD = `uploads/campaigns/${CAMPAIGN}/${ID}.png`;
const SERVED = `logos/campaigns/${CAMPAIGN}/${ID}.png`;
const UPDATE_DATE = '2026-03-01T10:00:00.000Z';
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

/** The stored campaign, as the table holds it; `logo` changes with the writes the test lets through. */
let logo: string | undefined;
let exists = true;
function campaignItem(): Record<string, unknown> {
  const item = campaignsDb()
    .entities.campaign.create({
      campaignId: CAMPAIGN,
      sphereId: 'sphere-1',
      name: 'Spring pulse',
      publicName: {},
      description: {},
      timezone: 'Europe/Brussels',
      mode: 'simple',
      templateModel: 'blank',
      defaultLocale: 'en',
      firstMessage: {},
      welcomeMessage: {},
      endMessage: {},
      targets: { tagIds: [], sessionIds: [] },
      measures: [],
      ...(logo ? { logo } : {}),
    })
    .params().Item as Record<string, unknown>;
  return { ...item, updateDate: UPDATE_DATE, creationDate: UPDATE_DATE };
}
const campaignKey = () =>
  JSON.stringify(campaignsDb().entities.campaign.get({ campaignId: CAMPAIGN }).params().Key);

/** A GetObject answer whose body is these bytes (the part of the SDK stream the code reads). */
const bodyOf = (bytes: Uint8Array) =>
  ({ Body: { transformToByteArray: async () => bytes } }) as unknown as GetObjectCommandOutput;

beforeAll(() =>
  configureHandlers({
    TABLE_NAME: 'wellbeing-test',
    LOG_LEVEL: 'SILENT',
    AWS_REGION: 'eu-west-1',
    // Signing needs credentials; an endpoint gives the fixed local ones (nothing is sent to it).
    S3_ENDPOINT: 'http://127.0.0.1:9',
    ASSETS_BUCKET: 'assets-test',
    ASSETS_URL: 'https://app.example.com',
  }),
);

beforeEach(() => {
  ddb.reset();
  s3.reset();
  logo = undefined;
  exists = true;
  // The campaign when asked by its key; its sphere is not there (no sphere logo, no join code).
  ddb
    .on(GetCommand)
    .callsFake((input: GetCommandInput) =>
      exists && JSON.stringify(input.Key) === campaignKey() ? { Item: campaignItem() } : {},
    );
  // The campaign with its cycles (none).
  ddb.on(QueryCommand).callsFake(() => ({ Items: exists ? [campaignItem()] : [] }));
  ddb.on(UpdateCommand).callsFake((input: UpdateCommandInput) => {
    const values = (input.ExpressionAttributeValues ?? {}) as Record<string, string>;
    if (input.UpdateExpression?.startsWith('SET')) logo = values[':logo'];
    else logo = undefined;
    return {};
  });
  s3.on(HeadObjectCommand).resolves({ ContentLength: 2_000, ContentType: 'image/png' });
  s3.on(GetObjectCommand).resolves(bodyOf(PNG));
  s3.on(CopyObjectCommand).resolves({});
  s3.on(DeleteObjectCommand).resolves({});
});

const notValidKey = { errors: [{ key: 'not-valid', field: 'body.key' }] };
const deleted = () => s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key);

describe('shownLogoUrl', () => {
  const sphere = { logo: 'logos/spheres/s/a.png' };
  it('shows the campaign’s own logo first, whether it uses the sphere’s or not', () => {
    expect(shownLogoUrl({ logo: SERVED, useSphereLogo: true }, sphere)).toBe(
      `https://app.example.com/${SERVED}`,
    );
    expect(shownLogoUrl({ logo: SERVED, useSphereLogo: false }, sphere)).toBe(
      `https://app.example.com/${SERVED}`,
    );
  });

  it('falls back on the sphere’s logo only when the campaign uses it', () => {
    expect(shownLogoUrl({ logo: undefined, useSphereLogo: true }, sphere)).toBe(
      'https://app.example.com/logos/spheres/s/a.png',
    );
    expect(shownLogoUrl({ logo: undefined, useSphereLogo: false }, sphere)).toBeUndefined();
    expect(shownLogoUrl({ logo: undefined, useSphereLogo: true }, { logo: undefined })).toBeUndefined();
    expect(shownLogoUrl({ logo: undefined, useSphereLogo: true }, null)).toBeUndefined();
  });
});

describe('requestLogoUpload', () => {
  it('signs a form for one new key of the campaign, whose policy fixes the type and the size', async () => {
    const before = Date.now();
    const upload = await requestLogoUpload(CAMPAIGN, { contentType: 'image/jpeg', size: 5_000 });
    expect(upload.key).toMatch(new RegExp(`^uploads/campaigns/${CAMPAIGN}/[0-9a-f-]{36}\\.jpg$`));
    expect(upload.fields).toMatchObject({ key: upload.key, 'Content-Type': 'image/jpeg' });
    const policy = JSON.parse(Buffer.from(upload.fields.Policy!, 'base64').toString()) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([['content-length-range', 1, 5_000], { key: upload.key }]),
    );
    const expires = Date.parse(upload.expiresAt) - before;
    expect(expires).toBeGreaterThanOrEqual(299_000);
    expect(expires).toBeLessThanOrEqual(301_000);
  });

  it('answers not-found for a campaign that does not exist', async () => {
    exists = false;
    await expect(requestLogoUpload(CAMPAIGN, { contentType: 'image/png', size: 10 })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('confirmLogo', () => {
  it('copies the checked upload below the campaign’s logos and writes the logo alone, without moving updateDate', async () => {
    const campaign = await confirmLogo(CAMPAIGN, UPLOAD);
    expect(campaign.logo).toBe(SERVED);
    expect(campaign.logoUrl).toBe(`https://app.example.com/${SERVED}`);
    expect(campaign.updateDate).toBe(UPDATE_DATE);
    expect(s3.commandCalls(CopyObjectCommand)[0]!.args[0].input).toMatchObject({
      Key: SERVED,
      CopySource: `assets-test/${UPLOAD}`,
      ContentType: 'image/png',
    });
    const update = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.UpdateExpression).toBe('SET #logo = :logo');
    expect(update.ConditionExpression).toContain('attribute_not_exists(#logo)');
    expect(JSON.stringify(update)).not.toContain('updateDate');
    expect(deleted()).toEqual([UPLOAD]);
  });

  it('replaces a previous logo under the condition that it is still the one read, and deletes it', async () => {
    logo = `logos/campaigns/${CAMPAIGN}/00000000-0000-4000-8000-000000000000.webp`;
    const previous = logo;
    await confirmLogo(CAMPAIGN, UPLOAD);
    const update = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.ConditionExpression).toContain('#logo = :expected');
    expect(update.ExpressionAttributeValues).toMatchObject({ ':expected': previous });
    expect(deleted()).toEqual([UPLOAD, previous]);
  });

  it.each([
    ['another campaign’s upload', `uploads/campaigns/${OTHER_CAMPAIGN}/${ID}.png`],
    ['a sphere’s upload', `uploads/spheres/sphere-1/${ID}.png`],
    ['a served logo', SERVED],
    ['a path that climbs out', `uploads/campaigns/${CAMPAIGN}/../${OTHER_CAMPAIGN}/${ID}.png`],
    ['a name not drawn by the server', `uploads/campaigns/${CAMPAIGN}/logo.png`],
  ])('refuses %s with not-valid on body.key, asking S3 nothing', async (_, key) => {
    await expect(confirmLogo(CAMPAIGN, key)).rejects.toMatchObject(notValidKey);
    expect(s3.calls()).toHaveLength(0);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('refuses a file over 1 MiB with value-out-of-range-error, and deletes it', async () => {
    s3.on(HeadObjectCommand).resolves({
      ContentLength: CAMPAIGN_LOGO_MAX_BYTES + 1,
      ContentType: 'image/png',
    });
    await expect(confirmLogo(CAMPAIGN, UPLOAD)).rejects.toMatchObject({
      errors: [{ key: 'value-out-of-range-error', field: 'body.key' }],
    });
    expect(deleted()).toEqual([UPLOAD]);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('refuses a file whose first bytes are not an image of its type', async () => {
    s3.on(GetObjectCommand).resolves(bodyOf(new TextEncoder().encode('<html><script>')));
    await expect(confirmLogo(CAMPAIGN, UPLOAD)).rejects.toMatchObject(notValidKey);
    expect(s3.commandCalls(CopyObjectCommand)).toHaveLength(0);
  });

  it('answers conflict when another admin changed the logo meanwhile, and deletes its own copy', async () => {
    ddb
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('changed'), { name: 'ConditionalCheckFailedException' }));
    await expect(confirmLogo(CAMPAIGN, UPLOAD)).rejects.toBeInstanceOf(ConflictError);
    expect(deleted()).toEqual([SERVED]);
  });

  it('answers not-found for a campaign that does not exist, before touching the upload', async () => {
    exists = false;
    await expect(confirmLogo(CAMPAIGN, UPLOAD)).rejects.toBeInstanceOf(NotFoundError);
    expect(s3.calls()).toHaveLength(0);
  });
});

describe('removeLogo', () => {
  it('removes the own logo under the condition that it is still the one read, then its file', async () => {
    logo = SERVED;
    const campaign = await removeLogo(CAMPAIGN);
    expect(campaign.logo).toBeUndefined();
    expect(campaign.logoUrl).toBeUndefined();
    const update = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.UpdateExpression).toBe('REMOVE #logo');
    expect(update.ExpressionAttributeValues).toEqual({ ':expected': SERVED });
    expect(deleted()).toEqual([SERVED]);
  });

  it('leaves a campaign without a logo of its own as it is', async () => {
    const campaign = await removeLogo(CAMPAIGN);
    expect(campaign.logo).toBeUndefined();
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(s3.calls()).toHaveLength(0);
  });

  it('answers conflict when the logo changed meanwhile, and keeps its file', async () => {
    logo = SERVED;
    ddb
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('changed'), { name: 'ConditionalCheckFailedException' }));
    await expect(removeLogo(CAMPAIGN)).rejects.toBeInstanceOf(ConflictError);
    expect(s3.calls()).toHaveLength(0);
  });
});

describe('deleteCampaign', () => {
  it('deletes the campaign’s own logo file with the campaign', async () => {
    logo = SERVED;
    ddb.on(DeleteCommand).resolves({});
    await deleteCampaign(CAMPAIGN);
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(1);
    expect(deleted()).toEqual([SERVED]);
  });

  it('deletes no file for a campaign without a logo of its own', async () => {
    ddb.on(DeleteCommand).resolves({});
    await deleteCampaign(CAMPAIGN);
    expect(s3.calls()).toHaveLength(0);
  });
});
