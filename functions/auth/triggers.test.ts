import { configureHandlers } from '../lib/environment';
import { createHash } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import 'aws-sdk-client-mock-vitest/extend';
import { mockClient } from 'aws-sdk-client-mock';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import {
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { db } from '../../tests/support/db';
import { hashLoginCode, newSalt } from './codes';
import { handler as define } from './define-auth-challenge';
import { handler as create } from './create-auth-challenge';
import { handler as verify } from './verify-auth-challenge';
import { handler as preSignUp } from './pre-sign-up';
import { handler as preTokenGeneration } from './pre-token-generation';
import { TEST_USER, createEvent, defineEvent, preSignUpEvent, verifyEvent } from './test-events';

const ddb = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);
const cognito = mockClient(CognitoIdentityProviderClient);

const conditionFailed = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

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

function putItems() {
  return ddb.commandCalls(PutCommand).map((call) => call.args[0].input);
}

describe('define-auth-challenge', () => {
  it('asks for a code first, issues tokens after a right one', async () => {
    expect((await define(defineEvent([]))).response).toEqual({
      issueTokens: false,
      failAuthentication: false,
      challengeName: 'CUSTOM_CHALLENGE',
    });
    const right = await define(defineEvent([{ challengeName: 'CUSTOM_CHALLENGE', challengeResult: true }]));
    expect(right.response).toMatchObject({ issueTokens: true, failAuthentication: false });
  });

  it('throws too-many-attempts at the fifth wrong code', async () => {
    const wrong = {
      challengeName: 'CUSTOM_CHALLENGE' as const,
      challengeResult: false,
      challengeMetadata: 'CODE-x',
    };
    const fourth = await define(defineEvent([wrong, wrong, wrong, wrong]));
    expect(fourth.response.challengeName).toBe('CUSTOM_CHALLENGE');
    await expect(define(defineEvent([wrong, wrong, wrong, wrong, wrong]))).rejects.toThrow(
      /^too-many-attempts$/,
    );
  });

  it('fails a password challenge and an unknown user', async () => {
    const srp = await define(defineEvent([{ challengeName: 'SRP_A', challengeResult: true }]));
    expect(srp.response).toMatchObject({ issueTokens: false, failAuthentication: true });
    const event = defineEvent([]);
    event.request.userNotFound = true;
    expect((await define(event)).response.failAuthentication).toBe(true);
  });
});

describe('create-auth-challenge', () => {
  // No delegation ticket unless a test stores one.
  beforeEach(() => ddb.on(GetCommand).resolves({}));

  it('sends exactly one email on the first challenge, with the code stored only as a hash', async () => {
    ddb.on(PutCommand).resolves({});
    ddb.on(QueryCommand).resolves({ Items: [] });
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });

    const event = await create(createEvent([]));

    expect(ses).toHaveReceivedCommandTimes(SendEmailCommand, 1);
    const input = ses.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(input?.FromEmailAddress).toBe('no-reply@wellbeing.test');
    expect(input?.Destination?.ToAddresses).toEqual([TEST_USER.email]);
    const subject = input?.Content?.Simple?.Subject?.Data ?? '';
    expect(subject).toMatch(/^\d{6} is je aanmeldcode$/);
    const code = subject.slice(0, 6);

    const codeId = event.response.privateChallengeParameters.codeId;
    expect(codeId).toBeTruthy();
    expect(event.response.challengeMetadata).toBe(`CODE-${codeId}`);
    expect(event.response.publicChallengeParameters).toEqual({
      email: 'c***@example.be',
      codeLength: '6',
      codeSent: 'yes',
    });

    const items = putItems();
    const slot = items.find((i) => i.Item?.__edb_e__ === 'codeSend');
    expect(slot?.ConditionExpression).toMatch(/attribute_not_exists/);
    const stored = items.find((i) => i.Item?.__edb_e__ === 'loginCode');
    expect(stored?.ConditionExpression).toMatch(/attribute_not_exists/);
    expect(stored?.Item).toMatchObject({ codeId, attempts: 0, used: false, email: TEST_USER.email });
    expect(stored?.Item?.expiresAt).toEqual(expect.any(Number));
    expect(JSON.stringify(items)).not.toContain(code);
  });

  it('reuses the code of the sign-in on a retry and sends nothing', async () => {
    const event = await create(
      createEvent([
        { challengeName: 'CUSTOM_CHALLENGE', challengeResult: false, challengeMetadata: 'CODE-abc' },
      ]),
    );
    expect(event.response.privateChallengeParameters).toEqual({ codeId: 'abc' });
    expect(event.response.challengeMetadata).toBe('CODE-abc');
    expect(ses).not.toHaveReceivedCommand(SendEmailCommand);
    expect(ddb.calls()).toHaveLength(0);
  });

  it('still asks for a code when every send slot is taken: sends nothing, says so, and accepts a recent code', async () => {
    // A fresh error per call, as the SDK throws.
    ddb.on(PutCommand).callsFake(async () => {
      throw conditionFailed();
    });
    const event = await create(createEvent([]));
    expect(ddb.commandCalls(PutCommand)).toHaveLength(3);
    expect(ses).not.toHaveReceivedCommand(SendEmailCommand);
    expect(event.response.privateChallengeParameters).toEqual({ codeId: 'recent' });
    expect(event.response.challengeMetadata).toBe('CODE-recent');
    expect(event.response.publicChallengeParameters).toMatchObject({ codeSent: 'no', codeLength: '6' });
  });
});

