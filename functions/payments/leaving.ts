import { isLiveCardSubscription, type CardSubscriptionStatus } from '@shared/domain/payments';
import { paymentKeys, stripeApiUrl } from './keys';
import type { PaymentCustomerItem } from './repository';

/**
 * A person leaves: their card subscription, read again at the provider, is cancelled there at once
 * when it still bills (no more payments); a subscription already gone is not an error.
 *
 * Two plain REST calls rather than the `stripe` client: this runs in the account Lambda, which walks
 * every domain's belongings and must not carry the whole client (tests/infra/bundles.test.ts). They
 * are the calls `stripe.subscriptions.retrieve` and `.cancel` make, to the same API (the local
 * emulator on the local stack).
 */
export async function cancelForLeaving(link: PaymentCustomerItem): Promise<void> {
  if (link.subscriptionId === undefined) return;
  const { secretKey } = await paymentKeys();
  const url = `${stripeApiUrl()}/v1/subscriptions/${encodeURIComponent(link.subscriptionId)}`;
  const headers = { authorization: `Bearer ${secretKey}` };
  const read = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  if (read.status === 404) return;
  if (!read.ok) throw new Error(`The card provider answered ${read.status} to reading a subscription`);
  const { status } = (await read.json()) as { status?: unknown };
  if (typeof status !== 'string' || !isLiveCardSubscription(status as CardSubscriptionStatus)) return;
  const cancelled = await fetch(url, { method: 'DELETE', headers, signal: AbortSignal.timeout(10_000) });
  if (cancelled.status === 404) return;
  if (!cancelled.ok)
    throw new Error(`The card provider answered ${cancelled.status} to cancelling a subscription`);
}
