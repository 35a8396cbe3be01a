import { REST_DOMAINS } from '../functions/domains';
import { AUTH_TRIGGERS } from '../infra/auth';

/** Every Lambda entry of the product: name → source file (relative to the repo root). */
export function lambdaEntries(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const domain of REST_DOMAINS) entries[`api-${domain.name}`] = `functions/${domain.name}/handler.ts`;
  for (const trigger of AUTH_TRIGGERS) entries[`auth-${trigger}`] = `functions/auth/${trigger}.ts`;
  entries['realtime'] = 'functions/realtime/handler.ts';
  entries['worker-notify'] = 'functions/workers/notify.ts';
  entries['worker-render'] = 'functions/reports/worker.ts';
  return entries;
}
