import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './gateway';

/** One text message the product sent, as `GET <outbox>/store` lists it. */
export interface OutboxSms {
  messageId: string;
  phoneNumber: string;
  message: string;
  /** Epoch ms. */
  at: number;
}

export interface LocalSms {
  /** SNS_ENDPOINT for the SNS client. */
  endpoint: string;
  /** Base URL of the SMS outbox: `GET <outbox>/store` lists the messages sent. */
  outbox: string;
  stop(): Promise<void>;
}

const XMLNS = 'http://sns.amazonaws.com/doc/2010-03-31/';

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function xml(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/xml' });
  response.end(`<?xml version="1.0"?>\n${body}`);
}

function errorXml(response: ServerResponse, status: number, code: string, message: string): void {
  xml(
    response,
    status,
    `<ErrorResponse xmlns="${XMLNS}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${escapeXml(
      message,
    )}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
  );
}

/**
 * SMS emulator: the SNS query protocol for `Publish` to a `PhoneNumber` (form-encoded
 * `Action=Publish&PhoneNumber=…&Message=…`, XML answer with a MessageId), on 127.0.0.1. Messages
 * are kept in memory: `GET /store` lists them (the local SMS outbox), `POST /clear-store` empties it.
 */
export async function startSms(options: { port?: number } = {}): Promise<LocalSms> {
  const messages: OutboxSms[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (request.method === 'GET' && path === '/store') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ messages }));
        return;
      }
      if (request.method === 'POST' && path === '/clear-store') {
        messages.splice(0);
        response.writeHead(204).end();
        return;
      }
      if (request.method !== 'POST' || path !== '/') {
        response.writeHead(404).end();
        return;
      }
      const form = new URLSearchParams(await readBody(request));
      const action = form.get('Action');
      if (action !== 'Publish') {
        errorXml(
          response,
          400,
          'InvalidAction',
          `The action ${action ?? ''} is not valid for this endpoint.`,
        );
        return;
      }
      const phoneNumber = form.get('PhoneNumber');
      const message = form.get('Message');
      if (!phoneNumber || !/^\+\d{8,15}$/.test(phoneNumber)) {
        errorXml(response, 400, 'InvalidParameter', 'Invalid parameter: PhoneNumber');
        return;
      }
      if (!message) {
        errorXml(response, 400, 'InvalidParameter', 'Invalid parameter: Message');
        return;
      }
      const messageId = randomUUID();
      messages.push({ messageId, phoneNumber, message, at: Date.now() });
      xml(
        response,
        200,
        `<PublishResponse xmlns="${XMLNS}"><PublishResult><MessageId>${messageId}</MessageId></PublishResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></PublishResponse>`,
      );
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return { endpoint: url, outbox: url, stop: () => closeServer(server) };
}

export async function readSmsOutbox(outboxUrl: string): Promise<OutboxSms[]> {
  const response = await fetch(`${outboxUrl}/store`);
  if (!response.ok) throw new Error(`SMS outbox answered ${response.status}`);
  return ((await response.json()) as { messages: OutboxSms[] }).messages;
}

/** Messages sent to a number, oldest first. */
export async function smsTo(outboxUrl: string, phoneNumber: string): Promise<OutboxSms[]> {
  return (await readSmsOutbox(outboxUrl)).filter((m) => m.phoneNumber === phoneNumber);
}

/** The 6-digit code of the newest message sent to a number, or null. */
export async function latestSmsCodeFor(outboxUrl: string, phoneNumber: string): Promise<string | null> {
  const list = await smsTo(outboxUrl, phoneNumber);
  const newest = list[list.length - 1];
  return newest ? (/(?<!\d)(\d{6})(?!\d)/.exec(newest.message)?.[1] ?? null) : null;
}
