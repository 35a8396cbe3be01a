import * as z from 'zod';

/**
 * The guest session kept on this device: the user-pool username and the secret answered to the
 * guest challenge. With them the guest page resumes the same guest later (spec 01 §2, §4); they
 * are forgotten once the guest registers or leaves, or when the server refuses them.
 */
export const GUEST_CREDENTIALS_STORAGE_KEY = 'guestCredentials';

export const StoredGuestCredentialsSchema = z.object({
  username: z.string().min(1),
  secret: z.string().min(1),
});
export type StoredGuestCredentials = z.infer<typeof StoredGuestCredentialsSchema>;

/** The stored guest credentials, or null when none (or unreadable: storage off, damaged value). */
export function readGuestCredentials(): StoredGuestCredentials | null {
  try {
    const raw = window.localStorage.getItem(GUEST_CREDENTIALS_STORAGE_KEY);
    if (raw === null) return null;
    const parsed = StoredGuestCredentialsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the guest credentials (only the username and the secret). False when storage is off. */
export function storeGuestCredentials(credentials: StoredGuestCredentials): boolean {
  try {
    const { username, secret } = credentials;
    window.localStorage.setItem(GUEST_CREDENTIALS_STORAGE_KEY, JSON.stringify({ username, secret }));
    return true;
  } catch {
    return false;
  }
}

export function forgetGuestCredentials(): void {
  try {
    window.localStorage.removeItem(GUEST_CREDENTIALS_STORAGE_KEY);
  } catch {
    // Storage off: there is nothing kept to forget.
  }
}
