import { config } from './config';

/**
 * The assets bucket holds the files the product shows (sphere logos). Its layout, read by CDK
 * (infra/assets.ts) and by the domains that write it:
 * - `logos/…`: confirmed images, served to browsers (CloudFront `/logos/*` in AWS);
 * - `uploads/…`: files browsers sent and nobody confirmed yet, never served, deleted after a day;
 * - `renders/…`: rendered report files, never served, downloaded by signed URL, deleted after 30 days.
 * Each domain's grants name the prefixes below these that it writes.
 */
export const SERVED_ASSETS_PREFIX = 'logos/';
export const UPLOADS_PREFIX = 'uploads/';
/** Rendered report files (decision 0031): never served, read through short-lived signed URLs. */
export const RENDERS_PREFIX = 'renders/';
/** Rendered files are deleted after this many days (bucket lifecycle); they can be rendered again. */
export const RENDERS_EXPIRE_DAYS = 30;
/** Unconfirmed uploads are deleted after this many days (bucket lifecycle). */
export const UPLOADS_EXPIRE_DAYS = 1;

/** The assets bucket's name; a Lambda without the grant has none, which is a wiring error. */
export function assetsBucket(): string {
  const bucket = config().ASSETS_BUCKET;
  if (!bucket) throw new Error('ASSETS_BUCKET is not set: the domain declares no assets grant');
  return bucket;
}

/** The URL a browser loads a served asset from; undefined when nothing is configured to serve it. */
export function assetUrl(key: string | undefined): string | undefined {
  const base = config().ASSETS_URL;
  if (!key || !base) return undefined;
  return `${base.replace(/\/+$/, '')}/${key.split('/').map(encodeURIComponent).join('/')}`;
}
