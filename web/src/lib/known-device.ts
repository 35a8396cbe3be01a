import { amplifyAuth } from './amplify-auth';
import { registerSignInDevice } from '@shared/contracts/auth';
import { normaliseEmail, parseDeviceKey } from '@shared/domain/sign-in';
import { callApi } from './api';

/**
 * This browser's known-device keys (docs/decisions/0006), one per address it signed in with, and
 * one per campaign it entered by an access code. Given with later answers, a key gives
 * this browser guesses of its own, which strangers trying the same address can never spend. A key
 * opens nothing by itself: the code or the access code is still asked.
 */
const STORAGE_KEY = 'wellbeing.known-devices';

type Keys = Record<string, string>;

function readKeys(): Keys {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && parseDeviceKey(entry[1]) !== null,
      ),
    );
  } catch {
    // Storage unavailable (private mode) or damaged: the browser is simply not known.
    return {};
  }
}

function writeKeys(keys: Keys): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(keys));
  } catch (error) {
    console.warn('This browser cannot keep its known-device key', error);
  }
}

const addressSlot = (email: string) => `address:${normaliseEmail(email)}`;
const campaignSlot = (campaignId: string) => `campaign:${campaignId}`;

/** The key this browser holds for the address, if any. */
export function deviceKeyForAddress(email: string): string | undefined {
  return readKeys()[addressSlot(email)];
}

/** The key this browser holds for entering the campaign by access code, if any. */
export function deviceKeyForCampaign(campaignId: string): string | undefined {
  return readKeys()[campaignSlot(campaignId)];
}

export function rememberDeviceKey(slot: { email: string } | { campaignId: string }, key: string): void {
  const name = 'email' in slot ? addressSlot(slot.email) : campaignSlot(slot.campaignId);
  writeKeys({ ...readKeys(), [name]: key });
}

/**
 * After a sign-in with the address: asks for a key when the browser holds none of this person for it
 * (the address may have changed hands). A failure leaves the browser unknown, which only means its
 * next sign-in shares the guesses strangers may spend; it never stops this one.
 */
export async function ensureKnownDevice(email: string): Promise<void> {
  try {
    const userId = (await (await amplifyAuth()).fetchAuthSession()).tokens?.accessToken?.payload.sub;
    if (!userId || parseDeviceKey(deviceKeyForAddress(email) ?? '')?.userId === userId) return;
    const { deviceKey } = await callApi(registerSignInDevice);
    rememberDeviceKey({ email }, deviceKey);
  } catch (error) {
    console.warn('This browser could not become a known device', error);
  }
}
