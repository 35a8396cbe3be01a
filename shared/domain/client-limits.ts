/**
 * Per-client limits (docs/decisions/0006): how many requests one client (one source IP) may make
 * within a window. AWS enforces them with WAF rate-based rules (infra/waf.ts) on the user pool and
 * the REST API; the local stack applies the same figures to each client address (tools/local-stack).
 * WAF counts over a window of 60, 120, 300 or 600 seconds, with a limit of at least 10.
 */
export interface ClientLimit {
  /** Requests allowed per client within the window. */
  limit: number;
  windowSeconds: 60 | 120 | 300 | 600;
}

/**
 * User pool operations that start a sign-in or create an identity (each CUSTOM_AUTH InitiateAuth
 * may mail a code; SignUp creates an identity): at most this many per client. A classroom or an
 * office behind one address signing in together stays well below it.
 */
export const USER_POOL_OPERATION_LIMIT: ClientLimit & { operations: readonly string[] } = {
  operations: ['InitiateAuth', 'SignUp'],
  limit: 100,
  windowSeconds: 300,
};

/**
 * Answers to sign-in challenges (RespondToAuthChallenge), per client: each sign-in takes at most
 * LOGIN_MAX_FAILED_ATTEMPTS wrong answers, and this bounds how many sign-ins one client can guess
 * with. An honest sign-in answers once or twice; a room signing in together stays below it.
 */
export const USER_POOL_ANSWER_LIMIT: ClientLimit & { operations: readonly string[] } = {
  operations: ['RespondToAuthChallenge'],
  limit: 150,
  windowSeconds: 300,
};

/** The user pool's rate rules: one WAF rule each in AWS, the same in the local user pool. */
export const USER_POOL_LIMITS: readonly (ClientLimit & { name: string; operations: readonly string[] })[] = [
  { name: 'user-pool-sign-in-and-sign-up', ...USER_POOL_OPERATION_LIMIT },
  { name: 'user-pool-answers', ...USER_POOL_ANSWER_LIMIT },
];

/** Routes that mail or text a code, or look up whether an address has an account. */
export const CODE_SEND_LIMIT: ClientLimit = { limit: 30, windowSeconds: 300 };

/** Guest creation makes a user-pool identity per call. */
/**
 * Requests per second across all callers (API Gateway method throttling), for routes that need
 * less than the API's default: a route's contract carries it.
 */
export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

/**
 * Guest creation is public and makes a user-pool identity per call: it gets its own, lower limit,
 * so a flood cannot fill the pool or starve the API.
 */
export const GUEST_CREATION_THROTTLE: Throttle = { rateLimit: 10, burstLimit: 20 };

export const GUEST_CREATION_LIMIT: ClientLimit = { limit: 100, windowSeconds: 300 };

/** Email recognition on the sign-in page (debounced 1 s per typed address). */
export const SIGN_IN_LOOKUP_LIMIT: ClientLimit = { limit: 100, windowSeconds: 300 };

/** Sign-in with a sphere's access code: per client, beside the per-address attempt limit. */
export const ACCESS_SIGN_IN_LIMIT: ClientLimit = { limit: 30, windowSeconds: 300 };

/** Machine translation costs per character: a client asks at most this many per window. */
export const TRANSLATION_LIMIT: ClientLimit = { limit: 120, windowSeconds: 300 };
/** And all callers together stay below this rate (Amazon Translate's own quota is higher). */
export const TRANSLATION_THROTTLE: Throttle = { rateLimit: 10, burstLimit: 20 };
