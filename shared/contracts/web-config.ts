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
});
export type WebConfig = z.infer<typeof WebConfigSchema>;
