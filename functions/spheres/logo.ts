import {
  SPHERE_LOGO_MAX_BYTES,
  SPHERE_LOGO_UPLOAD_SECONDS,
  type Sphere,
  type SphereLogoUpload,
  type SphereLogoUploadRequest,
} from '@shared/contracts/spheres';
import { SERVED_ASSETS_PREFIX, UPLOADS_PREFIX } from '../lib/assets';
import { ConflictError, NotFoundError } from '../lib/errors';
import { acceptUploadedLogo, grantLogoUpload, removeAssets, uploadedLogoName } from '../lib/logos';
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

/** Whether the first bytes of a file are those of an image of that type (as for forms' logos). */
export { hasLogoSignature as hasSignatureOf } from '../lib/logos';

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
  return grantLogoUpload({
    uploadPrefix: uploadPrefix(sphereId),
    contentType: body.contentType,
    size: body.size,
    expiresSeconds: SPHERE_LOGO_UPLOAD_SECONDS,
  });
}

/**
 * PUT /v1/spheres/{id}/logo: the upload `key` of this sphere becomes its logo, if it is there, of an
 * accepted type (its declared type, its name and its first bytes agree) and not larger than 1 MiB;
 * otherwise 400 on `body.key`. The previous logo and the upload are deleted; two admins confirming
 * at once: one wins, the other gets `conflict`.
 */
export async function confirmLogo(userId: string, sphereId: string, key: string): Promise<Sphere> {
  // The key's shape is checked before the sphere is read: a wrong key is a 400 even for a missing sphere.
  uploadedLogoName(key, uploadPrefix(sphereId));
  const sphere = await findSphere(sphereId);
  if (!sphere) throw new NotFoundError();
  const logo = await acceptUploadedLogo({
    key,
    uploadPrefix: uploadPrefix(sphereId),
    logoPrefix: logoPrefix(sphereId),
    maxBytes: SPHERE_LOGO_MAX_BYTES,
  });
  if (!(await writeSphereLogo(sphereId, logo, sphere.logo))) {
    await removeAssets([logo]);
    throw new ConflictError('conflict');
  }
  await removeAssets([key, sphere.logo]);
  await publishAfterWrite(userId, { type: 'spheres', action: 'updated' });
  return sphereFor(userId, sphereId);
}

/** DELETE /v1/spheres/{id}/logo: the sphere shows no logo any more; one without a logo answers as it is. */
export async function removeLogo(userId: string, sphereId: string): Promise<Sphere> {
  const sphere = await findSphere(sphereId);
  if (!sphere) throw new NotFoundError();
  if (sphere.logo !== undefined) {
    if (!(await writeSphereLogo(sphereId, undefined, sphere.logo))) throw new ConflictError('conflict');
    await removeAssets([sphere.logo]);
    await publishAfterWrite(userId, { type: 'spheres', action: 'updated' });
  }
  return sphereFor(userId, sphereId);
}
