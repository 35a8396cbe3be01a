import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { localOptions, onClientsReset } from './aws';
import { config } from './config';

let sns: SNSClient | undefined;
onClientsReset(() => {
  sns = undefined;
});

/** The SNS client, built once per container; locally it points at the SMS emulator (infra/local/sms.ts). */
export function snsClient(): SNSClient {
  if (!sns) {
    const c = config();
    sns = new SNSClient({ region: c.AWS_REGION, ...localOptions(c.SNS_ENDPOINT) });
  }
  return sns;
}

/**
 * Sends one text message to a phone number in international format, through SNS Publish with
 * `PhoneNumber` (transactional: a code must not be dropped for cost). Returns SNS's message id.
 */
export async function sendSms(phoneNumber: string, message: string): Promise<string | undefined> {
  const result = await snsClient().send(
    new PublishCommand({
      PhoneNumber: phoneNumber,
      Message: message,
      MessageAttributes: {
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
      },
    }),
  );
  return result.MessageId;
}
