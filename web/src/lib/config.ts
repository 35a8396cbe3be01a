import { WebConfigSchema, type WebConfig } from '@shared/contracts/web-config';

/** Where the runtime configuration lives, beside index.html (decision 0003). */
export const CONFIG_URL = '/config.json';

/** Why the SPA cannot start: the file is missing or unreadable, or its content is not valid. */
export class ConfigError extends Error {
  constructor(
    readonly reason: 'missing' | 'invalid',
    readonly details: string,
  ) {
    super(`${CONFIG_URL} is ${reason}: ${details}`);
    this.name = 'ConfigError';
  }
}

let current: WebConfig | undefined;

/** Fetches and parses `/config.json`; throws a ConfigError that the start screen shows. */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<WebConfig> {
  let response: Response;
  try {
    response = await fetchImpl(CONFIG_URL, { cache: 'no-store', headers: { accept: 'application/json' } });
  } catch (cause) {
    throw new ConfigError('missing', cause instanceof Error ? cause.message : String(cause));
  }
  if (!response.ok) throw new ConfigError('missing', `HTTP ${response.status}`);
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new ConfigError('invalid', 'not JSON');
  }
  const parsed = WebConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw new ConfigError('invalid', details);
  }
  current = parsed.data;
  return parsed.data;
}

/** The configuration loaded at start; calling it earlier is a programming error. */
export function getConfig(): WebConfig {
  if (!current) throw new Error('The runtime configuration is not loaded yet');
  return current;
}

/** Sets the configuration directly (tests, and the start sequence once parsed). */
export function setConfig(config: WebConfig | undefined): void {
  current = config;
}
