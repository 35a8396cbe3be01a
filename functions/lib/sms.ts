import type { SNSClient } from '@aws-sdk/client-sns';
import { localOptions, onClientsReset } from './aws';
import { config } from './config';

let sns: SNSClient | undefined;
onClientsReset(() => {
  sns = undefined;
});

/**
 * The SNS client, built once per container; locally it points at the SMS emulator
 * (tools/local-stack/sms.ts). Its SDK package loads with the first text message, not in the Lambda's init.
 */
async function snsApi() {
  const sdk = await import('@aws-sdk/client-sns');
  if (!sns) {
    const c = config();
    sns = new sdk.SNSClient({ region: c.AWS_REGION, ...localOptions(c.SNS_ENDPOINT) });
  }
  return { client: sns, sdk };
}

/**
 * Sends one text message to a phone number in international format, through SNS Publish with
 * `PhoneNumber` (transactional: a code must not be dropped for cost). Returns SNS's message id.
 */
export async function sendSms(phoneNumber: string, message: string): Promise<string | undefined> {
  const { client, sdk } = await snsApi();
  const result = await client.send(
    new sdk.PublishCommand({
      PhoneNumber: phoneNumber,
      Message: message,
      MessageAttributes: {
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
      },
    }),
  );
  return result.MessageId;
}
