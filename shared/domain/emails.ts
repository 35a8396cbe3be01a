/** The order of every list of a user's addresses: the primary first, then by address. */
export function primaryFirst(a: { email: string; primary: boolean }, b: { email: string; primary: boolean }) {
  return Number(b.primary) - Number(a.primary) || a.email.localeCompare(b.email);
}
