/** Paths and flags shared by the router and the pages. */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
/** Query flag the home page reads to say that the asked page does not exist (spec 01 §2). */
export const NO_MATCH_PARAMETER = 'noMatch';
/** The guest connection page (spec 01 §2), public like the sign-in page. */
export const GUEST_PATH = '/guest';
