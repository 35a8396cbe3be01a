import * as z from 'zod';

/**
 * Runtime configuration of the SPA, served as `/config.json` beside index.html: written by CDK
 * (BucketDeployment) in AWS and served by the local stack locally, so one build runs anywhere.
 */
export const WebConfigSchema = z.object({
  environment: z.enum(['local', 'aws']),
  /** Base URL of the REST API, without a trailing slash. */
  apiUrl: z.url(),
  /** URL of the WebSocket API. */
  wsUrl: z.string().regex(/^wss?:\/\//),
  region: z.string(),
  userPoolId: z.string().regex(/^[\w-]+_[0-9a-zA-Z]+$/),
  userPoolClientId: z.string().min(1),
  /** Set locally: the local Cognito-protocol issuer (Amplify `userPoolEndpoint`). */
  userPoolEndpoint: z.url().optional(),
  /** Where feedback and support mail go (the account menu's feedback and support entries). */
  supportEmail: z.email().optional(),
  /**
   * Origins of the parent windows allowed to embed the SPA and talk to it (docs/embedding.md):
   * absent or empty, the SPA never connects to a parent and runs standalone.
   */
  parentOrigins: z.array(z.url()).optional(),
});
export type WebConfig = z.infer<typeof WebConfigSchema>;

/** How long the SPA waits for the parent window's answer before running standalone (spec 02 §7). */
export const PARENT_CONNECTION_TIMEOUT_MS = 1000;

/**
 * The parent origins of a deploy or of the local stack, from CDK context `parentOrigins` or the
 * environment variable `PARENT_ORIGINS`: a comma-separated string (or a list, from cdk.json).
 * Each entry becomes its bare origin (`https://host[:port]`); anything that is not an http(s) URL
 * is refused, since it would end up in the CSP's frame-ancestors.
 */
export function parseParentOrigins(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const entries = Array.isArray(value) ? value.map(String) : String(value).split(',');
  const origins: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === '') continue;
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`parentOrigins: "${entry}" is not a URL`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new Error(`parentOrigins: "${entry}" is not an http(s) origin`);
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}
