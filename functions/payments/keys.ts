import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import { PAID_PLANS, type PaidPlan } from '@shared/domain/payments';
import { localOptions, onClientsReset } from '../lib/aws';
import { config } from '../lib/config';

/**
 * The card provider's keys and prices, as the secret holds them (docs/deploy.md): the API's secret
 * key, the webhook endpoint's signing secret and the price of each plan. Never in the bundle nor in
 * the environment: read from Secrets Manager once per cold start.
 */
export const PaymentKeysSchema = z.object({
  secretKey: z.string().regex(/^(sk|rk)_[A-Za-z0-9_]+$/, 'a Stripe secret or restricted key'),
  webhookSecret: z.string().regex(/^whsec_[A-Za-z0-9_]+$/, 'a Stripe webhook signing secret'),
  prices: z.object(
    Object.fromEntries(PAID_PLANS.map((plan) => [plan, z.string().regex(/^price_[A-Za-z0-9_]+$/)])) as Record<
      PaidPlan,
      z.ZodString
    >,
  ),
});
export type PaymentKeys = z.infer<typeof PaymentKeysSchema>;

let keys: Promise<PaymentKeys> | undefined;

onClientsReset(() => {
  keys = undefined;
});

async function readKeys(): Promise<PaymentKeys> {
  const c = config();
  if (c.PAYMENT_KEYS_SECRET === undefined)
    throw new Error('Invalid configuration: PAYMENT_KEYS_SECRET is not set (the card provider keys secret).');
  const secrets = new SecretsManagerClient({
    region: c.AWS_REGION,
    ...localOptions(c.SECRETS_MANAGER_ENDPOINT),
  });
  const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: c.PAYMENT_KEYS_SECRET }));
  let parsed: unknown;
  try {
    parsed = JSON.parse(SecretString ?? '');
  } catch (cause) {
    throw new Error('Invalid configuration: the card provider keys secret is not JSON', { cause });
  }
  const result = PaymentKeysSchema.safeParse(parsed);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: the card provider keys secret: ${problems}`);
  }
  return result.data;
}

/** The keys, read once per container (a failed read is tried again by the next request). */
export function paymentKeys(): Promise<PaymentKeys> {
  keys ??= readKeys().catch((error: unknown) => {
    keys = undefined;
    throw error;
  });
  return keys;
}

/** Stripe's API, or the emulator `STRIPE_API_URL` names (the local stack's). */
export const stripeApiUrl = (): string => config().STRIPE_API_URL ?? 'https://api.stripe.com';
