/** The guest connection page (spec 01 §2), public like the sign-in page. */
export const GUEST_PATH = '/guest';
