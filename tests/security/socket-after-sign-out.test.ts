import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decodeJwt } from 'jose';
import { ChangePasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SIGN_IN_MAX_SECONDS } from '@shared/domain/sign-in';
import { publish, type RealtimeEvent } from '../../functions/realtime';
import { realtimeDb } from '../../functions/realtime/store';
import { refuseSession, refuseTokensUntil } from '../../functions/users';
import { startTestStack, type TestStack, type Tokens } from '../integration/harness';

/**
 * Finding 6 of the account security review: a WebSocket opened before "sign out everywhere" stayed
 * open and kept receiving the account's events for up to two hours, and its keep-alive
 * (`{"action":"myself"}`) was accepted without looking at the account again. Now a sign-out
 * everywhere (also what the SPA calls after a password change) and leaving the product close and
 * forget the user's connections, a sign-out on one device those of its sign-in, and a keep-alive
 * passes the same standing check as `$connect`: refused, the server closes the connection.
 */

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** An open socket of the test, what it received, and whether (and how) it was closed. */
interface Socket {
  ws: WebSocket;
  messages: unknown[];
  closed: Promise<number>;
  isClosed(): boolean;
}

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});

/** Opens the app's realtime channel with an id token; the test itself never closes it. */
function open(tokens: Tokens): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${stack.endpoints.ws}?token=${encodeURIComponent(tokens.idToken)}`);
    const messages: unknown[] = [];
    let closed = false;
    const socket: Socket = {
      ws,
      messages,
      closed: new Promise((resolveClose) =>
        ws.once('close', (code: number) => {
          closed = true;
          resolveClose(code);
        }),
      ),
      isClosed: () => closed,
    };
    ws.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString())));
    ws.once('open', () => {
      sockets.push(socket);
      resolve(socket);
    });
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
  });
}

/** Whether the server closed the socket within `ms` (the test never closes one itself). */
async function closedByServer(socket: Socket, ms = 3000): Promise<boolean> {
  await Promise.race([socket.closed, new Promise((r) => setTimeout(r, ms))]);
  return socket.isClosed();
}

/** Sends the SPA's keep-alive. */
function keepAlive(socket: Socket): void {
  socket.ws.send(JSON.stringify({ action: 'myself' }));
}

const userIdOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;

/** The connections the table knows for a user (the byUser index publish() reads). */
async function connectionsOf(userId: string) {
  const { data } = await realtimeDb().entities.connection.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

const signOut = (tokens: Tokens, everywhere: boolean) =>
  stack.api('/v1/me/sign-out', { method: 'POST', token: tokens.accessToken, body: { everywhere } });

const event: RealtimeEvent = { type: 'feelings', action: 'created' };

/** Publishes one of the account's events, and checks that it reaches each of `sockets`. */
async function expectReached(userId: string, ...reached: Socket[]): Promise<void> {
  const before = reached.map((s) => s.messages.length);
  expect((await publish(userId, event)).delivered).toBe(reached.length);
  for (const [i, s] of reached.entries()) {
    await expect.poll(() => s.messages.length).toBe((before[i] ?? 0) + 1);
  }
}

/** The ended socket is closed, forgotten, and no event of the account reaches it any more. */
async function expectEnded(userId: string, socket: Socket): Promise<void> {
  expect(await closedByServer(socket)).toBe(true);
  const received = socket.messages.length;
  await publish(userId, event);
  await new Promise((r) => setTimeout(r, 200));
  expect(socket.messages).toHaveLength(received);
}

describe('a socket opened before a sign-out everywhere', () => {
  it('is closed by the server and forgotten, the signing-out device’s and every other one', async () => {
    const email = 'socket.everywhere@example.be';
    const stolen = await stack.signInWithCode(email, { firstName: 'Sid', locale: 'en' });
    const mine = await stack.signInWithCode(email);
    const userId = userIdOf(mine);
    const theirs = await open(stolen);
    const here = await open(mine);
    await expectReached(userId, theirs, here);

    expect((await signOut(mine, true)).status).toBe(204);

    await expectEnded(userId, theirs);
    await expectEnded(userId, here);
    expect(await connectionsOf(userId)).toEqual([]);
  });
});

describe('a socket opened before a password change', () => {
  it('is closed and forgotten once the SPA signs out everywhere after ChangePassword', async () => {
    const email = 'socket.password@example.be';
    const tokens = await stack.signInWithCode(email, { firstName: 'Pia', locale: 'en' });
    const other = await stack.signInWithCode(email);
    const userId = userIdOf(tokens);
    const set = await stack.api('/v1/me/password', {
      method: 'PUT',
      token: tokens.accessToken,
      body: { password: 'Before-pass1' },
    });
    expect(set.status).toBe(204);
    const elsewhere = await open(other);
    await expectReached(userId, elsewhere);

    // What the SPA's password form does: ChangePassword in the pool, then sign out everywhere.
    await stack.cognito.send(
      new ChangePasswordCommand({
        AccessToken: tokens.accessToken,
        PreviousPassword: 'Before-pass1',
        ProposedPassword: 'After-pass1',
      }),
    );
    expect((await signOut(tokens, true)).status).toBe(204);

    await expectEnded(userId, elsewhere);
    expect(await connectionsOf(userId)).toEqual([]);
  });
});

describe('a socket of an account that leaves the product', () => {
  it('is closed by the server, not only forgotten', async () => {
    const email = 'socket.leaver@example.be';
    const tokens = await stack.signInWithCode(email, { firstName: 'Lou', locale: 'en' });
    const userId = userIdOf(tokens);
    const socket = await open(tokens);
    await expectReached(userId, socket);

    const left = await stack.api('/v1/me', {
      method: 'DELETE',
      token: tokens.accessToken,
      body: { confirmation: email },
    });
    expect(left.status).toBe(204);

    await expectEnded(userId, socket);
    expect(await connectionsOf(userId)).toEqual([]);
  });
});

describe('a sign-out on one device', () => {
  it('closes the sockets of that sign-in and leaves the other sign-ins’ open', async () => {
    const email = 'socket.one.device@example.be';
    const phone = await stack.signInWithCode(email, { firstName: 'Dee', locale: 'en' });
    const laptop = await stack.signInWithCode(email);
    const userId = userIdOf(phone);
    const onPhone = await open(phone);
    const onLaptop = await open(laptop);

    expect((await signOut(phone, false)).status).toBe(204);

    await expectEnded(userId, onPhone);
    expect(onLaptop.isClosed()).toBe(false);
    expect((await connectionsOf(userId)).map((c) => c.connectionId)).toHaveLength(1);
    await expectReached(userId, onLaptop);
  });
});

describe('a keep-alive', () => {
  it('of a current sign-in is accepted: the socket stays open and the connection is kept longer', async () => {
    const tokens = await stack.signInWithCode('socket.alive@example.be', { firstName: 'Al', locale: 'en' });
    const userId = userIdOf(tokens);
    const socket = await open(tokens);
    const [before] = await connectionsOf(userId);
    await new Promise((r) => setTimeout(r, 1100));

    keepAlive(socket);

    await expect
      .poll(async () => (await connectionsOf(userId))[0]?.expiresAt)
      .toBeGreaterThan(before?.expiresAt ?? Infinity);
    expect(socket.isClosed()).toBe(false);
    await expectReached(userId, socket);
  });

  it('after every sign-in of the account ended elsewhere is refused: the server closes and forgets the connection', async () => {
    const tokens = await stack.signInWithCode('socket.raced@example.be', { firstName: 'Ray', locale: 'en' });
    const userId = userIdOf(tokens);
    const socket = await open(tokens);
    // The write a sign-out everywhere makes, without its closing step: what a connection saved
    // in a race with the sign-out, or one whose closing failed, would see.
    expect(await refuseTokensUntil(userId, Math.floor(Date.now() / 1000))).toBe(true);
    expect(await closedByServer(socket, 300)).toBe(false);

    keepAlive(socket);

    await expectEnded(userId, socket);
    expect(await connectionsOf(userId)).toEqual([]);
  });

  it('after its own sign-in ended is refused and closes, while another sign-in’s keep-alive still passes', async () => {
    const email = 'socket.own.sign.in@example.be';
    const ended = await stack.signInWithCode(email, { firstName: 'Ed', locale: 'en' });
    const current = await stack.signInWithCode(email);
    const userId = userIdOf(ended);
    const endedSocket = await open(ended);
    const currentSocket = await open(current);
    const originJti = decodeJwt(ended.idToken).origin_jti as string;
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect(await refuseSession(userId, originJti, nowSeconds + SIGN_IN_MAX_SECONDS, nowSeconds)).toBe(true);

    keepAlive(endedSocket);
    keepAlive(currentSocket);

    await expectEnded(userId, endedSocket);
    expect(currentSocket.isClosed()).toBe(false);
    expect((await connectionsOf(userId)).map((c) => c.connectionId)).toHaveLength(1);
    await expectReached(userId, currentSocket);
  });
});
