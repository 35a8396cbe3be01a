import { scannedTarget, type ScannedTarget } from '@shared/domain/links';

/**
 * What the scan page does with a value the camera read (spec 01 §5): the app's own address opens its
 * route, a whitelisted one is followed, anything else is "scan not valid".
 */
export function actOnScan(
  value: string,
  host: string,
  go: { navigate: (path: string) => void; assign: (url: string) => void },
): ScannedTarget['kind'] {
  const target = scannedTarget(value, { host });
  if (target.kind === 'in-app') go.navigate(target.path);
  if (target.kind === 'redirect') go.assign(target.url);
  return target.kind;
}

/** The message key of the page's `error` parameter: `errors.<value>` when it exists, else the generic one. */
export function errorKeyOf(value: string | null, exists: (key: string) => boolean): string | null {
  if (value === null || value.trim() === '') return null;
  const key = `errors.${value.trim()}`;
  return /^[a-zA-Z0-9-]{1,60}$/.test(value.trim()) && exists(key) ? key : 'errors.error';
}
