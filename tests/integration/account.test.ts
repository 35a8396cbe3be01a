import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import WebSocket from 'ws';
import { strFromU8, unzipSync } from 'fflate';
import { AdminGetUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { latestCodeFor } from '../../tools/local-stack/ses';
import type { SignInAnswer } from '@shared/contracts/auth';
import { startTestStack, type TestStack, type Tokens } from './harness';
import { wholeTable } from './table-scan';
import { usersDb } from '../../functions/users/store';
import { importAxes } from '../../functions/thinkings/seeding';

let stack: TestStack;
let leaver: Tokens;
let leaverId: string;
let stayer: Tokens;
let socket: WebSocket | undefined;
let sphereId: string;
const PRIMARY = 'leaver@example.be';
const SECOND = 'leaver.work@example.be';
const enc = encodeURIComponent;

beforeAll(async () => {
  stack = await startTestStack();
  leaver = await stack.signInWithCode(PRIMARY, { firstName: 'Léa', locale: 'en' });
  leaverId = decodeJwt(leaver.accessToken).sub as string;
  stayer = await stack.signInWithCode('stayer@example.be', { firstName: 'Sam' });

  // A second, verified address and the accepted legal documents.
  const added = await stack.api(`/v1/emails/${enc(SECOND)}`, { method: 'PUT', token: leaver.accessToken });
  expect(added.status).toBe(200);
  const code = await latestCodeFor(stack.endpoints.outbox, SECOND);
  const verified = await stack.api(`/users/${enc(leaverId)}/emails/${enc(SECOND)}/verification/${code}`, {
    method: 'PUT',
    token: leaver.accessToken,
  });
  expect(verified.status).toBe(200);
  const accepted = await stack.api('/v1/me/legal-consents', {
    method: 'POST',
    token: leaver.accessToken,
    body: [
      { documentType: 'terms-of-use', version: '1', lang: 'en' },
      { documentType: 'privacy-policy', version: '1', lang: 'en' },
    ],
  });
  expect(accepted.status).toBe(200);
  const felt = await stack.api('/v1/feelings', {
    method: 'POST',
    token: leaver.accessToken,
    body: { value: 0.7, energy: 0.8, personalNotes: [{ value: 'A good day at the lake', type: 'friends' }] },
  });
  expect(felt.status).toBe(201);
  // Thinking is an Essentials feature: the leaver subscribes and gives one.
  await usersDb().entities.user.patch({ userId: leaverId }).set({ subscription: 'essentials' }).go();
  await importAxes([
    {
      axisId: 'workload',
      name: { en: 'My workload is manageable' },
      description: {},
      keywords: [],
      modules: ['myself'],
      required: false,
      allowComment: true,
    },
  ]);
  const thought = await stack.api('/v1/thinkings', {
    method: 'POST',
    token: leaver.accessToken,
    body: { axes: [{ id: 'workload', value: -0.5, comment: 'Too many meetings' }] },
  });
  expect(thought.status).toBe(201);
  // A sphere the leaver created, and so is the admin of.
  const sphere = await stack.api<{ id: string }>('/v1/spheres', {
    method: 'POST',
    token: leaver.accessToken,
    body: {
      name: 'Club du départ',
      category: 'sport',
      address: { country: 'BE' },
      languages: { primary: 'fr' },
    },
  });
  expect(sphere.status).toBe(201);
  sphereId = sphere.body.id;

  // An open realtime connection of the app.
  socket = new WebSocket(`${stack.endpoints.ws}?token=${encodeURIComponent(leaver.idToken)}`);
  await new Promise((resolve, reject) => {
    socket?.once('open', resolve);
    socket?.once('error', reject);
  });
});
afterAll(async () => {
  socket?.terminate();
  await stack?.stop();
});

async function download(token: string) {
  return fetch(`${stack.endpoints.api}/v1/me/export`, {
    headers: { authorization: token, accept: 'application/zip', 'x-language': 'en', 'x-source': 'test' },
  });
}

describe('my data over HTTP', () => {
  it('downloads a zip of the profile, both emails, the consents, the feelings and the sign-in codes without secrets', async () => {
    const response = await download(leaver.accessToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="wellbeing-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'data.json',
        'README.txt',
        'emails.csv',
        'legal-consents.csv',
        'sign-in-codes.csv',
        'feelings.csv',
        'thinkings.csv',
        'memberships.csv',
        'created-spheres.csv',
      ]),
    );
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as Record<string, unknown>;
    expect(data).toMatchObject({
      userId: leaverId,
      profile: { firstName: 'Léa', locale: 'en' },
      emails: [
        { email: PRIMARY, primary: true, isVerified: true },
        { email: SECOND, primary: false, isVerified: true },
      ],
      legalConsents: expect.arrayContaining([
        expect.objectContaining({ documentType: 'terms-of-use', version: 1 }),
        expect.objectContaining({ documentType: 'privacy-policy', version: 1 }),
      ]),
    });
    expect(data.feelings).toEqual([
      expect.objectContaining({
        color: 'yellow',
        personalNotes: [expect.objectContaining({ value: 'A good day at the lake', type: 'friends' })],
      }),
    ]);
    expect(data.thinkings).toEqual([
      expect.objectContaining({ axes: [{ id: 'workload', value: -0.5, comment: 'Too many meetings' }] }),
    ]);
    expect(data.connections).toEqual([
      { connectionId: expect.any(String), connectedAt: expect.any(String), signedInAt: expect.any(String) },
    ]);
    expect(data.signInCodes).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: PRIMARY, sentAt: expect.any(String) })]),
    );
    expect(strFromU8(files['README.txt'] as Uint8Array)).toMatch(/^Your data/);
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    expect(everything).not.toMatch(/codeHash|salt/i);
    expect(everything).not.toContain('stayer@example.be');
  });

  it('refuses to leave when the confirmation is not the primary email', async () => {
    const response = await stack.api('/v1/me', {
      method: 'DELETE',
      token: leaver.accessToken,
      body: { confirmation: SECOND },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.confirmation' }] });
    expect((await stack.api('/v1/me', { token: leaver.accessToken })).status).toBe(200);
  });

  it('leaves: 204, then nothing in the table names the user or their emails, and the Cognito user is gone', async () => {
    const response = await stack.api('/v1/me', {
      method: 'DELETE',
      token: leaver.accessToken,
      body: { confirmation: PRIMARY },
    });
    expect(response.status).toBe(204);

    const after = await stack.api('/v1/me', { token: leaver.accessToken });
    expect([401, 404]).toContain(after.status);

    const items = await wholeTable();
    expect(items.length).toBeGreaterThan(0);
    for (const needle of [leaverId, PRIMARY, SECOND])
      expect(items.filter((i) => i.includes(needle.toLowerCase()))).toEqual([]);

    await expect(
      stack.cognito.send(
        new AdminGetUserCommand({ UserPoolId: stack.endpoints.auth.userPoolId, Username: PRIMARY }),
      ),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
    await expect(
      stack.cognito.send(
        new AdminGetUserCommand({ UserPoolId: stack.endpoints.auth.userPoolId, Username: leaverId }),
      ),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });

    // The sphere the leaver created stays, naming nobody; its name is free for its former scope.
    expect(items.filter((i) => i.includes(sphereId)).length).toBeGreaterThan(0);
    expect(items.filter((i) => i.includes(sphereId) && i.includes('former:'))).not.toEqual([]);

    // Another user's account is untouched.
    expect((await stack.api('/v1/me', { token: stayer.accessToken })).status).toBe(200);
  });

  it('signing in again with the address leads to account creation', async () => {
    const answer = await stack.api<SignInAnswer>('/users/sign-in', {
      method: 'POST',
      body: { email: PRIMARY },
    });
    expect(answer.body).toMatchObject({ email: PRIMARY, exists: false });
    await expect(
      stack.cognito.send(
        new InitiateAuthCommand({
          ClientId: stack.endpoints.auth.clientId,
          AuthFlow: 'CUSTOM_AUTH',
          AuthParameters: { USERNAME: PRIMARY },
        }),
      ),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
    const again = await stack.signInWithCode(PRIMARY, { firstName: 'Léa' });
    expect(decodeJwt(again.accessToken).sub).not.toBe(leaverId);
  });

  it('the archive is refused without a token', async () => {
    const response = await fetch(`${stack.endpoints.api}/v1/me/export`);
    expect(response.status).toBe(401);
  });
});
