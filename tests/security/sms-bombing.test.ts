import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { strFromU8, unzipSync } from 'fflate';
import { latestSmsCodeFor, smsTo } from '../../tools/local-stack/sms';
import type { PhoneVerificationAnswer } from '@shared/contracts/phone';
import { verifyPhone } from '../../functions/phone/service';
import { startTestStack, type ApiAnswer, type TestStack } from '../integration/harness';
import { wholeTable } from '../integration/table-scan';

/**
 * Finding 7 of the account security review: four accounts sent twelve verification texts to one
 * number within minutes (each account may ask three times a day), and any number of any country
 * could be texted, premium-rate ones included. A number now gets at most 3 texts per 24 hours,
 * whoever asks, and only numbers of the deployment's countries (BE, FR and LU by default) are texted.
 */

const TEXTS_PER_NUMBER = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

// The file makes 28 calls of the route: below its per-client limit (CODE_SEND_LIMIT, 30 per 5 minutes).
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

interface Person {
  token: string;
  userId: string;
  email: string;
}

let n = 0;
async function person(firstName: string): Promise<Person> {
  n++;
  const email = `sms.${firstName.toLowerCase()}${n}@example.be`;
  const tokens = await stack.signInWithCode(email, { firstName, locale: 'en' });
  return { token: tokens.accessToken, userId: decodeJwt(tokens.accessToken).sub as string, email };
}

function askCode(
  p: Person,
  body: { phone: string; code?: string },
): Promise<ApiAnswer<PhoneVerificationAnswer>> {
  return stack.api<PhoneVerificationAnswer>('/v1/phone/verification', {
    method: 'POST',
    token: p.token,
    body,
  });
}

const textsTo = async (phone: string) => (await smsTo(stack.services.sms, phone)).length;

describe('texts to one number', () => {
  it('four accounts racing for codes to one number send it at most 3 texts; the rest are refused with too-many-phone-codes-sent', async () => {
    const target = '+32470555001';
    const accounts = await Promise.all(['Ana', 'Ben', 'Cleo', 'Dan'].map((name) => person(name)));
    const answers: ApiAnswer<PhoneVerificationAnswer>[] = [];
    // Each account asks three times (its own limit), the four at once in each round.
    for (let round = 0; round < 3; round++) {
      answers.push(...(await Promise.all(accounts.map((a) => askCode(a, { phone: target })))));
    }
    expect(await textsTo(target)).toBe(TEXTS_PER_NUMBER);
    const sent = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(sent).toHaveLength(TEXTS_PER_NUMBER);
    expect(refused).toHaveLength(answers.length - TEXTS_PER_NUMBER);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({ key: 'too-many-phone-codes-sent' });
    }
    // A refusal does not count against the account's own limit: one refused three times (there is
    // one: four accounts, three texts) may still text another number.
    const refusedThrice = accounts.find((_, i) =>
      [0, 1, 2].every((round) => answers[round * accounts.length + i]?.status === 429),
    );
    expect(refusedThrice).toBeDefined();
    expect((await askCode(refusedThrice as Person, { phone: '+32470555100' })).status).toBe(200);
  });

  it('texts the number again once its sends are more than 24 hours old', async () => {
    const target = '+32470555003';
    const asker = await person('Eve');
    const later = await person('Fay');
    for (let i = 0; i < TEXTS_PER_NUMBER; i++)
      expect((await askCode(asker, { phone: target })).status).toBe(200);
    expect((await askCode(later, { phone: target })).body).toMatchObject({
      key: 'too-many-phone-codes-sent',
    });
    expect(await textsTo(target)).toBe(TEXTS_PER_NUMBER);
    // The service itself, a day later (an access token would have expired by then).
    await expect(verifyPhone(later.userId, { phone: target }, Date.now() + DAY_MS + 60_000)).resolves.toEqual(
      {
        pendingPhone: target,
        verified: false,
      },
    );
    expect(await textsTo(target)).toBe(TEXTS_PER_NUMBER + 1);
  });
});

describe('the countries texts go to', () => {
  it.each([
    ['a United Kingdom number', '+447700900123'],
    ['a premium-rate international number', '+88234567890123'],
    ['a Dutch number', '+31612345678'],
  ])('refuses %s with phone-country-not-allowed and sends nothing', async (_, phone) => {
    const asker = await person('Gus');
    const answer = await askCode(asker, { phone });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ key: 'phone-country-not-allowed' });
    expect(await textsTo(phone)).toBe(0);
  });

  it('still texts Belgian, French and Luxembourg numbers, and their codes store the phone', async () => {
    for (const phone of ['+32470555010', '+33612345678', '+352621123456']) {
      const asker = await person('Hal');
      const sent = await askCode(asker, { phone });
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ pendingPhone: phone, verified: false });
      const code = await latestSmsCodeFor(stack.services.sms, phone);
      expect(code).toMatch(/^\d{6}$/);
      const done = await askCode(asker, { phone, code: code as string });
      expect(done.body).toEqual({ phone, verified: true });
    }
  });
});

describe('the sends that hold a number’s texts', () => {
  it('are in the owner’s data and go when they leave', async () => {
    const phone = '+32470555020';
    const owner = await person('Ida');
    expect((await askCode(owner, { phone })).status).toBe(200);
    const code = (await latestSmsCodeFor(stack.services.sms, phone)) as string;
    expect((await askCode(owner, { phone, code })).body).toEqual({ phone, verified: true });

    const archive = await fetch(`${stack.endpoints.api}/v1/me/export`, {
      headers: {
        authorization: owner.token,
        accept: 'application/zip',
        'x-language': 'en',
        'x-source': 'test',
      },
    });
    expect(archive.status).toBe(200);
    const files = unzipSync(new Uint8Array(await archive.arrayBuffer()));
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as Record<string, unknown>;
    expect(data.phoneCodeSends).toEqual([{ phone, sentAt: expect.any(String) }]);
    expect(Object.keys(files)).toContain('phone-code-sends.csv');

    expect((await wholeTable()).filter((item) => item.includes(phone))).not.toEqual([]);
    const left = await stack.api('/v1/me', {
      method: 'DELETE',
      token: owner.token,
      body: { confirmation: owner.email },
    });
    expect(left.status).toBe(204);
    expect((await wholeTable()).filter((item) => item.includes(phone))).toEqual([]);
  });
});
