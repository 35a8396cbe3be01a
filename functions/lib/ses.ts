import { SESv2Client } from '@aws-sdk/client-sesv2';
import { localOptions, onClientsReset } from './aws';
import { config } from './config';

let ses: SESv2Client | undefined;
onClientsReset(() => {
  ses = undefined;
});

/** The SES v2 client, built once per container; locally it points at the SES emulator. */
export function sesClient(): SESv2Client {
  if (!ses) {
    const c = config();
    ses = new SESv2Client({ region: c.AWS_REGION, ...localOptions(c.SES_ENDPOINT) });
  }
  return ses;
}
