import {
  LINK_LOGO_MAX_BYTES,
  LINK_LOGO_UPLOAD_SECONDS,
  type Link,
  type LinkLogoUpload,
  type LinkLogoUploadRequest,
} from '@shared/contracts/links';
import type { AppAbility } from '@shared/domain/ability';
import { ConflictError, NotFoundError } from '../lib/errors';
import { acceptUploadedLogo, grantLogoUpload, removeAssets } from '../lib/logos';
import { linkLogoPrefix, linkUploadPrefix } from './assets';
import { findLink, writeLinkLogo } from './repository';
import { linkFor, toLink } from './service';

/**
 * Link logos (spec 01 §3, spec 02 §3 Short URL alias `logo`; decision 0027), as forms' (decision
 * 0023): the browser of someone who may change the link sends the file straight to the assets
 * bucket, under `uploads/links/<linkId>/`; confirming checks it again and copies it to
 * `logos/links/<linkId>/`, which browsers load (./assets.ts). What is never confirmed expires with
 * the uploads.
 */

/**
 * POST /v1/shorten-urls/{id}/logo: a form upload of one file of the given type, at most the given
 * size (the contract allows 1 MiB), to a new key of the link's, for the next 5 minutes. The caller
 * may change the link (its sphere's or session's right `put url`).
 */
export async function requestLogoUpload(
  ability: AppAbility | undefined,
  linkId: string,
  body: LinkLogoUploadRequest,
): Promise<LinkLogoUpload> {
  await linkFor(ability, 'put', linkId);
  return grantLogoUpload({
    uploadPrefix: linkUploadPrefix(linkId),
    contentType: body.contentType,
    size: body.size,
    expiresSeconds: LINK_LOGO_UPLOAD_SECONDS,
  });
}

/**
 * PUT /v1/shorten-urls/{id}/logo: the upload `key` of this link becomes its logo if it is there,
 * of an accepted type and not larger than 1 MiB; otherwise 400 on `body.key` (another link's upload
 * too). The previous logo and the upload are deleted; two people confirming at once: one wins, the
 * other gets `conflict`.
 */
export async function confirmLogo(
  ability: AppAbility | undefined,
  linkId: string,
  key: string,
  now = Date.now(),
): Promise<Link> {
  const item = await linkFor(ability, 'put', linkId);
  const logo = await acceptUploadedLogo({
    key,
    uploadPrefix: linkUploadPrefix(linkId),
    logoPrefix: linkLogoPrefix(linkId),
    maxBytes: LINK_LOGO_MAX_BYTES,
  });
  if (!(await writeLinkLogo(linkId, logo, item.logo))) {
    await removeAssets([logo]);
    throw new ConflictError('conflict');
  }
  await removeAssets([key, item.logo]);
  return toLink(await storedLink(linkId), true, now);
}

/** DELETE /v1/shorten-urls/{id}/logo: no logo any more; a link without one answers as it is. */
export async function removeLogo(
  ability: AppAbility | undefined,
  linkId: string,
  now = Date.now(),
): Promise<Link> {
  const item = await linkFor(ability, 'put', linkId);
  if (item.logo === undefined) return toLink(item, true, now);
  if (!(await writeLinkLogo(linkId, undefined, item.logo))) throw new ConflictError('conflict');
  await removeAssets([item.logo]);
  return toLink(await storedLink(linkId), true, now);
}

async function storedLink(linkId: string) {
  const item = await findLink(linkId);
  if (!item) throw new NotFoundError();
  return item;
}
