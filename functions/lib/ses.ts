import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { localOptions, onClientsReset } from './aws';
import { config } from './config';

let ses: SESv2Client | undefined;
onClientsReset(() => {
  ses = undefined;
});

/**
 * The SES v2 client, built once per container (locally it points at the SES emulator), with the SDK
 * module its commands come from. The SDK package loads with the first email, not in the init of the
 * Lambdas that may send one (docs/decisions/0004-cold-start.md).
 */
export async function sesApi() {
  const sdk = await import('@aws-sdk/client-sesv2');
  if (!ses) {
    const c = config();
    ses = new sdk.SESv2Client({ region: c.AWS_REGION, ...localOptions(c.SES_ENDPOINT) });
  }
  return { client: ses, sdk };
}
