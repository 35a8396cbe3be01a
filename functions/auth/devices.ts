import { newSecret, secretDigest } from '../lib/secrets';
import { KNOWN_DEVICE_DAYS, parseDeviceKey } from '@shared/domain/sign-in';
import { eraseInBatches } from '../lib/domain';
import { authDb as db } from './store';

/**
 * Known devices (docs/decisions/0006): a browser that signed in as a person holds a key naming the
 * person and 256 random bits; only the bits' SHA-256 is kept, under the person. Guesses made with a
 * live key are the key holder's alone, so strangers, who cannot have it, never spend them.
 */

const digest = secretDigest;

const KNOWN_DEVICE_MS = KNOWN_DEVICE_DAYS * 24 * 3600 * 1000;

/** A new key for this browser of the person: `<userId>.<secret>`, answered once, kept hashed. */
export async function issueDeviceKey(
  userId: string,
  options: { email?: string; sphereId?: string; nowMs?: number } = {},
): Promise<string> {
  const nowMs = options.nowMs ?? Date.now();
  const secret = newSecret();
  await db()
    .entities.signInDevice.create({
      userId,
      keyHash: digest(secret),
      ...(options.email ? { email: options.email } : {}),
      ...(options.sphereId ? { sphereId: options.sphereId } : {}),
      createdAt: nowMs,
      expiresAt: Math.floor((nowMs + KNOWN_DEVICE_MS) / 1000),
    })
    .go({ response: 'none' });
  return `${userId}.${secret}`;
}

export interface KnownDevice {
  userId: string;
  /** Names the device in per-device counts; the key itself is never stored or logged. */
  keyHash: string;
  email?: string | undefined;
  sphereId?: string | undefined;
}

/**
 * The device a key names, when the key is live (one GetItem by key); null for a missing, malformed,
 * expired or forged key. A key of another person names another person: callers compare `userId`.
 */
export async function knownDevice(key: string | undefined, nowMs = Date.now()): Promise<KnownDevice | null> {
  const parsed = key ? parseDeviceKey(key) : null;
  if (!parsed) return null;
  const keyHash = digest(parsed.secret);
  const { data } = await db()
    .entities.signInDevice.get({ userId: parsed.userId, keyHash })
    .go({ consistent: true });
  if (!data || data.expiresAt * 1000 <= nowMs) return null;
  return { userId: data.userId, keyHash, email: data.email, sphereId: data.sphereId };
}

/** Every device of a person (one Query on their partition): for "my data" and for ending them. */
export async function devicesOf(userId: string) {
  const { data } = await db().entities.signInDevice.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

/** Forgets every device of a person: signing out everywhere, a password change, leaving. */
export async function forgetDevices(userId: string): Promise<void> {
  const devices = await devicesOf(userId);
  await eraseInBatches(
    (keys) => db().entities.signInDevice.delete(keys).go(),
    devices.map(({ keyHash }) => ({ userId, keyHash })),
  );
}
