import { configureHandlers } from '../../functions/lib/environment';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ListUsersCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SignUpCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { SignJWT, decodeProtectedHeader, generateKeyPair } from 'jose';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '@aws-crypto/sha256-js';
import type {
  CreateAuthChallengeTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  PreSignUpTriggerEvent,
  PreTokenGenerationTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import { ensureTable, startDynamoDb, type DynamoDbLocal } from './dynamodb';
import { startCognito, type LocalCognito } from './cognito';
import { verifyAccessToken, verifyIdToken } from '../../functions/lib/tokens';
import { createAccount, getAccount } from '../../functions/users';
import { claimCodeSend } from '../../functions/auth';
import { LOGIN_CODE_WINDOW_MS } from '@shared/domain/sign-in';
import { logger } from '../../functions/lib/logger';
import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import {
  confirmSignIn,
  fetchAuthSession,
  getCurrentUser,
  signIn as amplifySignIn,
  signOut as amplifySignOut,
  signUp as amplifySignUp,
  updatePassword,
} from 'aws-amplify/auth';

// aws-ses-v2-local is CommonJS with `exports.default`: required so its shape is plain.
const startSesServer = (
  createRequire(import.meta.url)('aws-ses-v2-local') as {
    default: (config: { host: string; port: number }) => Promise<Server>;
  }
).default;

const TABLE = 'wellbeing-test';
let ddb: DynamoDbLocal;
let ses: Server;
let sesUrl: string;
let pool: LocalCognito;
let client: CognitoIdentityProviderClient;
let emailCounter = 0;

function newEmail(): string {
  emailCounter += 1;
  return `user${emailCounter}.${Date.now()}@example.be`;
}

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}

async function mailsTo(email: string): Promise<StoredMail[]> {
  const response = await fetch(`${sesUrl}/store`);
  const { emails } = (await response.json()) as { emails: StoredMail[] };
  return emails.filter((mail) => mail.destination.to.some((to) => to.toLowerCase().includes(email)));
}

