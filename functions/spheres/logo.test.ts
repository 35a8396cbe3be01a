import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  UpdateCommand,
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
import { SPHERE_LOGO_MAX_BYTES } from '@shared/contracts/spheres';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { confirmLogo, hasSignatureOf, removeLogo, requestLogoUpload } from './logo';
import { spheresDb } from './store';

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

const SPHERE = '0b7c7d4e-7d0f-4a53-9a57-0c1f6c1a2b3c';
const OTHER_SPHERE = 'e3d6c5b4-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const ID = '5f2b0a3e-9c1d-4e7f-8a6b-1c2d3e4f5a6b';
const UPLOAD = `uploads/spheres/${SPHERE}/${ID}.png`;
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

/** The stored sphere, as the table holds it; `logo` changes with the writes the test lets through. */
let logo: string | undefined;
function sphereItem() {
  return spheresDb()
    .entities.sphere.create({
      sphereId: SPHERE,
      name: 'Atelier',
      nameKey: 'atelier',
      category: 'company',
      ownerId: 'owner',
      address: { country: 'BE' },
      languages: { primary: 'fr', extras: [] },
      limits: { tags: 10, members: 10, groups: 10 },
      entitlements: {
        engagementUp: { active: true, campaignTemplatesAvailable: false },
        salesUp: { active: false },
      },
      sphereKey: 'key',
      ...(logo ? { logo } : {}),
    })
    .params().Item as Record<string, unknown>;
}

/** A GetObject answer whose body is these bytes (the part of the SDK stream the code reads). */
const bodyOf = (bytes: Uint8Array) =>
  ({ Body: { transformToByteArray: async () => bytes } }) as unknown as GetObjectCommandOutput;

const missing = (status: number) =>
  Object.assign(new Error('missing'), {
    name: status === 404 ? 'NotFound' : 'Forbidden',
    $metadata: { httpStatusCode: status },
  });

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
  ddb.on(GetCommand).callsFake(() => ({ Item: sphereItem() }));
  // The caller's membership (none here), and their open connections (none).
  ddb.on(QueryCommand).resolves({ Items: [] });
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

