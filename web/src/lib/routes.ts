/** Paths and flags shared by the router and the pages. */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
/** Query flag the home page reads to say that the asked page does not exist (spec 01 §2). */
export const NO_MATCH_PARAMETER = 'noMatch';
/** The guest connection page (spec 01 §2), public like the sign-in page. */
export const GUEST_PATH = '/guest';

/** The good/bad quick-answer page (spec 01 §2), reached with a sphere or session and its code. */
export const QUICK_ANSWER_PATH = '/apps/quick-answer';

export function quickAnswerPath(
  place: { sphereId: string } | { sessionId: string },
  validationCode: string,
): string {
  const params = new URLSearchParams(
    'sessionId' in place ? { sessionId: place.sessionId } : { sphereId: place.sphereId },
  );
  params.set('validationCode', validationCode);
  return `${QUICK_ANSWER_PATH}?${params.toString()}`;
}
