import {
  FORM_LOGO_MAX_BYTES,
  FORM_LOGO_UPLOAD_SECONDS,
  type Form,
  type FormLogoUpload,
  type FormLogoUploadRequest,
} from '@shared/contracts/forms';
import { GOAL_RANKING_FORM_ID } from '@shared/contracts/goal-ranking';
import { SERVED_ASSETS_PREFIX, UPLOADS_PREFIX, assetUrl } from '../lib/assets';
import { ConflictError, NotFoundError } from '../lib/errors';
import { acceptUploadedLogo, copyLogo, grantLogoUpload, removeAssets } from '../lib/logos';
import { findStoredForm, findSummary, writeFormLogo } from './repository';

/**
 * Form logos (spec 02 §2 survey editor, decision 0023), as spheres' (decision 0016): the editor's
 * browser sends the file straight to the assets bucket, under `uploads/forms/<formId>/`; confirming
 * checks it again and copies it to `logos/forms/<formId>/`, which browsers load. What is never
 * confirmed expires with the uploads. Those who manage forms do this, as they save the form.
 */

/** The parts of the assets bucket this domain writes (its grants). */
export const FORM_ASSET_PREFIXES = [`${SERVED_ASSETS_PREFIX}forms/`, `${UPLOADS_PREFIX}forms/`];

const uploadPrefix = (formId: string) => `${UPLOADS_PREFIX}forms/${formId}/`;
const logoPrefix = (formId: string) => `${SERVED_ASSETS_PREFIX}forms/${formId}/`;

/** The form as browsers read it: with the URL of its logo when it has one. */
export function withLogoUrl(form: Form): Form {
  const { logoUrl: _ignored, ...rest } = form;
  const logoUrl = assetUrl(form.logo);
  return logoUrl !== undefined ? { ...rest, logoUrl } : rest;
}

/** The product's own form has no logo of its own and never changes (409 `form-frozen`). */
function notTheProductForm(formId: string): void {
  if (formId === GOAL_RANKING_FORM_ID) throw new ConflictError('form-frozen');
}

async function storedForm(formId: string): Promise<Form> {
  const stored = await findStoredForm(formId);
  if (!stored) throw new NotFoundError();
  return stored.form;
}

/**
 * POST /v1/forms/definitions/{formId}/logo: a form upload of one file of the given type, at most
 * the given size (the contract allows 1 MiB), to a new key of the form's, for the next 5 minutes.
 */
export async function requestLogoUpload(
  formId: string,
  body: FormLogoUploadRequest,
): Promise<FormLogoUpload> {
  notTheProductForm(formId);
  if (!(await findSummary(formId))) throw new NotFoundError();
  return grantLogoUpload({
    uploadPrefix: uploadPrefix(formId),
    contentType: body.contentType,
    size: body.size,
    expiresSeconds: FORM_LOGO_UPLOAD_SECONDS,
  });
}

/**
 * PUT /v1/forms/definitions/{formId}/logo: the upload `key` of this form becomes its logo if it is
 * there, of an accepted type and not larger than 1 MiB; otherwise 400 on `body.key`. The previous
 * logo and the upload are deleted; two editors confirming at once: one wins, the other gets
 * `conflict`. The form's `updateDate` does not move.
 */
export async function confirmLogo(formId: string, key: string): Promise<Form> {
  notTheProductForm(formId);
  const form = await storedForm(formId);
  const logo = await acceptUploadedLogo({
    key,
    uploadPrefix: uploadPrefix(formId),
    logoPrefix: logoPrefix(formId),
    maxBytes: FORM_LOGO_MAX_BYTES,
  });
  if (!(await writeFormLogo(formId, logo, form.logo))) {
    await removeAssets([logo]);
    throw new ConflictError('conflict');
  }
  await removeAssets([key, form.logo]);
  return withLogoUrl(await storedForm(formId));
}

/** DELETE /v1/forms/definitions/{formId}/logo: no logo any more; a form without one answers as it is. */
export async function removeLogo(formId: string): Promise<Form> {
  notTheProductForm(formId);
  const form = await storedForm(formId);
  if (form.logo === undefined) return withLogoUrl(form);
  if (!(await writeFormLogo(formId, undefined, form.logo))) throw new ConflictError('conflict');
  await removeAssets([form.logo]);
  return withLogoUrl(await storedForm(formId));
}

/** A copy of a form's logo for its duplicate `formId` (its own file); undefined without one. */
export function copyFormLogo(logo: string | undefined, formId: string): Promise<string | undefined> {
  return logo === undefined ? Promise.resolve(undefined) : copyLogo(logo, logoPrefix(formId));
}
