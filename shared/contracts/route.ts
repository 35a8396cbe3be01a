import * as z from 'zod';
import type { ClientLimit, Throttle } from '../domain/client-limits';

/** Actions and subjects of the ability rules (spec 01 §6, spec 02 §6). */
export const ACTIONS = ['get', 'put', 'delete', 'post', 'manage', 'smartReport', 'report', 'export'] as const;
export type Action = (typeof ACTIONS)[number];

export const SUBJECTS = [
  'all',
  'profile',
  'feeling',
  'thinking',
  'fullReport',
  'axes',
  'member',
  'galaxy',
  'sphere',
  'session',
  'sphere-category',
  'sphere-tag',
  'sphere-entitlement',
  'form-entitlement',
  'form-definition',
  'form-survey',
  'strategy',
  'strategy-assessment',
  'url',
  'translation',
  'chat-thread',
  'feeling-goal',
  'subscription',
  'subscription-promotion-code',
  'campaign',
  'campaign-cycle',
  'campaign-participation',
  'report',
  'report-card',
  'smartReport',
] as const;
export type Subject = (typeof SUBJECTS)[number];

/**
 * The right a route needs. `on` names the resource the right must hold for: each condition field
 * (such as `sphereId`) takes the value of a path parameter (`'id'`) or of a body field
 * (`'body.sphereId'`), so a right on sphere A never opens sphere B.
 */
export interface RouteAbility {
  action: Action;
  subject: Subject;
  on?: Readonly<Record<string, string>>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route:
 * - `public`: no token (sign-in, guest creation);
 * - `user`: any signed-in user, guests included;
 * - `registered`: a signed-in user who is not a guest.
 */
export type RouteAuth = 'public' | 'user' | 'registered';

/**
 * Domain that serves a route: one Lambda per domain, `functions/<domain>/handler.ts`. The domain's
 * face (functions/<domain>/index.ts) lists the route and checks that it names it.
 */
export type Domain = string;

type AnyObject = z.ZodType<Record<string, unknown>>;

export interface RouteContract<
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** Stable name, used by the SPA client and in test reports. */
  name: string;
  domain: Domain;
  method: HttpMethod;
  /** API Gateway style path: `/users/{userId}/emails/{email}`. */
  path: string;
  auth: RouteAuth;
  /** Ability the caller needs, checked by the middleware before the handler runs. */
  ability?: RouteAbility;
  params: P;
  query: Q;
  body: B;
  response: R;
  /** HTTP status of a success. */
  status: number;
  /**
   * Requests one client (source IP) may make within a window: a WAF rate-based rule in AWS, the
   * local gateway's limiter locally (docs/decisions/0006). Routes that mail, text or create.
   */
  clientLimit?: ClientLimit;
  /** Requests per second across all callers, below the API's default (API Gateway method throttling). */
  throttle?: Throttle;
}

const emptyObject = z.strictObject({});

export function defineRoute<
  P extends AnyObject = typeof emptyObject,
  Q extends AnyObject = typeof emptyObject,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(route: {
  name: string;
  domain: Domain;
  method: HttpMethod;
  path: string;
  auth: RouteAuth;
  ability?: RouteAbility;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  status?: number;
  clientLimit?: ClientLimit;
  throttle?: Throttle;
}): RouteContract<P, Q, B, R> {
  return {
    ...route,
    params: (route.params ?? emptyObject) as P,
    query: (route.query ?? emptyObject) as Q,
    body: (route.body ?? z.undefined()) as B,
    status: route.status ?? 200,
  };
}

export type RouteParams<R extends RouteContract> = z.output<R['params']>;
export type RouteQuery<R extends RouteContract> = z.output<R['query']>;
export type RouteBody<R extends RouteContract> = z.output<R['body']>;
export type RouteResponse<R extends RouteContract> = z.output<R['response']>;
/** What a client sends: the schema's input side. */
export type RouteBodyInput<R extends RouteContract> = z.input<R['body']>;

/** Names of the path parameters of an API Gateway style path. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
}

/** Fills an API Gateway style path with URL-encoded values. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** Matches a concrete path against an API Gateway style path; returns decoded parameters or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const patternParts = pattern.split('/');
  const pathParts = path.split('/');
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < patternParts.length; i++) {
    const p = patternParts[i] as string;
    const v = pathParts[i] as string;
    const m = /^\{(.+)\}$/.exec(p);
    if (m) {
      if (v === '') return null;
      try {
        params[m[1] as string] = decodeURIComponent(v);
      } catch {
        return null;
      }
    } else if (p !== v) {
      return null;
    }
  }
  return params;
}
