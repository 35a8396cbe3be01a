import Stripe from 'stripe';
import { onClientsReset } from '../lib/aws';
import { config } from '../lib/config';
import { paymentKeys, type PaymentKeys } from './keys';

let client: { stripe: Stripe; keys: PaymentKeys } | undefined;

onClientsReset(() => {
  client = undefined;
});

/**
 * Where the Stripe client sends its calls: Stripe's API, or the emulator `STRIPE_API_URL` names
 * (host, port and protocol of the client's options), so the same calls run locally and in AWS.
 */
export function stripeEndpoint(apiUrl: string | undefined): {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
} {
  if (apiUrl === undefined) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/** The Stripe client with the keys, built once per container. */
export async function provider(): Promise<{ stripe: Stripe; keys: PaymentKeys }> {
  if (client) return client;
  const read = await paymentKeys();
  const stripe = new Stripe(read.secretKey, {
    ...stripeEndpoint(config().STRIPE_API_URL),
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
  });
  client = { stripe, keys: read };
  return client;
}