describe('delegation (sign-in with a sphere’s access code, decision 0014)', () => {
  const ticketItem = (ticket: string, overrides: { used?: boolean; validUntil?: number } = {}) =>
    db()
      .entities.delegationTicket.create({
        userId: TEST_USER.sub,
        sphereId: 'sphere-1',
        ticketHash: createHash('sha256').update(ticket).digest('base64url'),
        validUntil: overrides.validUntil ?? Date.now() + 60_000,
        used: overrides.used ?? false,
        expiresAt: 1,
      })
      .params().Item;

  it('asks a person holding a live ticket for it, and mails nothing', async () => {
    ddb.on(GetCommand).resolves({ Item: ticketItem('t-1') });
    const event = await create(createEvent([]));
    expect(event.response.publicChallengeParameters).toEqual({ kind: 'delegation' });
    expect(ses).toHaveReceivedCommandTimes(SendEmailCommand, 0);
  });

  it('mails a code as usual when the ticket was used or has expired', async () => {
    ddb.on(PutCommand).resolves({});
    ddb.on(QueryCommand).resolves({ Items: [] });
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    for (const stale of [{ used: true }, { validUntil: Date.now() - 1 }]) {
      ddb.on(GetCommand).resolves({ Item: ticketItem('t-1', stale) });
      const event = await create(createEvent([]));
      expect(event.response.publicChallengeParameters?.kind).toBeUndefined();
    }
    expect(ses).toHaveReceivedCommandTimes(SendEmailCommand, 2);
  });

  it('accepts the ticket once, marking it used under a condition; a wrong or reused answer is refused', async () => {
    const asked = () => {
      const event = verifyEvent('unused', 't-1');
      event.request.privateChallengeParameters = { kind: 'delegation' };
      return event;
    };
    ddb.on(GetCommand).resolves({ Item: ticketItem('t-1') });
    ddb.on(UpdateCommand).resolves({});
    expect((await verify(asked())).response.answerCorrect).toBe(true);
    expect(ddb.commandCalls(UpdateCommand)[0]?.args[0].input.ConditionExpression).toContain('#used');

    const wrong = asked();
    wrong.request.challengeAnswer = 't-2';
    expect((await verify(wrong)).response.answerCorrect).toBe(false);

    ddb.on(UpdateCommand).rejects(conditionFailed());
    expect((await verify(asked())).response.answerCorrect).toBe(false);
    ddb.on(GetCommand).resolves({ Item: ticketItem('t-1', { used: true }) });
    expect((await verify(asked())).response.answerCorrect).toBe(false);
  });
});

