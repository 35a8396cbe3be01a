import WebSocket from 'ws';
import { vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mailTo } from '../../tools/local-stack/ses';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../tools/local-stack/stack';

export interface ApiCallOptions {
  method?: string;
  /** Access token, sent raw in `Authorization` as the SPA does. */
  token?: string;
  /** Serialised as JSON unless it is already a string. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  /** Parsed JSON, the raw text when it is not JSON, undefined when empty. */
  body: T;
  headers: Headers;
}

export interface Tokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

export interface TestStack extends LocalStack {
  /** Calls the REST API through the local gateway. */
  api<T = unknown>(path: string, options?: ApiCallOptions): Promise<ApiAnswer<T>>;
  /**
   * Signs in with an email code like the SPA: SignUp first when `firstName` is given (account
   * creation), then CUSTOM_AUTH, the code read from the outbox, and the answer.
   */
  signInWithCode(
    email: string,
    options?: { firstName?: string; locale?: 'fr' | 'en' | 'nl' },
  ): Promise<Tokens>;
  /**
   * Becomes a guest like the SPA: POST /users/guests, then CUSTOM_AUTH with the username and the
   * secret as the answer.
   */
  signInAsGuest(options?: { link?: string }): Promise<GuestSession>;
  /** Signs a guest in with its username and secret (the answer may be wrong on purpose). */
  signInGuest(credentials: { username: string; secret: string }): Promise<Tokens>;
  /** A Cognito client on the local issuer. */
  cognito: CognitoIdentityProviderClient;
}

/** A signed-in guest: its tokens and the credentials POST /users/guests answered. */
export type GuestSession = Tokens & { userId: string; username: string; secret: string };

/**
 * The tests' one way to call the API as someone: `callerOf(() => stack)` gives
 * `call(who, path, method?, body?, headers?)` (the stack is read at each call, once started).
 */
export function callerOf(stack: () => TestStack) {
  return <T>(who: Tokens, path: string, method = 'GET', body?: unknown, headers?: Record<string, string>) =>
    stack().api<T>(path, {
      method,
      token: who.accessToken,
      ...(body !== undefined ? { body } : {}),
      ...(headers ? { headers } : {}),
    });
}

/** Retries `probe` until it answers a value other than undefined, every 50 ms, at most `tries` times. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  options: { tries?: number; what?: string } = {},
): Promise<T> {
  const tries = options.tries ?? 200;
  for (let i = 0; i < tries; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${options.what ?? 'Condition'} not reached after ${tries} tries`);
}

/**
 * Runs an answer's write as if it were made at `at` (its own date: `Date.now` alone answers it),
 * for tests that seed the answers of past weeks through the live writes: a write made while its
 * week was open moves the rollups reports show, one made after the week closed moves its late
 * layer (decision 0030). Nothing else may run meanwhile.
 */
export async function writtenAt<T>(at: string | number, write: () => Promise<T>): Promise<T> {
  const clock = vi.spyOn(Date, 'now').mockReturnValue(typeof at === 'number' ? at : Date.parse(at));
  try {
    return await write();
  } finally {
    clock.mockRestore();
  }
}

/**
 * The local stack in memory on free ports, without the SPA, plus helpers to call it. One per test
 * file (the handlers run in the test's process and read its environment).
 */
