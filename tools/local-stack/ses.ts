import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type startServer from 'aws-ses-v2-local';
import { closeServer } from './gateway';

// A CommonJS package whose `exports.default` is the server: required, so that its shape does not
// depend on how the ESM loader of the moment wraps CommonJS.
const startSesServer = (createRequire(import.meta.url)('aws-ses-v2-local') as { default: typeof startServer })
  .default;

export interface LocalSes {
  /** SES_ENDPOINT for the SES v2 client. */
  endpoint: string;
  /** Base URL of the outbox: `GET <outbox>/store` lists the mail sent. */
  outbox: string;
  stop(): Promise<void>;
}

/**
 * SES v2 emulator (`aws-ses-v2-local`) on 127.0.0.1. Mail sent through it is kept in memory and
 * readable at `GET /store`: the local outbox of codes and notifications. Its store is one per
 * process, so it is cleared on start: an outbox only shows what its own stack sent.
 */
export async function startSes(options: { port?: number } = {}): Promise<LocalSes> {
  const server: Server = await startSesServer({ host: '127.0.0.1', port: options.port ?? 0 });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  await fetch(`${url}/clear-store`, { method: 'POST' });
  return { endpoint: url, outbox: url, stop: () => closeServer(server) };
}

/** One mail of the outbox, as `GET /store` lists it. */
export interface OutboxMail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  /** Epoch seconds. */
  at: number;
}

export async function readOutbox(outboxUrl: string): Promise<OutboxMail[]> {
  const response = await fetch(`${outboxUrl}/store`);
  if (!response.ok) throw new Error(`Outbox answered ${response.status}`);
  const { emails } = (await response.json()) as { emails: OutboxMail[] };
  return emails;
}

/** Mail sent to an address (any case), oldest first. */
export async function mailTo(outboxUrl: string, email: string): Promise<OutboxMail[]> {
  const address = email.toLowerCase();
  return (await readOutbox(outboxUrl)).filter((mail) =>
    [...mail.destination.to, ...mail.destination.cc, ...mail.destination.bcc].some((to) =>
      to.toLowerCase().includes(address),
    ),
  );
}

/** The 6-digit code of the newest mail sent to an address (from its subject, else its text), or null. */
export async function latestCodeFor(outboxUrl: string, email: string): Promise<string | null> {
  const mails = await mailTo(outboxUrl, email);
  const newest = mails[mails.length - 1];
  if (!newest) return null;
  for (const text of [newest.subject, newest.body.text ?? '', newest.body.html ?? '']) {
    const match = /(?<!\d)(\d{6})(?!\d)/.exec(text);
    if (match) return match[1] as string;
  }
  return null;
}
