import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './aws';
import { isConditionFailure } from './conditions';
import { config } from './config';
import { TABLE } from './table';
import { assetsBucket } from './assets';
import { ValidationError } from './errors';
import { logger } from './logger';
import { isMissingObject, s3Api, uploadForm } from './s3';

/**
 * Logos sent by browsers straight to the assets bucket (decisions 0016 and 0023): a form upload
 * whose signed policy fixes the key, the type and the largest size, below the owner's `uploads/…`
 * prefix; then a confirmation that checks the object again (its size, its type and its first bytes)
 * and copies it below the owner's `logos/…` prefix, which browsers load. The domain says whose
 * prefixes they are and writes the logo's key on its item.
 */

/** The image types a logo may be, with the extension of their files. SVG is never one. */
export const LOGO_EXTENSIONS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
} as const;
export type LogoType = keyof typeof LOGO_EXTENSIONS;

const TYPE_OF_EXTENSION = new Map(
  Object.entries(LOGO_EXTENSIONS).map(([type, extension]) => [extension as string, type as LogoType]),
);
/** The name an upload gets below its owner's prefix: a random id and the type's extension. */
const UPLOAD_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(png|jpg|webp)$/;

/** Logos never change under their key (a new logo gets a new one): browsers may keep them. */
const LOGO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Whether the first bytes of a file are those of an image of that type. */
export function hasLogoSignature(type: LogoType, bytes: Uint8Array): boolean {
  const starts = (offset: number, expected: readonly number[]) =>
    expected.every((byte, i) => bytes[offset + i] === byte);
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  switch (type) {
    case 'image/png':
      return starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/jpeg':
      return starts(0, [0xff, 0xd8, 0xff]);
    case 'image/webp':
      return starts(0, ascii('RIFF')) && starts(8, ascii('WEBP'));
  }
}

const invalidKey = () => new ValidationError([{ key: 'not-valid', field: 'body.key' }]);

/**
 * The random id and the extension of the upload `key`, which must be one below `uploadPrefix`;
 * otherwise 400 on `body.key`. Nothing is read from the bucket.
 */
export function uploadedLogoName(key: string, uploadPrefix: string): { id: string; extension: string } {
  const match = key.startsWith(uploadPrefix) ? UPLOAD_NAME.exec(key.slice(uploadPrefix.length)) : null;
  if (!match) throw invalidKey();
  const [, id, extension] = match as unknown as [string, string, string];
  return { id, extension };
}

/** Copies `source` to `key` in `bucket` as browsers load a logo: with its type and a long cache. */
async function copyAsLogo(bucket: string, source: string, key: string, type: LogoType): Promise<void> {
  const { client, sdk } = await s3Api();
  await client.send(
    new sdk.CopyObjectCommand({
      Bucket: bucket,
      Key: key,
      CopySource: `${bucket}/${source}`,
      MetadataDirective: 'REPLACE',
      ContentType: type,
      CacheControl: LOGO_CACHE_CONTROL,
    }),
  );
}

/** Deletes objects of the assets bucket, logging what could not be: the owner's state is already right. */
export async function removeAssets(keys: readonly (string | undefined)[]): Promise<void> {
  const { client, sdk } = await s3Api();
  for (const key of keys) {
    if (!key) continue;
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: assetsBucket(), Key: key }));
    } catch (error) {
      logger.warn('An asset could not be deleted', { key, error });
    }
  }
}

/**
 * A form upload of one file of `contentType`, at most `size` bytes, to a new key below
 * `uploadPrefix`, for the next `expiresSeconds`.
 */
export async function grantLogoUpload(options: {
  uploadPrefix: string;
  contentType: LogoType;
  size: number;
  expiresSeconds: number;
}): Promise<{ uploadUrl: string; fields: Record<string, string>; key: string; expiresAt: string }> {
  const key = `${options.uploadPrefix}${randomUUID()}.${LOGO_EXTENSIONS[options.contentType]}`;
  // Taken before signing, so the upload never expires before the time announced.
  const expiresAt = new Date(Date.now() + options.expiresSeconds * 1000).toISOString();
  const { url, fields } = await uploadForm({
    bucket: assetsBucket(),
    key,
    contentType: options.contentType,
    maxBytes: options.size,
    expiresSeconds: options.expiresSeconds,
  });
  return { uploadUrl: url, fields, key, expiresAt };
}

