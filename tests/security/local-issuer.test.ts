import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { startCognito, type LocalCognito } from '../../tools/local-stack/cognito';

/**
 * Finding: the local Cognito issuer answered its admin operations without credentials and to any
 * browser origin, so any web page open next to `npm start` could list the users and set their
 * passwords. Reproduced as an attacker would, over plain fetch; each attempt is now refused.
 * The issuer is started as the stack starts it when it serves the SPA (its origin only).
 */
const SPA = 'http://127.0.0.1:5173';
const EVIL = 'http://evil.example';
let pool: LocalCognito;
let admin: CognitoIdentityProviderClient;
const victim = 'victim@example.be';

beforeAll(async () => {
  pool = await startCognito({
    allowedOrigins: [SPA],
    triggers: { preSignUp: async (event) => event },
  });
  // The stack's own SDK clients sign with the local credentials.
  admin = new CognitoIdentityProviderClient({
    endpoint: pool.endpoint,
    region: pool.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await admin.send(
    new AdminCreateUserCommand({
      UserPoolId: pool.userPoolId,
      Username: victim,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: 'Temporary-pass1',
    }),
  );
});

afterAll(async () => {
  admin?.destroy();
  await pool?.stop();
});

function attack(operation: string, input: object, origin?: string) {
  return fetch(pool.endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      ...(origin ? { origin } : {}),
    },
    body: JSON.stringify(input),
  });
}

describe('local issuer: admin operations AdminSetUserPassword and ListUsers answer without credentials and to a foreign origin', () => {
  it('refuses ListUsers without credentials, from no origin and from a foreign one', async () => {
    const plain = await attack('ListUsers', { UserPoolId: pool.userPoolId });
    expect(plain.status).toBe(400);
    const body = (await plain.json()) as Record<string, unknown>;
    expect(body.__type).toBe('MissingAuthenticationTokenException');
    expect(body).not.toHaveProperty('Users');

    const foreign = await attack('ListUsers', { UserPoolId: pool.userPoolId }, EVIL);
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(await foreign.text()).not.toContain(victim);
  });

  it('refuses AdminSetUserPassword without credentials, and the password stays unset', async () => {
    const input = {
      UserPoolId: pool.userPoolId,
      Username: victim,
      Password: 'Attacker-pass1',
      Permanent: true,
    };
    expect((await attack('AdminSetUserPassword', input)).status).toBe(400);
    expect((await attack('AdminSetUserPassword', input, EVIL)).status).toBe(403);
    // A forged Authorization header does not pass either.
    const forged = await fetch(pool.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminSetUserPassword',
        'x-amz-date': new Date().toISOString().replace(/[-:]|\.\d{3}/g, ''),
        authorization: `AWS4-HMAC-SHA256 Credential=local/20250101/eu-west-1/cognito-idp/aws4_request, SignedHeaders=host;x-amz-date, Signature=${'0'.repeat(64)}`,
      },
      body: JSON.stringify(input),
    });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { __type: string }).__type).toBe('InvalidSignatureException');

    const user = await admin.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: victim }));
    expect(user.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
  });

  it('refuses a foreign origin’s preflight, and still answers the SPA’s', async () => {
    const preflight = (origin: string) =>
      fetch(pool.endpoint, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-amz-target',
        },
      });
    const evil = await preflight(EVIL);
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const spa = await preflight(SPA);
    expect(spa.status).toBe(204);
    expect(spa.headers.get('access-control-allow-origin')).toBe(SPA);
  });
});
