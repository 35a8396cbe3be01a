import {
  getBilling,
  listInvoices,
  openBillingPortal,
  receivePaymentEvent,
  startCheckout,
} from '@shared/contracts/payments';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import * as service from './service';

/** The provider signs the body as sent: the webhook reads it raw, before any parsing. */
function rawBodyOf(event: { body: string | null; isBase64Encoded: boolean }): string {
  if (event.body === null) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

function headerOf(headers: Record<string, string | undefined> | null, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers ?? {})) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

export const handler = createHttpHandler(
  [
    route(startCheckout, ({ caller, body }) => service.startCheckout(caller.userId, body.plan)),
    route(openBillingPortal, ({ caller }) => service.openPortal(caller.userId)),
    route(getBilling, ({ caller }) => service.billingOf(caller.userId)),
    route(listInvoices, ({ caller, query }) => service.invoicesOf(caller.userId, query._max)),
    route(receivePaymentEvent, ({ event }) =>
      service.receiveEvent(rawBodyOf(event), headerOf(event.headers, 'stripe-signature')),
    ),
  ],
  callerAccounts,
);
