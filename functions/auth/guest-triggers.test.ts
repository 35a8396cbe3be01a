import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { db } from '../../tests/support/db';
import { guestPlaceholderEmail, hashGuestSecret, newGuestSecret } from '../guests/secret';
import { handler as create } from './create-auth-challenge';
import { handler as define } from './define-auth-challenge';
import { handler as verify } from './verify-auth-challenge';
import { handler as preSignUp } from './pre-sign-up';
import { TEST_USER, createEvent, defineEvent, preSignUpEvent, verifyEvent } from './test-events';

const ddb = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);

beforeAll(() =>
  configureHandlers({
    TABLE_NAME: 'wellbeing-test',
    MAIL_FROM: 'no-reply@wellbeing.test',
    LOG_LEVEL: 'SILENT',
  }),
);
beforeEach(() => {
  ddb.reset();
  ses.reset();
});

const placeholder = guestPlaceholderEmail('0b6f8f7e-1d5c-4a57-9a36-8f1f7d7b2c11');

function userItem(isGuest: boolean) {
  return db()
    .entities.user.create({ userId: TEST_USER.sub, firstName: '', isGuest, guestConvertionStep: 'guest' })
    .params().Item;
}

/** A live delegation ticket of the guest (earned with a sphere's access code). */
function ticketItem() {
  return db()
    .entities.delegationTicket.create({
      userId: TEST_USER.sub,
      sphereId: 'sphere-1',
      ticketHash: 'hash',
      validUntil: Date.now() + 60_000,
      used: false,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    })
    .params().Item;
}

/** Answers GetItem by entity: the user's profile and, when given, the guest key and a ticket. */
function storedItems(isGuest: boolean, secretHash?: string, ticket = false) {
  ddb.on(GetCommand).callsFake(async (input: { Key: { sk: string } }) => {
    if (input.Key.sk.includes('delegationticket')) return ticket ? { Item: ticketItem() } : {};
    if (input.Key.sk.includes('guestkey')) {
      return secretHash
        ? { Item: db().entities.guestKey.create({ userId: TEST_USER.sub, secretHash }).params().Item }
        : {};
    }
    return { Item: userItem(isGuest) };
  });
}

function guestCreateEvent(email: string | undefined) {
  const event = createEvent([]);
  if (email === undefined) delete event.request.userAttributes.email;
  else event.request.userAttributes.email = email;
  return event;
}

describe('create-auth-challenge for a guest', () => {
  it('asks a guest (placeholder address, isGuest profile) for its secret and sends nothing', async () => {
    storedItems(true);
    const event = await create(guestCreateEvent(placeholder));
    expect(event.response.publicChallengeParameters).toEqual({ kind: 'guest' });
    expect(event.response.privateChallengeParameters).toEqual({ kind: 'guest' });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('asks a guest holding a live ticket (a member without an account) for the ticket, not its secret', async () => {
    storedItems(true, undefined, true);
    const event = await create(guestCreateEvent(placeholder));
    expect(event.response.privateChallengeParameters).toEqual({ kind: 'delegation' });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('treats an identity without any address the same way', async () => {
    storedItems(true);
    const event = await create(guestCreateEvent(undefined));
    expect(event.response.privateChallengeParameters).toEqual({ kind: 'guest' });
  });

  it('gives a placeholder identity that is not a guest a code challenge nobody can answer, and mails nothing', async () => {
    storedItems(false);
    const event = await create(guestCreateEvent(placeholder));
    expect(event.response.privateChallengeParameters.kind).toBeUndefined();
    expect(event.response.privateChallengeParameters.codeId).toEqual(expect.any(String));
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });
});

describe('verify-auth-challenge for a guest', () => {
  function guestVerifyEvent(answer: string) {
    const event = verifyEvent('unused', answer);
    event.request.userAttributes.email = placeholder;
    event.request.privateChallengeParameters = { kind: 'guest' };
    return event;
  }

  it('accepts the secret whose SHA-256 is stored', async () => {
    const secret = newGuestSecret();
    storedItems(true, hashGuestSecret(secret));
    expect((await verify(guestVerifyEvent(secret))).response.answerCorrect).toBe(true);
  });

  it('refuses another secret', async () => {
    storedItems(true, hashGuestSecret(newGuestSecret()));
    expect((await verify(guestVerifyEvent(newGuestSecret()))).response.answerCorrect).toBe(false);
  });

  it('refuses any secret once the guest key is gone (converted or left)', async () => {
    const secret = newGuestSecret();
    storedItems(false);
    expect((await verify(guestVerifyEvent(secret))).response.answerCorrect).toBe(false);
  });

  it('never takes a login code challenge for a guest one', async () => {
    const secret = newGuestSecret();
    storedItems(true, hashGuestSecret(secret));
    const event = verifyEvent('c1', secret);
    expect((await verify(event)).response.answerCorrect).toBe(false);
  });
});

describe('define-auth-challenge for a guest', () => {
  it('fails after five wrong secrets like after five wrong codes', async () => {
    const wrong = {
      challengeName: 'CUSTOM_CHALLENGE' as const,
      challengeResult: false,
      challengeMetadata: 'GUEST',
    };
    await expect(define(defineEvent([wrong, wrong, wrong, wrong, wrong]))).rejects.toThrow(
      /^too-many-attempts$/,
    );
  });
});

describe('pre-sign-up and guests', () => {
  it('lets the administrator creation of a guest identity through untouched', async () => {
    const event = preSignUpEvent({ email: placeholder }, 'PreSignUp_AdminCreateUser');
    expect((await preSignUp(event)).response.autoConfirmUser).toBe(false);
    expect(ddb.calls()).toHaveLength(0);
  });

  it('refuses a sign-up with the placeholder domain of guests', async () => {
    await expect(
      preSignUp(preSignUpEvent({ email: 'someone@guests.invalid', given_name: 'Eve' })),
    ).rejects.toThrow(/^email-not-valid$/);
  });
});