export async function startTestStack(options: Partial<LocalStackOptions> = {}): Promise<TestStack> {
  const stack = await startLocalStack({
    persistent: false,
    web: false,
    // Failed notifications come back after two seconds instead of thirty (longer than the poller’s one-second long poll).
    queueVisibilityTimeoutSeconds: 2,
    ...options,
  });
  const { endpoints } = stack;
  const cognito = new CognitoIdentityProviderClient({
    endpoint: endpoints.auth.endpoint,
    region: endpoints.auth.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

  async function api<T = unknown>(path: string, call: ApiCallOptions = {}): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { 'x-language': 'fr', 'x-source': 'test', ...call.headers };
    if (call.token) headers.authorization = call.token;
    let body: string | undefined;
    if (call.body !== undefined) {
      body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${endpoints.api}${path}`, { method: call.method ?? 'GET', headers, body });
    const text = await response.text();
    let parsed: unknown = undefined;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  async function signInWithCode(
    email: string,
    signIn: { firstName?: string; locale?: 'fr' | 'en' | 'nl' } = {},
  ): Promise<Tokens> {
    const clientId = endpoints.auth.clientId;
    if (signIn.firstName !== undefined) {
      await cognito.send(
        new SignUpCommand({
          ClientId: clientId,
          Username: email,
          // Never used: the account signs in with codes (docs/decisions/0001).
          Password: `Aa1!${randomBytes(18).toString('base64url')}`,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'given_name', Value: signIn.firstName },
            { Name: 'locale', Value: signIn.locale ?? 'fr' },
          ],
        }),
      );
    }
    const before = (await mailTo(endpoints.outbox, email)).length;
    const started = await cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'CUSTOM_AUTH',
        AuthParameters: { USERNAME: email },
      }),
    );
    const code = await eventually(
      async () => {
        const mails = await mailTo(endpoints.outbox, email);
        if (mails.length <= before) return undefined;
        const newest = mails[mails.length - 1];
        const match = /(?<!\d)(\d{6})(?!\d)/.exec(`${newest?.subject ?? ''} ${newest?.body.text ?? ''}`);
        return match?.[1];
      },
      { what: `A sign-in code for ${email}` },
    );
    const answered = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'CUSTOM_CHALLENGE',
        Session: started.Session,
        ChallengeResponses: { USERNAME: started.ChallengeParameters?.USERNAME ?? email, ANSWER: code },
      }),
    );
    const result = answered.AuthenticationResult;
    if (!result?.AccessToken || !result.IdToken || !result.RefreshToken) {
      throw new Error(
        `Sign-in of ${email} did not end with tokens (challenge ${answered.ChallengeName ?? 'none'})`,
      );
    }
    return { accessToken: result.AccessToken, idToken: result.IdToken, refreshToken: result.RefreshToken };
  }

  async function signInGuest(credentials: { username: string; secret: string }): Promise<Tokens> {
    const clientId = endpoints.auth.clientId;
    const started = await cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'CUSTOM_AUTH',
        AuthParameters: { USERNAME: credentials.username },
      }),
    );
    const answered = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'CUSTOM_CHALLENGE',
        Session: started.Session,
        ChallengeResponses: {
          USERNAME: started.ChallengeParameters?.USERNAME ?? credentials.username,
          ANSWER: credentials.secret,
        },
      }),
    );
    const result = answered.AuthenticationResult;
    if (!result?.AccessToken || !result.IdToken || !result.RefreshToken) {
      throw new Error(
        `Guest sign-in did not end with tokens (challenge ${answered.ChallengeName ?? 'none'})`,
      );
    }
    return { accessToken: result.AccessToken, idToken: result.IdToken, refreshToken: result.RefreshToken };
  }

  async function signInAsGuest(options: { link?: string } = {}): Promise<GuestSession> {
    const created = await api<{ userId: string; username: string; secret: string }>('/users/guests', {
      method: 'POST',
      body: { link: options.link ?? 'http://127.0.0.1/campaign/test' },
    });
    if (created.status !== 201) {
      throw new Error(`POST /users/guests answered ${created.status}: ${JSON.stringify(created.body)}`);
    }
    const { userId, username, secret } = created.body;
    return { ...(await signInGuest({ username, secret })), userId, username, secret };
  }

  return {
    ...stack,
    api,
    signInWithCode,
    signInAsGuest,
    signInGuest,
    cognito,
    async stop() {
      cognito.destroy();
      await stack.stop();
    },
  };
}

/** An open realtime connection of a signed-in user (the app's WebSocket, with its identity token). */
export function openRealtime(stack: TestStack, tokens: Tokens): Promise<WebSocket> {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`${stack.endpoints.ws}?token=${encodeURIComponent(tokens.idToken)}`);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}
