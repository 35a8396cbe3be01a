import { getConfig } from '../../lib/config';

// Replaced by Vite's `define` at build time (web/vite.config.ts); absent in unit tests.
declare const __APP_VERSION__: string | undefined;
declare const __APP_BUILD__: string | undefined;

/** The product version shown in the account menu (package.json `version`). */
export function appVersion(): string {
  return typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
}

/** The id of this build, compared with `/version.json` to detect a newer deployment. */
export function appBuild(): string | undefined {
  return typeof __APP_BUILD__ === 'string' ? __APP_BUILD__ : undefined;
}

/** The support address of the runtime configuration; without one the entries are absent. */
export function supportEmail(): string | undefined {
  try {
    return getConfig().supportEmail;
  } catch {
    return undefined;
  }
}