describe('requestLogoUpload', () => {
  it('signs a form for one new key of the sphere, whose policy fixes the type and the size', async () => {
    const before = Date.now();
    const upload = await requestLogoUpload(SPHERE, { contentType: 'image/webp', size: 5_000 });
    expect(upload.key).toMatch(new RegExp(`^uploads/spheres/${SPHERE}/[0-9a-f-]{36}\\.webp$`));
    expect(upload.uploadUrl).toBe('http://127.0.0.1:9/assets-test');
    expect(upload.fields).toMatchObject({ key: upload.key, 'Content-Type': 'image/webp' });
    const policy = JSON.parse(Buffer.from(upload.fields.Policy!, 'base64').toString()) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['eq', '$Content-Type', 'image/webp'],
        ['content-length-range', 1, 5_000],
        { key: upload.key },
        { bucket: 'assets-test' },
      ]),
    );
    const expires = Date.parse(upload.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(299_000);
    expect(expires - before).toBeLessThanOrEqual(301_000);
    expect(Date.parse(policy.expiration)).toBeGreaterThanOrEqual(expires - 1_000);
  });

  it('gives two uploads two keys', async () => {
    const a = await requestLogoUpload(SPHERE, { contentType: 'image/png', size: 10 });
    const b = await requestLogoUpload(SPHERE, { contentType: 'image/png', size: 10 });
    expect(a.key).not.toBe(b.key);
  });

  it('answers not-found for a sphere that does not exist', async () => {
    ddb.on(GetCommand).resolves({});
    await expect(requestLogoUpload(SPHERE, { contentType: 'image/png', size: 10 })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('confirmLogo', () => {
  it('copies the checked upload to where browsers load it, and answers the sphere with its URL', async () => {
    const sphere = await confirmLogo('admin', SPHERE, UPLOAD);
    const served = `logos/spheres/${SPHERE}/${ID}.png`;
    expect(sphere.logoUrl).toBe(`https://app.example.com/${served}`);
    expect(s3.commandCalls(CopyObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: 'assets-test',
      Key: served,
      CopySource: `assets-test/${UPLOAD}`,
      MetadataDirective: 'REPLACE',
      ContentType: 'image/png',
      CacheControl: 'public, max-age=31536000, immutable',
    });
    const update = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.UpdateExpression).toBe('SET #logo = :logo');
    expect(update.ConditionExpression).toContain('attribute_not_exists(#logo)');
    // Only the logo: updatedAt, the settings form's concurrency token, stays as it is.
    expect(JSON.stringify(update)).not.toContain('updatedAt');
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key)).toEqual([UPLOAD]);
    expect(s3.commandCalls(GetObjectCommand)[0]!.args[0].input.Range).toBe('bytes=0-11');
  });

  it('replaces a previous logo, under the condition that it is still the one read, and deletes it', async () => {
    logo = `logos/spheres/${SPHERE}/00000000-0000-4000-8000-000000000000.jpg`;
    const previous = logo;
    await confirmLogo('admin', SPHERE, UPLOAD);
    const update = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.ConditionExpression).toContain('#logo = :expected');
    expect(update.ExpressionAttributeValues).toMatchObject({ ':expected': previous });
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key)).toEqual([UPLOAD, previous]);
  });

  it.each([
    ['another sphere’s upload', `uploads/spheres/${OTHER_SPHERE}/${ID}.png`],
    ['a served logo', `logos/spheres/${SPHERE}/${ID}.png`],
    ['a path that climbs out', `uploads/spheres/${SPHERE}/../${OTHER_SPHERE}/${ID}.png`],
    ['another extension', `uploads/spheres/${SPHERE}/${ID}.svg`],
    ['a name not drawn by the server', `uploads/spheres/${SPHERE}/logo.png`],
  ])('refuses %s with not-valid on body.key, asking S3 nothing', async (_, key) => {
    await expect(confirmLogo('admin', SPHERE, key)).rejects.toMatchObject(notValidKey);
    expect(s3.calls()).toHaveLength(0);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it.each([404, 403])(
    'refuses an upload that is not there (S3 answers %i) with not-valid',
    async (status) => {
      s3.on(HeadObjectCommand).rejects(missing(status));
      await expect(confirmLogo('admin', SPHERE, UPLOAD)).rejects.toMatchObject(notValidKey);
      expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    },
  );

  it('refuses a file over 1 MiB with value-out-of-range-error and its limit, and deletes it', async () => {
    s3.on(HeadObjectCommand).resolves({ ContentLength: SPHERE_LOGO_MAX_BYTES + 1, ContentType: 'image/png' });
    const refused = confirmLogo('admin', SPHERE, UPLOAD);
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toMatchObject({
      errors: [
        { key: 'value-out-of-range-error', field: 'body.key', values: { max: SPHERE_LOGO_MAX_BYTES } },
      ],
    });
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key)).toEqual([UPLOAD]);
    expect(s3.commandCalls(CopyObjectCommand)).toHaveLength(0);
  });

  it.each([
    ['a stored type other than its name’s', { ContentLength: 10, ContentType: 'image/svg+xml' }],
    ['an empty file', { ContentLength: 0, ContentType: 'image/png' }],
  ])('refuses %s with not-valid, and deletes it', async (_, head) => {
    s3.on(HeadObjectCommand).resolves(head);
    await expect(confirmLogo('admin', SPHERE, UPLOAD)).rejects.toMatchObject(notValidKey);
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key)).toEqual([UPLOAD]);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('refuses a file whose first bytes are not an image of its type (a document named .png)', async () => {
    s3.on(GetObjectCommand).resolves(bodyOf(new TextEncoder().encode('<svg onload=')));
    await expect(confirmLogo('admin', SPHERE, UPLOAD)).rejects.toMatchObject(notValidKey);
    expect(s3.commandCalls(CopyObjectCommand)).toHaveLength(0);
  });

  it('answers conflict when another admin changed the logo meanwhile, and deletes its own copy', async () => {
    ddb
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('changed'), { name: 'ConditionalCheckFailedException' }));
    await expect(confirmLogo('admin', SPHERE, UPLOAD)).rejects.toBeInstanceOf(ConflictError);
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key)).toEqual([
      `logos/spheres/${SPHERE}/${ID}.png`,
    ]);
  });

  it('fails the call on another S3 failure (not the caller’s input)', async () => {
    s3.on(HeadObjectCommand).rejects(
      Object.assign(new Error('slow down'), { name: 'SlowDown', $metadata: { httpStatusCode: 503 } }),
    );
    await expect(confirmLogo('admin', SPHERE, UPLOAD)).rejects.not.toBeInstanceOf(ValidationError);
  });
});

describe('removeLogo', () => {
  it('removes the logo from the sphere, then the file', async () => {
    logo = `logos/spheres/${SPHERE}/${ID}.png`;
    const sphere = await removeLogo('admin', SPHERE);
    expect(sphere.logoUrl).toBeUndefined();
    const update = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.UpdateExpression).toBe('REMOVE #logo');
    expect(update.ExpressionAttributeValues).toEqual({ ':expected': `logos/spheres/${SPHERE}/${ID}.png` });
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key)).toEqual([
      `logos/spheres/${SPHERE}/${ID}.png`,
    ]);
  });

  it('leaves a sphere without a logo as it is', async () => {
    const sphere = await removeLogo('admin', SPHERE);
    expect(sphere.logoUrl).toBeUndefined();
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(s3.calls()).toHaveLength(0);
  });
});

describe('hasSignatureOf', () => {
  const ascii = (text: string) => new TextEncoder().encode(text);
  it('knows PNG, JPEG and WebP by their first bytes', () => {
    expect(hasSignatureOf('image/png', PNG)).toBe(true);
    expect(hasSignatureOf('image/jpeg', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(hasSignatureOf('image/webp', ascii('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe(true);
  });

  it('refuses other bytes, a file too short, and one type for another', () => {
    expect(hasSignatureOf('image/png', ascii('<html><script>'))).toBe(false);
    expect(hasSignatureOf('image/jpeg', Uint8Array.from([0xff, 0xd8]))).toBe(false);
    expect(hasSignatureOf('image/webp', ascii('RIFF\x10\x00\x00\x00WAVEfmt '))).toBe(false);
    expect(hasSignatureOf('image/jpeg', PNG)).toBe(false);
  });
});