async function latestCode(email: string): Promise<string> {
  const last = (await mailsTo(email)).at(-1);
  const code = last ? /^(\d{6}) /.exec(last.subject)?.[1] : undefined;
  if (!code) throw new Error(`No code mailed to ${email}`);
  return code;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function cognitoClient(endpoint: string) {
  return new CognitoIdentityProviderClient({
    endpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

async function signUp(email: string, givenName = 'Camille', locale = 'en') {
  return client.send(
    new SignUpCommand({
      ClientId: pool.clientId,
      Username: email,
      Password: 'Random-Passw0rd',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: givenName },
        { Name: 'locale', Value: locale },
      ],
    }),
  );
}

async function startCodeSignIn(email: string) {
  return client.send(
    new InitiateAuthCommand({
      ClientId: pool.clientId,
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: email },
    }),
  );
}

async function answer(session: string | undefined, username: string | undefined, code: string) {
  return client.send(
    new RespondToAuthChallengeCommand({
      ClientId: pool.clientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: session,
      ChallengeResponses: { USERNAME: username ?? '', ANSWER: code },
    }),
  );
}

/** A full sign-in with the code mailed to the address. */
async function signInWithCode(email: string): Promise<AuthenticationResultType> {
  const challenge = await startCodeSignIn(email);
  const result = await answer(
    challenge.Session,
    challenge.ChallengeParameters?.USERNAME,
    await latestCode(email),
  );
  if (!result.AuthenticationResult) throw new Error('No tokens');
  return result.AuthenticationResult;
}

/** Lets every token out: the pre-token-generation gate needs an account, which these tests do not make. */
const letTokensThrough = async (event: PreTokenGenerationTriggerEvent) => event;

beforeAll(async () => {
  logger.setLogLevel('SILENT');
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  ddb = await startDynamoDb();
  await ensureTable(ddb.endpoint, TABLE);
  ses = await startSesServer({ host: '127.0.0.1', port: 0 });
  sesUrl = `http://127.0.0.1:${(ses.address() as AddressInfo).port}`;
  pool = await startCognito({
    allowedOrigins: ['http://127.0.0.1:5173'],
    // The issuer's protocol is tested here with identities that have no account; the product's gate
    // (tokens only for a proved account) is tested through the whole stack in tests/security.
    triggers: { preTokenGeneration: letTokensThrough },
    env: {
      TABLE_NAME: TABLE,
      DYNAMODB_ENDPOINT: ddb.endpoint,
      SES_ENDPOINT: sesUrl,
      MAIL_FROM: 'no-reply@wellbeing.test',
      LOG_LEVEL: 'SILENT',
    },
  });
  // The triggers' admin calls (a proven address discards a SignUp password, ends sessions) go to
  // this pool, signed with the local credentials as in the stack.
  configureHandlers({
    TOKEN_ISSUER: pool.issuer,
    USER_POOL_CLIENT_ID: pool.clientId,
    USER_POOL_ID: pool.userPoolId,
    COGNITO_ENDPOINT: pool.endpoint,
  });
  client = cognitoClient(pool.endpoint);
});

afterAll(async () => {
  client?.destroy();
  await pool?.stop();
  await new Promise((resolve) => (ses ? ses.close(resolve) : resolve(undefined)));
  await ddb?.stop();
});

describe('local Cognito: email-code sign-in with the real triggers', () => {
  it('signs up, mails a code, signs in with it, and creates the account on that first code', async () => {
    const email = newEmail();
    const signedUp = await signUp(email, 'Noa', 'en');
    expect(signedUp.UserConfirmed).toBe(true);
    expect(pool.userPoolId).toMatch(/^eu-west-1_[A-Za-z0-9]+$/);

    const challenge = await startCodeSignIn(email);
    expect(challenge.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(challenge.ChallengeParameters).toEqual({
      email: `u***@example.be`,
      codeLength: '6',
      codeSent: 'yes',
      USERNAME: signedUp.UserSub,
    });
    expect(await getAccount(signedUp.UserSub as string)).toBeNull();
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^\d{6} is your sign-in code$/);

    const result = await answer(
      challenge.Session,
      challenge.ChallengeParameters?.USERNAME,
      await latestCode(email),
    );
    const tokens = result.AuthenticationResult;
    expect(tokens).toMatchObject({ ExpiresIn: 3600, TokenType: 'Bearer' });
    expect(tokens?.RefreshToken).toBeTruthy();

    const access = await verifyAccessToken(tokens?.AccessToken as string);
    expect(access).toMatchObject({
      sub: signedUp.UserSub,
      username: signedUp.UserSub,
      client_id: pool.clientId,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      iss: pool.issuer,
    });
    expect(access.exp - access.iat).toBe(3600);
    const id = await verifyIdToken(tokens?.IdToken as string);
    expect(id).toMatchObject({
      sub: signedUp.UserSub,
      aud: pool.clientId,
      email,
      given_name: 'Noa',
      locale: 'en',
    });
    expect(id['cognito:username']).toBe(signedUp.UserSub);

    const account = await getAccount(signedUp.UserSub as string);
    expect(account?.user).toMatchObject({ firstName: 'Noa', locale: 'en' });
    expect(account?.emails).toEqual([expect.objectContaining({ email, primary: true, isVerified: true })]);

    const me = await client.send(new GetUserCommand({ AccessToken: tokens?.AccessToken }));
    expect(me.Username).toBe(signedUp.UserSub);
    expect(me.UserAttributes).toContainEqual({ Name: 'email', Value: email });
  });

  it('accepts the right code after 4 wrong ones, with one email for the whole sign-in', async () => {
    const email = newEmail();
    await signUp(email);
    let step = await startCodeSignIn(email);
    const code = await latestCode(email);
    for (let i = 0; i < 4; i++) {
      const retry = await answer(step.Session, step.ChallengeParameters?.USERNAME, otherCode(code));
      expect(retry.ChallengeName).toBe('CUSTOM_CHALLENGE');
      expect(retry.AuthenticationResult).toBeUndefined();
      step = retry;
    }
    const done = await answer(step.Session, step.ChallengeParameters?.USERNAME, code);
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('ends the sign-in with too-many-attempts at the fifth wrong code', async () => {
    const email = newEmail();
    await signUp(email);
    let step = await startCodeSignIn(email);
    const code = await latestCode(email);
    for (let i = 0; i < 4; i++)
      step = await answer(step.Session, step.ChallengeParameters?.USERNAME, otherCode(code));
    const fifth = answer(step.Session, step.ChallengeParameters?.USERNAME, otherCode(code));
    await expect(fifth).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: 'DefineAuthChallenge failed with error too-many-attempts.',
    });
    // The session is over.
    await expect(answer(step.Session, step.ChallengeParameters?.USERNAME, code)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });

  it('never accepts a used code in a new sign-in', async () => {
    const email = newEmail();
    await signUp(email);
    const first = await startCodeSignIn(email);
    const usedCode = await latestCode(email);
    await answer(first.Session, first.ChallengeParameters?.USERNAME, usedCode);

    const second = await startCodeSignIn(email);
    const newCode = await latestCode(email);
    const reuse = await answer(second.Session, second.ChallengeParameters?.USERNAME, usedCode);
    expect(reuse.AuthenticationResult).toBeUndefined();
    expect(reuse.ChallengeName).toBe('CUSTOM_CHALLENGE');
    const done = await answer(reuse.Session, reuse.ChallengeParameters?.USERNAME, newCode);
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('answers UserNotFoundException for an unknown email', async () => {
    await expect(startCodeSignIn('nobody@example.be')).rejects.toMatchObject({
      name: 'UserNotFoundException',
    });
  });

  it('sends no fourth code within 10 minutes, and says so in the challenge instead of failing the sign-in', async () => {
    const email = newEmail();
    await signUp(email);
    for (let i = 0; i < 3; i++) await startCodeSignIn(email);
    const fourth = await startCodeSignIn(email);
    expect(fourth.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(fourth.ChallengeParameters?.codeSent).toBe('no');
    expect(await mailsTo(email)).toHaveLength(3);
  });

  it('frees a send slot on DynamoDB once its send leaves the window', async () => {
    const email = newEmail();
    const t0 = Date.now();
    for (let i = 0; i < 3; i++) await expect(claimCodeSend('sign-in', email, t0 + i)).resolves.toBe(true);
    await expect(claimCodeSend('sign-in', email, t0 + 60_000)).resolves.toBe(false);
    await expect(claimCodeSend('sign-in', email, t0 + LOGIN_CODE_WINDOW_MS - 1)).resolves.toBe(false);
    await expect(claimCodeSend('sign-in', email, t0 + LOGIN_CODE_WINDOW_MS)).resolves.toBe(true);
    await expect(claimCodeSend('sign-in', email, t0 + LOGIN_CODE_WINDOW_MS)).resolves.toBe(false);
  });

  it('refuses a sign-up for a taken email, by Cognito or by the pre-sign-up trigger', async () => {
    const email = newEmail();
    await signUp(email);
    await expect(signUp(email)).rejects.toMatchObject({ name: 'UsernameExistsException' });
    const owned = newEmail();
    await createAccount({ userId: 'someone-else', email: owned, firstName: 'Other' });
    await expect(signUp(owned)).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: 'PreSignUp failed with error email-already-used.',
    });
  });

  it('refreshes tokens, and refuses the refresh token once revoked', async () => {
    const email = newEmail();
    await signUp(email);
    const tokens = await signInWithCode(email);
    const refreshed = await client.send(
      new InitiateAuthCommand({
        ClientId: pool.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken as string },
      }),
    );
    const access = await verifyAccessToken(refreshed.AuthenticationResult?.AccessToken as string);
    const original = await verifyAccessToken(tokens.AccessToken as string);
    expect(access.sub).toBe(original.sub);
    expect(access.origin_jti).toBe(original.origin_jti);
    expect(access.jti).not.toBe(original.jti);
    // Amplify v6 refreshes with GetTokensFromRefreshToken.
    const amplifyRefresh = await client.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: pool.clientId, RefreshToken: tokens.RefreshToken }),
    );
    await expect(
      verifyIdToken(amplifyRefresh.AuthenticationResult?.IdToken as string),
    ).resolves.toMatchObject({
      email,
    });

    await client.send(new RevokeTokenCommand({ ClientId: pool.clientId, Token: tokens.RefreshToken }));
    await expect(
      client.send(
        new InitiateAuthCommand({
          ClientId: pool.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken as string },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(client.send(new GetUserCommand({ AccessToken: tokens.AccessToken }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('signs a user out everywhere', async () => {
    const email = newEmail();
    await signUp(email);
    const tokens = await signInWithCode(email);
    await client.send(new GlobalSignOutCommand({ AccessToken: tokens.AccessToken }));
    await expect(
      client.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: pool.clientId, RefreshToken: tokens.RefreshToken }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('rejects a token signed by another key, and a token of the wrong use', async () => {
    const email = newEmail();
    await signUp(email);
    const tokens = await signInWithCode(email);
    const claims = await verifyAccessToken(tokens.AccessToken as string);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader(decodeProtectedHeader(tokens.AccessToken as string) as { alg: string; kid: string })
      .sign(privateKey);
    await expect(verifyAccessToken(forged)).rejects.toMatchObject({ key: 'unauthorized', statusCode: 401 });
    await expect(verifyAccessToken(tokens.IdToken as string)).rejects.toMatchObject({ key: 'unauthorized' });
    await expect(verifyIdToken(tokens.AccessToken as string)).rejects.toMatchObject({ key: 'unauthorized' });
    await expect(client.send(new GetUserCommand({ AccessToken: forged }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('administers users for the seed: create without message, find by email, sign in with a code, delete', async () => {
    const email = newEmail();
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: pool.userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: 'Seed' },
        ],
      }),
    );
    const username = created.User?.Username as string;
    expect(created.User?.Attributes).toContainEqual({ Name: 'email', Value: email });
    const listed = await client.send(
      new ListUsersCommand({ UserPoolId: pool.userPoolId, Filter: `email = "${email.toUpperCase()}"` }),
    );
    expect(listed.Users?.map((u) => u.Username)).toEqual([username]);
    const fetched = await client.send(
      new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: email }),
    );
    expect(fetched.UserAttributes).toContainEqual({ Name: 'sub', Value: username });
    expect(fetched.UserCreateDate).toBeInstanceOf(Date);

    await expect(signInWithCode(email)).resolves.toHaveProperty('AccessToken');

    await client.send(new AdminDeleteUserCommand({ UserPoolId: pool.userPoolId, Username: username }));
    await expect(
      client.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: email })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });

  it('names an operation it does not support, and a wrong client', async () => {
    await expect(
      client.send(new ForgotPasswordCommand({ ClientId: pool.clientId, Username: 'x@example.be' })),
    ).rejects.toMatchObject({
      name: 'UnsupportedOperationException',
      message: expect.stringContaining('ForgotPassword'),
    });
    await expect(
      client.send(
        new InitiateAuthCommand({ ClientId: 'other', AuthFlow: 'CUSTOM_AUTH', AuthParameters: {} }),
      ),
    ).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it('answers CORS preflights and exposes its headers to browsers', async () => {
    const preflight = await fetch(pool.endpoint, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-amz-target');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');

    const failure = await fetch(pool.endpoint, {
      method: 'POST',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        ClientId: pool.clientId,
        AuthFlow: 'CUSTOM_AUTH',
        AuthParameters: { USERNAME: 'no@x.be' },
      }),
    });
    expect(failure.status).toBe(400);
    expect(failure.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(failure.headers.get('access-control-expose-headers')).toContain('x-amzn-errortype');
    expect(await failure.json()).toEqual({
      __type: 'UserNotFoundException',
      message: 'User does not exist.',
    });

    const jwks = (await (await fetch(`${pool.issuer}/.well-known/jwks.json`)).json()) as { keys: object[] };
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
  });
});

describe('local Cognito: trigger events and persistence', () => {
  it('sends triggers events shaped like Cognito and reports a thrown error like Cognito', async () => {
    const seen: { define: DefineAuthChallengeTriggerEvent[]; create: CreateAuthChallengeTriggerEvent[] } = {
      define: [],
      create: [],
    };
    const verifyEvents: VerifyAuthChallengeResponseTriggerEvent[] = [];
    const fake = await startCognito({
      triggers: {
        preTokenGeneration: letTokensThrough,
        preSignUp: async (event) => {
          event.response.autoConfirmUser = true;
          return event;
        },
        defineAuthChallenge: async (event) => {
          seen.define.push(structuredClone(event));
          const last = event.request.session.at(-1);
          event.response.issueTokens = last?.challengeResult === true;
          if (!last?.challengeResult) event.response.challengeName = 'CUSTOM_CHALLENGE';
          return event;
        },
        createAuthChallenge: async (event) => {
          seen.create.push(structuredClone(event));
          if (event.request.clientMetadata?.fail) throw new Error('boom');
          event.response.publicChallengeParameters = { hint: 'x' };
          event.response.privateChallengeParameters = { answer: '42' };
          event.response.challengeMetadata = 'CODE-fixed';
          return event;
        },
        verifyAuthChallengeResponse: async (event) => {
          verifyEvents.push(structuredClone(event));
          event.response.answerCorrect =
            event.request.challengeAnswer === event.request.privateChallengeParameters.answer;
          return event;
        },
      },
    });
    const local = cognitoClient(fake.endpoint);
    try {
      const { UserSub } = await local.send(
        new SignUpCommand({
          ClientId: fake.clientId,
          Username: 'shape@example.be',
          Password: 'Abcdef1',
          UserAttributes: [{ Name: 'given_name', Value: 'Shape' }],
        }),
      );
      const first = await local.send(
        new InitiateAuthCommand({
          ClientId: fake.clientId,
          AuthFlow: 'CUSTOM_AUTH',
          AuthParameters: { USERNAME: 'shape@example.be' },
        }),
      );
      const wrong = await local.send(
        new RespondToAuthChallengeCommand({
          ClientId: fake.clientId,
          ChallengeName: 'CUSTOM_CHALLENGE',
          Session: first.Session,
          ChallengeResponses: { USERNAME: UserSub as string, ANSWER: '1' },
        }),
      );
      await local.send(
        new RespondToAuthChallengeCommand({
          ClientId: fake.clientId,
          ChallengeName: 'CUSTOM_CHALLENGE',
          Session: wrong.Session,
          ChallengeResponses: { USERNAME: 'shape@example.be', ANSWER: '42' },
        }),
      );

      expect(seen.define[0]).toMatchObject({
        version: '1',
        region: 'eu-west-1',
        userPoolId: fake.userPoolId,
        userName: UserSub,
        triggerSource: 'DefineAuthChallenge_Authentication',
        callerContext: { clientId: fake.clientId, awsSdkVersion: expect.any(String) },
        request: {
          userAttributes: {
            sub: UserSub,
            email: 'shape@example.be',
            email_verified: 'false',
            given_name: 'Shape',
            'cognito:user_status': 'CONFIRMED',
          },
          session: [],
        },
      });
      expect(seen.create[1]?.request).toMatchObject({
        challengeName: 'CUSTOM_CHALLENGE',
        session: [
          { challengeName: 'CUSTOM_CHALLENGE', challengeResult: false, challengeMetadata: 'CODE-fixed' },
        ],
      });
      expect(verifyEvents[0]).toMatchObject({
        triggerSource: 'VerifyAuthChallengeResponse_Authentication',
        request: { privateChallengeParameters: { answer: '42' }, challengeAnswer: '1' },
      });
      expect(seen.define.at(-1)?.request.session.map((s) => s.challengeResult)).toEqual([false, true]);

      await expect(
        local.send(
          new InitiateAuthCommand({
            ClientId: fake.clientId,
            AuthFlow: 'CUSTOM_AUTH',
            AuthParameters: { USERNAME: 'shape@example.be' },
            ClientMetadata: { fail: 'yes' },
          }),
        ),
      ).rejects.toMatchObject({
        name: 'UserLambdaValidationException',
        message: 'CreateAuthChallenge failed with error boom.',
      });
    } finally {
      local.destroy();
      await fake.stop();
    }
  });

  it('expires a sign-in session after 15 minutes', async () => {
    const fake = await startCognito({
      triggers: {
        preTokenGeneration: letTokensThrough,
        preSignUp: async (event) => {
          event.response.autoConfirmUser = true;
          return event;
        },
        defineAuthChallenge: async (event) => {
          event.response.challengeName = 'CUSTOM_CHALLENGE';
          return event;
        },
        createAuthChallenge: async (event) => event,
        verifyAuthChallengeResponse: async (event) => event,
      },
    });
    const local = cognitoClient(fake.endpoint);
    try {
      await local.send(
        new SignUpCommand({ ClientId: fake.clientId, Username: 'late@example.be', Password: 'Abcdef1' }),
      );
      vi.useFakeTimers({ toFake: ['Date'] });
      const started = await local.send(
        new InitiateAuthCommand({
          ClientId: fake.clientId,
          AuthFlow: 'CUSTOM_AUTH',
          AuthParameters: { USERNAME: 'late@example.be' },
        }),
      );
      vi.advanceTimersByTime(15 * 60_000 + 1000);
      await expect(
        local.send(
          new RespondToAuthChallengeCommand({
            ClientId: fake.clientId,
            ChallengeName: 'CUSTOM_CHALLENGE',
            Session: started.Session,
            ChallengeResponses: { USERNAME: 'late@example.be', ANSWER: '123456' },
          }),
        ),
      ).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Invalid session for the user, session is expired.',
      });
    } finally {
      vi.useRealTimers();
      local.destroy();
      await fake.stop();
    }
  });

  it('keeps users, refresh tokens and the signing key in its data file across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-cognito-'));
    const dataFile = join(dir, 'cognito.json');
    const alwaysRight = {
      preTokenGeneration: letTokensThrough,
      preSignUp: async <E extends { response: { autoConfirmUser: boolean } }>(event: E) => {
        event.response.autoConfirmUser = true;
        return event;
      },
      defineAuthChallenge: async (event: DefineAuthChallengeTriggerEvent) => {
        const done = event.request.session.at(-1)?.challengeResult === true;
        event.response.issueTokens = done;
        if (!done) event.response.challengeName = 'CUSTOM_CHALLENGE';
        return event;
      },
      createAuthChallenge: async (event: CreateAuthChallengeTriggerEvent) => event,
      verifyAuthChallengeResponse: async (event: VerifyAuthChallengeResponseTriggerEvent) => {
        event.response.answerCorrect = true;
        return event;
      },
    };
    let first: LocalCognito | undefined = await startCognito({ dataFile, triggers: alwaysRight });
    let second: LocalCognito | undefined;
    try {
      const local = cognitoClient(first.endpoint);
      await local.send(
        new SignUpCommand({ ClientId: first.clientId, Username: 'kept@example.be', Password: 'Abcdef1' }),
      );
      const challenge = await local.send(
        new InitiateAuthCommand({
          ClientId: first.clientId,
          AuthFlow: 'CUSTOM_AUTH',
          AuthParameters: { USERNAME: 'kept@example.be' },
        }),
      );
      const { AuthenticationResult: tokens } = await local.send(
        new RespondToAuthChallengeCommand({
          ClientId: first.clientId,
          ChallengeName: 'CUSTOM_CHALLENGE',
          Session: challenge.Session,
          ChallengeResponses: { USERNAME: 'kept@example.be', ANSWER: 'x' },
        }),
      );
      local.destroy();
      const port = Number(new URL(first.endpoint).port);
      await first.stop();
      first = undefined;

      second = await startCognito({ dataFile, port, triggers: alwaysRight });
      const again = cognitoClient(second.endpoint);
      const me = await again.send(new GetUserCommand({ AccessToken: tokens?.AccessToken }));
      expect(me.UserAttributes).toContainEqual({ Name: 'email', Value: 'kept@example.be' });
      const refreshed = await again.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: second.clientId,
          RefreshToken: tokens?.RefreshToken,
        }),
      );
      expect(refreshed.AuthenticationResult?.AccessToken).toBeTruthy();
      again.destroy();
    } finally {
      await first?.stop();
      await second?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('local Cognito: Amplify v6 through Auth.Cognito.userPoolEndpoint', () => {
  it('signs up, answers a wrong then a right custom challenge, refreshes and signs out', async () => {
    const fake = await startCognito({
      triggers: {
        preTokenGeneration: letTokensThrough,
        preSignUp: async (event) => {
          event.response.autoConfirmUser = true;
          return event;
        },
        defineAuthChallenge: async (event) => {
          const done = event.request.session.at(-1)?.challengeResult === true;
          event.response.issueTokens = done;
          if (!done) event.response.challengeName = 'CUSTOM_CHALLENGE';
          return event;
        },
        createAuthChallenge: async (event) => {
          event.response.publicChallengeParameters = { email: 'a***@example.be', codeLength: '6' };
          event.response.privateChallengeParameters = { code: '123456' };
          event.response.challengeMetadata = 'CODE-1';
          return event;
        },
        verifyAuthChallengeResponse: async (event) => {
          event.response.answerCorrect = event.request.challengeAnswer === '123456';
          return event;
        },
      },
    });
    try {
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: fake.userPoolId,
            userPoolClientId: fake.clientId,
            userPoolEndpoint: fake.endpoint,
            loginWith: { email: true },
          },
        },
      });
      const up = await amplifySignUp({
        username: 'amplify@example.be',
        password: 'Abcdef12',
        options: { userAttributes: { email: 'amplify@example.be', given_name: 'Amp', locale: 'fr' } },
      });
      expect(up.nextStep.signUpStep).toBe('DONE');
      const started = await amplifySignIn({
        username: 'amplify@example.be',
        options: { authFlowType: 'CUSTOM_WITHOUT_SRP' },
      });
      expect(started.nextStep).toMatchObject({
        signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
        additionalInfo: { email: 'a***@example.be', codeLength: '6' },
      });
      const wrong = await confirmSignIn({ challengeResponse: '000000' });
      expect(wrong.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
      const right = await confirmSignIn({ challengeResponse: '123456' });
      expect(right.isSignedIn).toBe(true);
      expect((await getCurrentUser()).userId).toBe(up.userId);

      const session = await fetchAuthSession();
      expect(session.tokens?.accessToken.payload).toMatchObject({ token_use: 'access', sub: up.userId });
      const refreshed = await fetchAuthSession({ forceRefresh: true });
      expect(refreshed.tokens?.accessToken.toString()).not.toBe(session.tokens?.accessToken.toString());
      await amplifySignOut();
      await expect(getCurrentUser()).rejects.toMatchObject({ name: 'UserUnAuthenticatedException' });
    } finally {
      await fake.stop();
    }
  });
});

describe('local Cognito: password sign-in (USER_SRP_AUTH) and ChangePassword through Amplify v6', () => {
  async function withPool(run: (pool: LocalCognito) => Promise<void>) {
    const fake = await startCognito({
      triggers: {
        preTokenGeneration: letTokensThrough,
        preSignUp: async (event) => {
          event.response.autoConfirmUser = true;
          return event;
        },
      },
    });
    try {
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: fake.userPoolId,
            userPoolClientId: fake.clientId,
            userPoolEndpoint: fake.endpoint,
            loginWith: { email: true },
          },
        },
      });
      await run(fake);
    } finally {
      await amplifySignOut().catch(() => undefined);
      await fake.stop();
    }
  }

  it('signs in with the password, refuses a wrong one, changes it, and then only the new one works', async () => {
    await withPool(async () => {
      const email = 'srp@example.be';
      const up = await amplifySignUp({
        username: email,
        password: 'Old-pass1',
        options: { userAttributes: { email } },
      });
      await expect(amplifySignIn({ username: email, password: 'Old-pass2' })).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
      const signedIn = await amplifySignIn({ username: email, password: 'Old-pass1' });
      expect(signedIn.isSignedIn).toBe(true);
      expect((await getCurrentUser()).userId).toBe(up.userId);

      await expect(
        updatePassword({ oldPassword: 'Wrong-pass1', newPassword: 'New-pass1' }),
      ).rejects.toMatchObject({
        name: 'NotAuthorizedException',
      });
      await expect(updatePassword({ oldPassword: 'Old-pass1', newPassword: 'weak' })).rejects.toMatchObject({
        name: 'InvalidPasswordException',
      });
      await updatePassword({ oldPassword: 'Old-pass1', newPassword: 'New-pass1' });
      await amplifySignOut();

      await expect(amplifySignIn({ username: email, password: 'Old-pass1' })).rejects.toMatchObject({
        name: 'NotAuthorizedException',
      });
      expect((await amplifySignIn({ username: email, password: 'New-pass1' })).isSignedIn).toBe(true);
    });
  });

  it('answers Password attempts exceeded after 5 wrong passwords in a row, even to the right one', async () => {
    await withPool(async () => {
      const email = 'locked@example.be';
      await amplifySignUp({
        username: email,
        password: 'Right-pass1',
        options: { userAttributes: { email } },
      });
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await expect(
          amplifySignIn({ username: email, password: `Wrong-pass${attempt}` }),
        ).rejects.toMatchObject({
          message: 'Incorrect username or password.',
        });
      }
      await expect(amplifySignIn({ username: email, password: 'Right-pass1' })).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Password attempts exceeded',
      });
    });
  });

  it('answers LimitExceededException after 5 wrong previous passwords in ChangePassword', async () => {
    await withPool(async () => {
      const email = 'change-limit@example.be';
      await amplifySignUp({
        username: email,
        password: 'Right-pass1',
        options: { userAttributes: { email } },
      });
      await amplifySignIn({ username: email, password: 'Right-pass1' });
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await expect(
          updatePassword({ oldPassword: `Wrong-pass${attempt}`, newPassword: 'New-pass1' }),
        ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      }
      await expect(
        updatePassword({ oldPassword: 'Right-pass1', newPassword: 'New-pass1' }),
      ).rejects.toMatchObject({
        name: 'LimitExceededException',
      });
    });
  });

  it('signs in with a password set by AdminSetUserPassword; an unknown email is UserNotFoundException', async () => {
    await withPool(async (fake) => {
      const admin = cognitoClient(fake.endpoint);
      const email = 'admin-set@example.be';
      await amplifySignUp({
        username: email,
        password: 'Random-pass1',
        options: { userAttributes: { email } },
      });
      await admin.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: fake.userPoolId,
          Username: email,
          Password: 'Chosen-pass1',
          Permanent: true,
        }),
      );
      await expect(amplifySignIn({ username: email, password: 'Random-pass1' })).rejects.toMatchObject({
        name: 'NotAuthorizedException',
      });
      expect((await amplifySignIn({ username: email, password: 'Chosen-pass1' })).isSignedIn).toBe(true);
      await amplifySignOut();
      await expect(
        amplifySignIn({ username: 'nobody@example.be', password: 'Chosen-pass1' }),
      ).rejects.toMatchObject({ name: 'UserNotFoundException' });
      admin.destroy();
    });
  });

  it('keeps the verifier in its data file: password sign-in works after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cognito-srp-'));
    const dataFile = join(dir, 'pool.json');
    const autoConfirm = {
      preTokenGeneration: letTokensThrough,
      preSignUp: async (event: PreSignUpTriggerEvent) => {
        event.response.autoConfirmUser = true;
        return event;
      },
    };
    let first: LocalCognito | undefined;
    let second: LocalCognito | undefined;
    try {
      first = await startCognito({ dataFile, triggers: autoConfirm });
      const sdk = cognitoClient(first.endpoint);
      await sdk.send(
        new SignUpCommand({ ClientId: first.clientId, Username: 'kept@example.be', Password: 'Kept-pass1' }),
      );
      sdk.destroy();
      await first.stop();
      second = await startCognito({ dataFile, triggers: autoConfirm });
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: second.userPoolId,
            userPoolClientId: second.clientId,
            userPoolEndpoint: second.endpoint,
            loginWith: { email: true },
          },
        },
      });
      expect((await amplifySignIn({ username: 'kept@example.be', password: 'Kept-pass1' })).isSignedIn).toBe(
        true,
      );
      await amplifySignOut();
    } finally {
      await second?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A Cognito JSON-protocol call over plain HTTP, signed with SigV4 when `credentials` are given. */
async function rawCall(
  endpoint: string,
  operation: string,
  input: object,
  options: {
    credentials?: { accessKeyId: string; secretAccessKey: string };
    headers?: Record<string, string>;
    tamper?: (body: string) => string;
  } = {},
) {
  const url = new URL(endpoint);
  let headers: Record<string, string> = {
    host: url.host,
    'content-type': 'application/x-amz-json-1.1',
    'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    ...options.headers,
  };
  const body = JSON.stringify(input);
  if (options.credentials) {
    const signer = new SignatureV4({
      credentials: options.credentials,
      region: 'eu-west-1',
      service: 'cognito-idp',
      sha256: Sha256,
    });
    const signed = await signer.sign({
      method: 'POST',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: '/',
      query: {},
      headers,
      body,
    });
    headers = signed.headers;
  }
  const { host: _host, ...sent } = headers;
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: sent,
    body: options.tamper ? options.tamper(body) : body,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

/** A POST from another loopback address (another client, as another IP would reach WAF). */
function postFrom(localAddress: string, endpoint: string, operation: string, input: object) {
  const body = JSON.stringify(input);
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      endpoint,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('local Cognito: admin credentials, browser origins and the per-client limit', () => {
  const right = { accessKeyId: 'local', secretAccessKey: 'local' };

  it('refuses unsigned AdminSetUserPassword and ListUsers, and changes nothing', async () => {
    const email = newEmail();
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: pool.userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        TemporaryPassword: 'Temporary-pass1',
      }),
    );
    const set = await rawCall(pool.endpoint, 'AdminSetUserPassword', {
      UserPoolId: pool.userPoolId,
      Username: email,
      Password: 'Attacker-pass1',
      Permanent: true,
    });
    expect(set.status).toBe(400);
    expect(set.body).toMatchObject({ __type: 'MissingAuthenticationTokenException' });
    const after = await client.send(
      new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: email }),
    );
    expect(after.UserStatus).toBe('FORCE_CHANGE_PASSWORD');

    const listed = await rawCall(pool.endpoint, 'ListUsers', { UserPoolId: pool.userPoolId });
    expect(listed.status).toBe(400);
    expect(listed.body).not.toHaveProperty('Users');
  });

  it('refuses a wrong secret, an unknown key and a tampered body; accepts the right signature', async () => {
    const input = { UserPoolId: pool.userPoolId, Limit: 1 };
    const wrongSecret = await rawCall(pool.endpoint, 'ListUsers', input, {
      credentials: { accessKeyId: 'local', secretAccessKey: 'guess' },
    });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body).toMatchObject({ __type: 'InvalidSignatureException' });
    const wrongKey = await rawCall(pool.endpoint, 'ListUsers', input, {
      credentials: { accessKeyId: 'other', secretAccessKey: 'local' },
    });
    expect(wrongKey.body).toMatchObject({ __type: 'UnrecognizedClientException' });
    const tampered = await rawCall(pool.endpoint, 'ListUsers', input, {
      credentials: right,
      tamper: (body) => body.replace('"Limit":1', '"Limit":60'),
    });
    expect(tampered.body).toMatchObject({ __type: 'InvalidSignatureException' });
    const signed = await rawCall(pool.endpoint, 'ListUsers', input, { credentials: right });
    expect(signed.status).toBe(200);
    expect(signed.body).toHaveProperty('Users');

    const sdk = new CognitoIdentityProviderClient({
      endpoint: pool.endpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'wrong' },
    });
    await expect(sdk.send(new ListUsersCommand({ UserPoolId: pool.userPoolId }))).rejects.toMatchObject({
      name: 'InvalidSignatureException',
    });
    sdk.destroy();
    await expect(client.send(new ListUsersCommand({ UserPoolId: pool.userPoolId }))).resolves.toHaveProperty(
      'Users',
    );
  });

  it('checks signatures with the credentials it is given', async () => {
    const other = { accessKeyId: 'AKIDLOCALTEST', secretAccessKey: 'another-secret' };
    const fake = await startCognito({ credentials: other });
    try {
      const input = { UserPoolId: fake.userPoolId };
      expect((await rawCall(fake.endpoint, 'ListUsers', input, { credentials: right })).status).toBe(400);
      expect((await rawCall(fake.endpoint, 'ListUsers', input, { credentials: other })).status).toBe(200);
    } finally {
      await fake.stop();
    }
  });

  it('refuses a foreign origin with 403 and no CORS headers; answers the allowed one', async () => {
    const evil = await rawCall(
      pool.endpoint,
      'InitiateAuth',
      { ClientId: pool.clientId, AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: 'no@x.be' } },
      { headers: { origin: 'http://evil.example' } },
    );
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const evilPreflight = await fetch(pool.endpoint, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(evilPreflight.status).toBe(403);
    expect(evilPreflight.headers.get('access-control-allow-origin')).toBeNull();

    const preflight = await fetch(pool.endpoint, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
  });

  it('does not run an operation for a foreign origin, signed or not', async () => {
    const email = newEmail();
    const up = await rawCall(
      pool.endpoint,
      'SignUp',
      { ClientId: pool.clientId, Username: email, Password: 'Random-Passw0rd' },
      { headers: { origin: 'http://evil.example' } },
    );
    expect(up.status).toBe(403);
    await expect(
      client.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: email })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });

  it('refuses the 101st InitiateAuth of a client within 5 minutes, not another client’s', async () => {
    let now = Date.now();
    const fake = await startCognito({ now: () => now });
    try {
      const initiate = {
        ClientId: fake.clientId,
        AuthFlow: 'CUSTOM_AUTH',
        AuthParameters: { USERNAME: 'a@x.be' },
      };
      for (let i = 0; i < 100; i += 1) {
        const answer = await rawCall(fake.endpoint, 'InitiateAuth', initiate);
        expect(answer.body).toMatchObject({ __type: 'UserNotFoundException' });
      }
      const blocked = await rawCall(fake.endpoint, 'InitiateAuth', initiate);
      expect(blocked.status).toBe(403);
      expect(blocked.body).toEqual({
        __type: 'ForbiddenException',
        message: 'Request blocked by the per-client limit',
      });
      // SignUp shares the limit; other operations do not.
      expect(
        (
          await rawCall(fake.endpoint, 'SignUp', {
            ClientId: fake.clientId,
            Username: 'b@x.be',
            Password: 'x',
          })
        ).status,
      ).toBe(403);
      expect((await rawCall(fake.endpoint, 'GetUser', { AccessToken: 'x' })).status).toBe(400);
      expect(await postFrom('127.0.0.2', fake.endpoint, 'InitiateAuth', initiate)).toBe(400);

      now += 5 * 60_000;
      expect((await rawCall(fake.endpoint, 'InitiateAuth', initiate)).status).toBe(400);
    } finally {
      await fake.stop();
    }
  });
});
