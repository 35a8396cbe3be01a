import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestSmsCodeFor, readSmsOutbox, startSms, type LocalSms } from './sms';

let sms: LocalSms;
let client: SNSClient;

beforeAll(async () => {
  sms = await startSms();
  client = new SNSClient({
    region: 'eu-west-1',
    endpoint: sms.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  client?.destroy();
  await sms?.stop();
});

describe('local SMS server (SNS query protocol)', () => {
  it('answers a Publish to a phone number with a MessageId and lists the message in the outbox', async () => {
    const sent = await client.send(
      new PublishCommand({ PhoneNumber: '+32470123456', Message: '123456 est votre code' }),
    );
    expect(sent.MessageId).toMatch(/^[0-9a-f-]{36}$/);
    const outbox = await readSmsOutbox(sms.outbox);
    expect(outbox).toContainEqual(
      expect.objectContaining({
        messageId: sent.MessageId,
        phoneNumber: '+32470123456',
        message: '123456 est votre code',
      }),
    );
    expect(await latestSmsCodeFor(sms.outbox, '+32470123456')).toBe('123456');
  });

  it('refuses a number that is not in international format, as SNS does', async () => {
    await expect(
      client.send(new PublishCommand({ PhoneNumber: '0470123456', Message: 'x' })),
    ).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
  });

  it('has no code for a number it sent nothing to', async () => {
    expect(await latestSmsCodeFor(sms.outbox, '+15550000000')).toBeNull();
  });
});
