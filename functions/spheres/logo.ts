import { randomUUID } from 'node:crypto';
import {
  SPHERE_LOGO_MAX_BYTES,
  SPHERE_LOGO_UPLOAD_SECONDS,
  type Sphere,
  type SphereLogoType,
  type SphereLogoUpload,
  type SphereLogoUploadRequest,
} from '../../shared/contracts/spheres';
import { SERVED_ASSETS_PREFIX, UPLOADS_PREFIX, assetsBucket } from '../lib/assets';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { logger } from '../lib/logger';
import { isMissingObject, s3Api, uploadForm } from '../lib/s3';
import { publishAfterWrite } from '../realtime';
import { findSphere, writeSphereLogo } from './repository';
import { rolesIn, toSphere } from './service';

/**
 * Sphere logos (spec 01 §3 `logo`, decision 0016). The admin's browser sends the file straight to
 * the assets bucket, under `uploads/spheres/<sphereId>/`, with a form whose signed policy fixes the
 * key, the type and the largest size; confirming checks the object again (its size, its type and
 * its first bytes) and copies it to `logos/spheres/<sphereId>/`, which browsers load. What is never
 * confirmed expires with the uploads.
 */

/** The parts of the assets bucket this domain writes (its grants). */
export const SPHERE_ASSET_PREFIXES = [`${SERVED_ASSETS_PREFIX}spheres/`, `${UPLOADS_PREFIX}spheres/`];

const uploadPrefix = (sphereId: string) => `${UPLOADS_PREFIX}spheres/${sphereId}/`;
const logoPrefix = (sphereId: string) => `${SERVED_ASSETS_PREFIX}spheres/${sphereId}/`;

const EXTENSIONS: Record<SphereLogoType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
const TYPE_OF_EXTENSION = new Map(
  Object.entries(EXTENSIONS).map(([type, extension]) => [extension, type as SphereLogoType]),
);
/** The name an upload gets below its sphere's prefix: a random id and the type's extension. */
const UPLOAD_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(png|jpg|webp)$/;

/** Logos never change under their key (a new logo gets a new one): browsers may keep them. */
const LOGO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Whether the first bytes of a file are those of an image of that type. */
export function hasSignatureOf(type: SphereLogoType, bytes: Uint8Array): boolean {
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

/** Deletes objects, logging what could not be: the sphere's state is already right. */
async function removeObjects(keys: readonly (string | undefined)[]): Promise<void> {
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

async function sphereFor(userId: string, sphereId: string): Promise<Sphere> {
  const [item, roles] = await Promise.all([findSphere(sphereId), rolesIn(userId, sphereId)]);
  if (!item) throw new NotFoundError();
  return toSphere(item, roles);
}

/**
 * POST /v1/spheres/{id}/logo: a form upload of one file of the given type, at most the given size
 * (the contract allows 1 MiB), to a new key of the sphere's, for the next 5 minutes.
 */
export async function requestLogoUpload(
  sphereId: string,
  body: SphereLogoUploadRequest,
): Promise<SphereLogoUpload> {
  if (!(await findSphere(sphereId))) throw new NotFoundError();
  const key = `${uploadPrefix(sphereId)}${randomUUID()}.${EXTENSIONS[body.contentType]}`;
  // Taken before signing, so the upload never expires before the time announced.
  const expiresAt = new Date(Date.now() + SPHERE_LOGO_UPLOAD_SECONDS * 1000).toISOString();
  const { url, fields } = await uploadForm({
    bucket: assetsBucket(),
    key,
    contentType: body.contentType,
    maxBytes: body.size,
    expiresSeconds: SPHERE_LOGO_UPLOAD_SECONDS,
  });
  return { uploadUrl: url, fields, key, expiresAt };
}

/**
 * PUT /v1/spheres/{id}/logo: the upload `key` of this sphere becomes its logo, if it is there, of an
 * accepted type (its declared type, its name and its first bytes agree) and not larger than 1 MiB;
 * otherwise 400 on `body.key`. The previous logo and the upload are deleted; two admins confirming
 * at once: one wins, the other gets `conflict`.
 */
export async function confirmLogo(userId: string, sphereId: string, key: string): Promise<Sphere> {
  const prefix = uploadPrefix(sphereId);
  const match = key.startsWith(prefix) ? UPLOAD_NAME.exec(key.slice(prefix.length)) : null;
  if (!match) throw invalidKey();
  const [, id, extension] = match as unknown as [string, string, string];
  const expectedType = TYPE_OF_EXTENSION.get(extension);
  const sphere = await findSphere(sphereId);
  if (!sphere) throw new NotFoundError();

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
  if (size > SPHERE_LOGO_MAX_BYTES) {
    await removeObjects([key]);
    throw new ValidationError([
      { key: 'value-out-of-range-error', field: 'body.key', values: { max: SPHERE_LOGO_MAX_BYTES } },
    ]);
  }
  const type = head.ContentType?.split(';')[0]?.trim().toLowerCase();
  if (size < 1 || !expectedType || type !== expectedType) {
    await removeObjects([key]);
    throw invalidKey();
  }
  const start = await client.send(
    new sdk.GetObjectCommand({ Bucket: bucket, Key: key, Range: 'bytes=0-11' }),
  );
  const bytes = (await start.Body?.transformToByteArray()) ?? new Uint8Array();
  if (!hasSignatureOf(expectedType, bytes)) {
    await removeObjects([key]);
    throw invalidKey();
  }

  const logo = `${logoPrefix(sphereId)}${id}.${extension}`;
  await client.send(
    new sdk.CopyObjectCommand({
      Bucket: bucket,
      Key: logo,
      CopySource: `${bucket}/${key}`,
      MetadataDirective: 'REPLACE',
      ContentType: expectedType,
      CacheControl: LOGO_CACHE_CONTROL,
    }),
  );
  if (!(await writeSphereLogo(sphereId, logo, sphere.logo))) {
    await removeObjects([logo]);
    throw new ConflictError('conflict');
  }
  await removeObjects([key, sphere.logo]);
  await publishAfterWrite(userId, { type: 'spheres', action: 'updated' });
  return sphereFor(userId, sphereId);
}

/** DELETE /v1/spheres/{id}/logo: the sphere shows no logo any more; one without a logo answers as it is. */
export async function removeLogo(userId: string, sphereId: string): Promise<Sphere> {
  const sphere = await findSphere(sphereId);
  if (!sphere) throw new NotFoundError();
  if (sphere.logo !== undefined) {
    if (!(await writeSphereLogo(sphereId, undefined, sphere.logo))) throw new ConflictError('conflict');
    await removeObjects([sphere.logo]);
    await publishAfterWrite(userId, { type: 'spheres', action: 'updated' });
  }
  return sphereFor(userId, sphereId);
}