/**
 * Checks the upload `key`: it must be one below `uploadPrefix` (its owner's), be there, be of an
 * accepted type (its declared type, its name and its first bytes agree) and hold 1 to `maxBytes`
 * bytes; otherwise 400 on `body.key` (and a refused file is deleted). Copies it below `logoPrefix`
 * with its type and a long cache, and answers the new key; the upload itself is left to the caller
 * to delete once the logo is written.
 */
export async function acceptUploadedLogo(options: {
  key: string;
  uploadPrefix: string;
  logoPrefix: string;
  maxBytes: number;
}): Promise<string> {
  const { key, uploadPrefix, logoPrefix, maxBytes } = options;
  const { id, extension } = uploadedLogoName(key, uploadPrefix);
  const expectedType = TYPE_OF_EXTENSION.get(extension);

  const bucket = assetsBucket();
  const { client, sdk } = await s3Api();
  let head: { ContentLength?: number | undefined; ContentType?: string | undefined };
  try {
    head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
  } catch (error) {
    if (isMissingObject(error)) throw invalidKey();
    throw error;
  }
  const size = head.ContentLength ?? 0;
  if (size > maxBytes) {
    await removeAssets([key]);
    throw new ValidationError([
      { key: 'value-out-of-range-error', field: 'body.key', values: { max: maxBytes } },
    ]);
  }
  const type = head.ContentType?.split(';')[0]?.trim().toLowerCase();
  if (size < 1 || !expectedType || type !== expectedType) {
    await removeAssets([key]);
    throw invalidKey();
  }
  const start = await client.send(
    new sdk.GetObjectCommand({ Bucket: bucket, Key: key, Range: 'bytes=0-11' }),
  );
  const bytes = (await start.Body?.transformToByteArray()) ?? new Uint8Array();
  if (!hasLogoSignature(expectedType, bytes)) {
    await removeAssets([key]);
    throw invalidKey();
  }

  const logo = `${logoPrefix}${id}.${extension}`;
  await copyAsLogo(bucket, key, logo, expectedType);
  return logo;
}

/**
 * Copies a served logo to a new key below `logoPrefix` (a copied owner gets its own file, so
 * removing one never breaks the other); undefined when it cannot be copied (logged).
 */
export async function copyLogo(source: string, logoPrefix: string): Promise<string | undefined> {
  const extension = /\.(png|jpg|webp)$/.exec(source)?.[1];
  const type = extension ? TYPE_OF_EXTENSION.get(extension) : undefined;
  if (!type) return undefined;
  const bucket = assetsBucket();
  const key = `${logoPrefix}${randomUUID()}.${extension}`;
  try {
    await copyAsLogo(bucket, source, key, type);
    return key;
  } catch (error) {
    logger.warn('A logo could not be copied', { source, error });
    return undefined;
  }
}

/**
 * Sets (or, with undefined, removes) the `logo` attribute of the item at `Key` if it is still
 * `expected` (undefined: none); false when the item is gone or its logo changed meanwhile. An
 * UpdateItem of the one attribute rather than ElectroDB's patch, which would move the item's
 * update date: the logo has its own routes, and that date stays the settings form's concurrency
 * token (decisions 0016, 0023).
 */
export async function writeLogoAttribute(
  Key: Record<string, unknown>,
  logo: string | undefined,
  expected: string | undefined,
): Promise<boolean> {
  const values: Record<string, string> = {};
  if (logo !== undefined) values[':logo'] = logo;
  if (expected !== undefined) values[':expected'] = expected;
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: config().TABLE_NAME,
        Key,
        UpdateExpression: logo === undefined ? 'REMOVE #logo' : 'SET #logo = :logo',
        ConditionExpression: `attribute_exists(#pk) AND ${
          expected === undefined ? 'attribute_not_exists(#logo)' : '#logo = :expected'
        }`,
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#logo': 'logo' },
        ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
