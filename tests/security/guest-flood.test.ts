import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREATION_LIMIT } from '@shared/domain/client-limits';
import { startTestStack, type TestStack } from '../integration/harness';

/**
 * Finding 8 of the account security review: one client created 200 guests in 11 s locally, with
 * nothing to stop it. The local gateway now applies the per-client limit of the contract, the same
 * figure the WAF rule applies in AWS.
 */

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** POST /users/guests from one loopback source address: each address is another client. */
function createGuest(localAddress: string): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({ link: 'http://127.0.0.1/campaign/flood' });
  return new Promise((resolve, reject) => {
    const req = request(
      `${stack.endpoints.api}/users/guests`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('guest creation from one client', () => {
  it('stops at the per-client limit, while another client still gets its guest', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < GUEST_CREATION_LIMIT.limit; i++)
      statuses.push((await createGuest('127.0.0.1')).status);
    expect(statuses.every((status) => status === 201)).toBe(true);

    const refused = await createGuest('127.0.0.1');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ key: 'too-many-requests' });

    expect((await createGuest('127.0.0.2')).status).toBe(201);
  }, 120_000);
});
