const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
/** Symbols Cognito's password policy accepts. */
const SYMBOLS = '!@#$%^&*()-_=+[]{}?.,:;~';
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;

export const GENERATED_PASSWORD_LENGTH = 24;

/** A uniform integer in [0, max) from the CSPRNG (rejection sampling: no modulo bias). */
function randomBelow(max: number, random: (buffer: Uint32Array) => Uint32Array): number {
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buffer = new Uint32Array(1);
  for (;;) {
    const value = random(buffer)[0] as number;
    if (value < limit) return value % max;
  }
}

/**
 * The password an account is created with: the user never sees it (they sign in with email codes),
 * it only has to satisfy any pool policy: lower, upper, digit and symbol, 24 characters.
 */
export function generatePassword(
  random: (buffer: Uint32Array) => Uint32Array = (buffer) => crypto.getRandomValues(buffer),
): string {
  const pick = (alphabet: string) => alphabet[randomBelow(alphabet.length, random)] as string;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < GENERATED_PASSWORD_LENGTH) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1, random);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}
