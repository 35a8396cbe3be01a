import { routeDomains } from '../shared/contracts/index';

/** Every Lambda entry of the product: name → source file (relative to the repo root). */
export function lambdaEntries(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const domain of routeDomains()) entries[`api-${domain}`] = `functions/${domain}/handler.ts`;
  for (const trigger of [
    'pre-sign-up',
    'define-auth-challenge',
    'create-auth-challenge',
    'verify-auth-challenge',
    'pre-token-generation',
  ])
    entries[`auth-${trigger}`] = `functions/auth/${trigger}.ts`;
  entries['realtime'] = 'functions/realtime/handler.ts';
  entries['worker-notify'] = 'functions/workers/notify.ts';
  return entries;
}