describe('verify-auth-challenge', () => {
  const salt = newSalt();
  function storedCode(overrides: { validUntil?: number; attempts?: number; used?: boolean } = {}) {
    return db()
      .entities.loginCode.create({
        email: TEST_USER.email,
        codeId: 'c1',
        userId: TEST_USER.sub,
        codeHash: hashLoginCode('246810', salt),
        salt,
        validUntil: overrides.validUntil ?? Date.now() + 60_000,
        attempts: overrides.attempts ?? 0,
        used: overrides.used ?? false,
        expiresAt: 1,
        createdAt: Date.now(),
      })
      .params().Item;
  }

  it('marks a right code used with a condition, then creates the account of a new user', async () => {
    ddb.on(GetCommand).resolves({ Item: storedCode() });
    ddb.on(UpdateCommand).resolves({});
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb.on(TransactWriteCommand).resolves({});

    const event = await verify(verifyEvent('c1', '246810'));

    expect(event.response.answerCorrect).toBe(true);
    expect(ddb.commandCalls(GetCommand)[0]?.args[0].input.ConsistentRead).toBe(true);
    const update = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(update?.UpdateExpression).toMatch(/SET/);
    // Only "not used yet": the sign-in that names the code checked its guesses before.
    expect(update?.ConditionExpression).toMatch(/used/i);
    expect(update?.ConditionExpression).not.toMatch(/attempts/i);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
    const writes = JSON.stringify(ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input);
    expect(writes).toContain(TEST_USER.sub);
    expect(writes).toContain('"firstName":"Camille"');
    expect(writes).toContain('"locale":"nl"');
  });

  it('on creating the account, discards any password given at SignUp and ends every earlier session', async () => {
    cognito.reset();
    cognito.on(AdminSetUserPasswordCommand).resolves({});
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: storedCode() });
    ddb.on(UpdateCommand).resolves({});
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb.on(TransactWriteCommand).resolves({});
    const event = verifyEvent('c1', '246810');
    event.request.clientMetadata = { givenName: 'Owner', locale: 'fr' };

    expect((await verify(event)).response.answerCorrect).toBe(true);

    const reset = cognito.commandCalls(AdminSetUserPasswordCommand)[0]?.args[0].input;
    expect(reset).toMatchObject({ UserPoolId: event.userPoolId, Username: event.userName, Permanent: true });
    expect(reset?.Password).toMatch(/^Aa1-.{40,}$/);
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)[0]?.args[0].input).toEqual({
      UserPoolId: event.userPoolId,
      Username: event.userName,
    });
    // The person who proved the address names the account, not whoever called SignUp first.
    const writes = JSON.stringify(ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input);
    expect(writes).toContain('"firstName":"Owner"');
    expect(writes).toContain('"locale":"fr"');
  });

  it('leaves the password and sessions of an existing account alone', async () => {
    cognito.reset();
    ddb.on(GetCommand).resolves({ Item: storedCode() });
    ddb.on(UpdateCommand).resolves({});
    const user = db().entities.user.create({ userId: TEST_USER.sub, firstName: 'Camille' }).params().Item;
    ddb.on(QueryCommand).resolves({ Items: [user] });
    expect((await verify(verifyEvent('c1', '246810'))).response.answerCorrect).toBe(true);
    expect(cognito.calls()).toHaveLength(0);
  });

  it('does not create the account again for an existing user', async () => {
    ddb.on(GetCommand).resolves({ Item: storedCode() });
    ddb.on(UpdateCommand).resolves({});
    const user = db().entities.user.create({ userId: TEST_USER.sub, firstName: 'Camille' }).params().Item;
    ddb.on(QueryCommand).resolves({ Items: [user] });
    expect((await verify(verifyEvent('c1', '246810'))).response.answerCorrect).toBe(true);
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('counts a wrong code with a conditional increment', async () => {
    ddb.on(GetCommand).resolves({ Item: storedCode() });
    ddb.on(UpdateCommand).resolves({});
    const event = await verify(verifyEvent('c1', '135791'));
    expect(event.response.answerCorrect).toBe(false);
    const update = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(update?.UpdateExpression).toMatch(/ADD/);
    expect(update?.ConditionExpression).toMatch(/</);
    expect(Object.values(update?.ExpressionAttributeValues ?? {})).toContain(5);
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('refuses a used code without writing', async () => {
    ddb.on(GetCommand).resolves({ Item: storedCode({ used: true }) });
    expect((await verify(verifyEvent('c1', '246810'))).response.answerCorrect).toBe(false);
    expect(ddb).not.toHaveReceivedCommand(UpdateCommand);
  });

  it('refuses a right code that another sign-in used a moment before', async () => {
    ddb.on(GetCommand).resolves({ Item: storedCode() });
    ddb.on(UpdateCommand).rejects(conditionFailed());
    expect((await verify(verifyEvent('c1', '246810'))).response.answerCorrect).toBe(false);
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('throws code-expired for an expired code', async () => {
    ddb.on(GetCommand).resolves({ Item: storedCode({ validUntil: Date.now() - 1 }) });
    await expect(verify(verifyEvent('c1', '246810'))).rejects.toThrow(/^code-expired$/);
  });

  it('refuses a missing code', async () => {
    ddb.on(GetCommand).resolves({});
    expect((await verify(verifyEvent('c1', '246810'))).response.answerCorrect).toBe(false);
  });
});

describe('pre-sign-up', () => {
  const attributes = { email: 'New.User@Example.be ', given_name: 'Noa', locale: 'en' };

  it('confirms a new user at once without verifying the email', async () => {
    ddb.on(GetCommand).resolves({});
    const event = await preSignUp(preSignUpEvent(attributes));
    expect(event.response).toMatchObject({ autoConfirmUser: true, autoVerifyEmail: false });
    expect(JSON.stringify(ddb.commandCalls(GetCommand)[0]?.args[0].input.Key)).toContain(
      'new.user@example.be',
    );
  });

  it('refuses an email an account has verified', async () => {
    const owner = db()
      .entities.emailOwner.create({ email: 'new.user@example.be', userId: 'u-2', isVerified: true })
      .params().Item;
    ddb.on(GetCommand).resolves({ Item: owner });
    await expect(preSignUp(preSignUpEvent(attributes))).rejects.toThrow(/^email-already-used$/);
  });

  it('lets a new account take an address whose only owner item is unverified', async () => {
    const owner = db()
      .entities.emailOwner.create({ email: 'new.user@example.be', userId: 'u-2', isVerified: false })
      .params().Item;
    ddb.on(GetCommand).resolves({ Item: owner });
    const event = await preSignUp(preSignUpEvent(attributes));
    expect(event.response).toMatchObject({ autoConfirmUser: true });
  });

  it('refuses an invalid email, a missing or too long given name', async () => {
    await expect(preSignUp(preSignUpEvent({ ...attributes, email: 'a@b' }))).rejects.toThrow(
      /^email-not-valid$/,
    );
    await expect(preSignUp(preSignUpEvent({ ...attributes, given_name: '  ' }))).rejects.toThrow(
      /^required$/,
    );
    await expect(preSignUp(preSignUpEvent({ ...attributes, given_name: 'x'.repeat(101) }))).rejects.toThrow(
      /^length-out-of-range-error$/,
    );
    expect(ddb.calls()).toHaveLength(0);
  });

  it('lets users created by an administrator through untouched', async () => {
    const event = await preSignUp(preSignUpEvent({ email: 'seed@example.be' }, 'PreSignUp_AdminCreateUser'));
    expect(event.response.autoConfirmUser).toBe(false);
    expect(ddb.calls()).toHaveLength(0);
  });
});

describe('pre-token-generation', () => {
  const tokenEvent = () =>
    ({
      version: '1',
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_test',
      userName: TEST_USER.sub,
      callerContext: { awsSdkVersion: 'test', clientId: 'client' },
      triggerSource: 'TokenGeneration_Authentication',
      request: {
        userAttributes: { sub: TEST_USER.sub, email: TEST_USER.email },
        groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [] },
      },
      response: { claimsOverrideDetails: {} },
    }) as Parameters<typeof preTokenGeneration>[0];

  it('lets tokens out for an identity with an account, reading its user item by key', async () => {
    ddb.on(GetCommand).resolves({
      Item: db().entities.user.create({ userId: TEST_USER.sub, firstName: 'Camille' }).params().Item,
    });
    const event = tokenEvent();
    await expect(preTokenGeneration(event)).resolves.toBe(event);
    expect(ddb.commandCalls(GetCommand)[0]?.args[0].input.Key).toEqual(
      db().entities.user.get({ userId: TEST_USER.sub }).params().Key,
    );
  });

  it('refuses every token to an identity whose address was never proved (no account)', async () => {
    ddb.on(GetCommand).resolves({});
    await expect(preTokenGeneration(tokenEvent())).rejects.toThrow(/^account-not-proved$/);
  });
});
