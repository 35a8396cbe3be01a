import * as z from 'zod';
import { DEFAULT_SMS_COUNTRY_CODES, parseSmsCountryCodes } from '@shared/domain/phone';

/**
 * Configuration of a Lambda, read once from the environment through a schema that fails fast.
 * In AWS the endpoints are absent and the SDK uses the regional ones; locally they point at the
 * emulators.
 */
const ConfigSchema = z.object({
  TABLE_NAME: z.string().min(1),
  AWS_REGION: z.string().min(1).default('eu-west-1'),
  DYNAMODB_ENDPOINT: z.url().optional(),
  SES_ENDPOINT: z.url().optional(),
  SQS_ENDPOINT: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  SNS_ENDPOINT: z.url().optional(),
  COGNITO_ENDPOINT: z.url().optional(),
  /** EventBridge Scheduler's endpoint: the local scheduler (tools/local-stack/scheduler.ts) locally. */
  SCHEDULER_ENDPOINT: z.url().optional(),
  /** Sender of the product's emails (a verified SES identity in AWS). */
  MAIL_FROM: z.string().min(3).default('no-reply@wellbeing.local'),
  /**
   * Emails a second one notify worker may send (infra/workers.ts `notifyThroughput`: the SES rate
   * shared among the event source's `maxConcurrency` workers). Absent: not paced (locally).
   */
  MAIL_SEND_RATE: z.coerce.number().positive().optional(),
  USER_POOL_ID: z.string().optional(),
  USER_POOL_CLIENT_ID: z.string().optional(),
  /** Issuer of the tokens when it is not Cognito's regional one (the local issuer). */
  TOKEN_ISSUER: z.url().optional(),
  /**
   * The one origin people open the product at (`https://<CloudFront domain>` in AWS, the SPA's
   * served origin on the local stack): every link of a mail or a text message starts with it. Read
   * through `webOrigin()`, which refuses to guess when it is unset.
   */
  WEB_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .refine((value) => URL.canParse(value) && new URL(value).origin === value.replace(/\/$/, ''), {
      message: 'an origin only (scheme, host and port), without a path, query or fragment',
    })
    .transform((value) => new URL(value).origin)
    .optional(),
  /** Origin allowed to call the API from a browser. */
  ALLOWED_ORIGIN: z.string().default('*'),
  /** Endpoint of the WebSocket API's @connections management API. */
  WS_MANAGEMENT_ENDPOINT: z.url().optional(),
  /** URL of the notifications queue (functions/lib/queue.ts). */
  NOTIFICATIONS_QUEUE_URL: z.url().optional(),
  /** URL of the report-render queue (functions/reports/renders.ts → functions/reports/worker.ts). */
  REPORT_RENDERS_QUEUE_URL: z.url().optional(),
  /** ARN of the same queue: the target of the one-time schedules (functions/lib/schedules.ts). */
  NOTIFICATIONS_QUEUE_ARN: z.string().startsWith('arn:').optional(),
  /** ARN of its dead-letter queue: where a schedule's message goes when the queue refuses it. */
  NOTIFICATIONS_DLQ_ARN: z.string().startsWith('arn:').optional(),
  /** Schedule group of the product's one-time schedules (decision 0026). */
  SCHEDULE_GROUP: z.string().min(1).max(64).optional(),
  /** Role EventBridge Scheduler assumes to send a schedule's message to the queue. */
  SCHEDULER_ROLE_ARN: z.string().startsWith('arn:').optional(),
  /** Bucket of the files the product shows, such as sphere logos (functions/lib/assets.ts). */
  ASSETS_BUCKET: z.string().min(1).optional(),
  /** Base URL browsers load that bucket's served files from (the SPA's origin in AWS). */
  ASSETS_URL: z.url().optional(),
  /**
   * Who translates editors' texts (decision 0021): Amazon Translate in AWS; the local stack has no
   * translation engine and answers copies of the source, marked as not translated.
   */
  TRANSLATION_PROVIDER: z.enum(['amazon-translate', 'local']).default('amazon-translate'),
  /**
   * Model or inference profile that writes card texts through Amazon Bedrock (decision 0032), set by
   * CDK for the domains granted `bedrock`. Absent on the local stack, which runs no model: card texts
   * come from the local writer, built from the figures and labelled as such.
   */
  BEDROCK_MODEL_ID: z.string().min(1).max(256).optional(),
  /**
   * The Bedrock Guardrail every assistant reply goes through (decision 0054), and its version: set by
   * CDK for the domains granted `guardrail`. The assistant answers through the model only with both.
   */
  BEDROCK_GUARDRAIL_ID: z.string().min(1).max(256).optional(),
  BEDROCK_GUARDRAIL_VERSION: z.string().min(1).max(16).optional(),
  /**
   * Country calling codes of the numbers verification texts may go to, comma-separated
   * (`+32,+33,+352`): set by CDK from the context `smsCountryCodes`, and by the local stack. Read
   * through `smsCountryCodes()`, which applies the default (BE, FR, LU) and checks it.
   */
  SMS_COUNTRY_CODES: z.string().optional(),
  /** Secrets Manager's endpoint: the local secrets emulator (tools/local-stack/secrets.ts) locally. */
  SECRETS_MANAGER_ENDPOINT: z.url().optional(),
  /**
   * The secret (ARN or name) holding the card provider's keys and prices (decision 0051), set by
   * CDK for the domains granted `payments`; read once per cold start (functions/payments/provider.ts).
   */
  PAYMENT_KEYS_SECRET: z.string().min(1).max(2048).optional(),
  /**
   * The card provider's API when it is not Stripe's (`https://api.stripe.com`): the local Stripe
   * emulator (tools/local-stack/stripe.ts). Absent in AWS.
   */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('INFO'),
});
export type Config = z.infer<typeof ConfigSchema>;

let cached: Config | undefined;

export function config(): Config {
  if (cached) return cached;
  const result = ConfigSchema.safeParse(process.env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  cached = result.data;
  return cached;
}

/**
 * The origin every link of a mail or a text message starts with (`WEB_ORIGIN`): one configured
 * origin, never guessed from another setting. A function that builds a link without it fails with
 * a configuration error rather than sending a link to nowhere.
 */
export function webOrigin(): string {
  const origin = config().WEB_ORIGIN;
  if (origin === undefined) {
    throw new Error(
      'Invalid configuration: WEB_ORIGIN is not set. Links in mails and text messages need the origin the web app is served at (CDK sets it from the CloudFront distribution, the local stack from the SPA it serves).',
    );
  }
  return origin;
}

/**
 * The country calling codes verification texts may go to (`SMS_COUNTRY_CODES`, decision 0006),
 * Belgium, France and Luxembourg when unset. A value that is not a list of calling codes is a
 * configuration error: nothing is texted rather than anything anywhere.
 */
export function smsCountryCodes(): string[] {
  const raw = config().SMS_COUNTRY_CODES;
  if (raw === undefined) return [...DEFAULT_SMS_COUNTRY_CODES];
  try {
    return parseSmsCountryCodes(raw);
  } catch (error) {
    throw new Error(`Invalid configuration: SMS_COUNTRY_CODES: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** Tests and the local stack change the environment between runs. */
export function resetConfig(): void {
  cached = undefined;
}
