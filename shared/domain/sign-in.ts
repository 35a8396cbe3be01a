/** Sign-in rules shared by the SPA and the server (spec 01 §4, §5, §9). */

export const LOGIN_CODE_LENGTH = 6;
/** A login code is valid 15 minutes. */
export const LOGIN_CODE_TTL_MS = 15 * 60 * 1000;
/** After 5 failed attempts the sign-in returns to selection. */
export const LOGIN_MAX_FAILED_ATTEMPTS = 5;
/** More than this many codes requested within the window blocks new codes... */
export const LOGIN_MAX_CODES_PER_WINDOW = 3;
/** ...for about this long. */
export const LOGIN_CODE_WINDOW_MS = 10 * 60 * 1000;
/** The sign-in page waits this long after typing before it recognises an email. */
export const EMAIL_CHECK_DEBOUNCE_MS = 1000;

/** The sign-in email is trimmed and lower-cased before anything else. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * A sign-in email has an at-sign that is not first, a dot somewhere after it, and text after
 * that dot. No spaces. Checked on the normalised value.
 */
export function isValidSignInEmail(raw: string): boolean {
  const email = normaliseEmail(raw);
  if (email.length > 254 || /\s/.test(email)) return false;
  const at = email.indexOf('@');
  if (at <= 0 || at !== email.lastIndexOf('@')) return false;
  const domain = email.slice(at + 1);
  const dot = domain.indexOf('.');
  if (dot <= 0) return false;
  const lastDot = domain.lastIndexOf('.');
  return lastDot < domain.length - 1;
}

/** Pasted or typed text kept to digits, the last six of them. */
export function sanitiseCodeInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(-LOGIN_CODE_LENGTH);
}

export function isValidCode(raw: string): boolean {
  return new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`).test(raw);
}

/** What the sign-in screen can offer once the email is recognised. */
export const SIGN_IN_METHODS = ['code', 'password'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/**
 * Longest life of a sign-in: its refresh token's validity (user pool client in infra/auth.ts, the
 * local issuer). Tokens of an ended sign-in are refused for this long, so a refresh token nobody
 * revoked mints nothing the API accepts.
 */
export const SIGN_IN_MAX_SECONDS = 30 * 24 * 3600;

/**
 * A known device's key (docs/decisions/0006): the person's id, a dot, 256 random bits in base64url.
 * The browser keeps it after a sign-in and gives it with later answers; it opens nothing by itself.
 */
export const DEVICE_KEY_PATTERN = /^([A-Za-z0-9_-]{1,128})\.([A-Za-z0-9_-]{43})$/;
/** A key stays known this long after the sign-in that earned it. */
export const KNOWN_DEVICE_DAYS = 180;

export function parseDeviceKey(key: string): { userId: string; secret: string } | null {
  const match = DEVICE_KEY_PATTERN.exec(key);
  return match?.[1] && match[2] ? { userId: match[1], secret: match[2] } : null;
}
