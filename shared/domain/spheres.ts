import type { Language } from '../contracts/headers';

/**
 * Spheres (spec 01 §3 Sphere): an organisation's space. The rules the API and the SPA share.
 */

/** Countries an address may be in (spec 01 §9). */
export const SPHERE_COUNTRIES = ['BE', 'FR', 'LU'] as const;
export type SphereCountry = (typeof SPHERE_COUNTRIES)[number];

/** Who may join by the sphere's link (spec 01 §3 access policy). */
export const ACCESS_POLICIES = ['NOONE', 'DOMAINS_ONLY', 'AUTH'] as const;
export type AccessPolicy = (typeof ACCESS_POLICIES)[number];

/** Roles a member holds in a sphere (spec 01 §3 Member). */
export const SPHERE_ROLES = ['admin', 'contributor', 'sales-up'] as const;
export type SphereRole = (typeof SPHERE_ROLES)[number];

export const SPHERE_NAME_MAX_LENGTH = 100;
export const SPHERE_SHORT_NAME_MAX_LENGTH = 30;
export const SPHERE_DOMAINS_MAX = 20;

/** Limits of a new sphere (spec 01 §3: tag, member and group limits); super-admins raise them. */
export const DEFAULT_SPHERE_LIMITS = { tags: 200, members: 2_000, groups: 200 } as const;

/** Sphere categories (`/spheres/definitions/categories`), with their names in each language. */
export const SPHERE_CATEGORIES: readonly { id: string; name: Record<Language, string> }[] = [
  { id: 'company', name: { fr: 'Entreprise', en: 'Company', nl: 'Bedrijf' } },
  { id: 'public', name: { fr: 'Service public', en: 'Public service', nl: 'Overheidsdienst' } },
  { id: 'school', name: { fr: 'École', en: 'School', nl: 'School' } },
  {
    id: 'higher-education',
    name: { fr: 'Enseignement supérieur', en: 'Higher education', nl: 'Hoger onderwijs' },
  },
  { id: 'healthcare', name: { fr: 'Soins de santé', en: 'Healthcare', nl: 'Gezondheidszorg' } },
  { id: 'non-profit', name: { fr: 'Association', en: 'Non-profit', nl: 'Vereniging' } },
  { id: 'sport', name: { fr: 'Club sportif', en: 'Sports club', nl: 'Sportclub' } },
  { id: 'coaching', name: { fr: 'Accompagnement', en: 'Coaching practice', nl: 'Coachingpraktijk' } },
  { id: 'other', name: { fr: 'Autre', en: 'Other', nl: 'Andere' } },
];
export const SPHERE_CATEGORY_IDS = SPHERE_CATEGORIES.map((c) => c.id);

/** Domain of an address (spec 01 §5 "text, dot, text"), lower case, without the at-sign. */
export const DOMAIN_PATTERN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The key two spheres' names are compared by for `duplicate-sphere`: case, accents and spacing do
 * not make a name different.
 */
export function sphereNameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Where a name must be unique: within the galaxy when the sphere is in one, otherwise among the
 * spheres of the same owner (spec: a second sphere with the same name in the same galaxy or for the
 * same owner gives `duplicate-sphere`).
 */
export function sphereNameScope(sphere: { galaxyId?: string | undefined; ownerId: string }): string {
  return sphere.galaxyId ? `galaxy:${sphere.galaxyId}` : `owner:${sphere.ownerId}`;
}

/**
 * Extra languages once activated stay (spec 01 §4): the languages of `before` missing from
 * `after`. The primary language may change, but it then stays among the extras.
 */
export function removedLanguages(
  before: { primary: Language; extras: readonly Language[] },
  after: { primary: Language; extras: readonly Language[] },
): Language[] {
  const kept = new Set<Language>([after.primary, ...after.extras]);
  return before.extras.filter((l) => !kept.has(l));
}

/** A first day of work is a date not earlier than 100 years ago, nor in the future (spec 01 §5). */
export function isFirstDayOfWork(day: string, now = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return false;
  const today = now.toISOString().slice(0, 10);
  const earliest = `${String(now.getUTCFullYear() - 100).padStart(4, '0')}${today.slice(4)}`;
  return day >= earliest && day <= today;
}

/** Whether the member with these roles is the sphere's last active admin among `members`. */
export function isLastAdmin(
  memberId: string,
  members: readonly { memberId: string; active: boolean; roles: readonly string[] }[],
): boolean {
  const admins = members.filter((m) => m.active && m.roles.includes('admin'));
  return admins.length === 1 && admins[0]?.memberId === memberId;
}

/** An access code as typed: 4 to 32 letters, digits, dashes or underscores. */
export const ACCESS_CODE_PATTERN = /^[A-Za-z0-9_-]{4,32}$/;
/** Codes of one member at most. */
export const ACCESS_CODES_MAX = 10;
/**
 * Wrong access codes accepted per window for one address in one sphere from one client (a source
 * address), and from one known device of the address's person (docs/decisions/0006), then
 * `too-many-attempts` for that client or device alone.
 */
export const ACCESS_CODE_MAX_FAILURES = 5;
/**
 * …and from all browsers that are not a known device of the person, together: a few strangers'
 * guesses leave room for the person's own first sign-in; past it, only their known devices try.
 */
export const ACCESS_CODE_MAX_FAILURES_PER_ADDRESS = 20;
export const ACCESS_CODE_WINDOW_MS = 10 * 60 * 1000;
/**
 * Wrong access codes accepted for one campaign's delegation per window (no address to count them
 * against) from all browsers that are not a known device of a participant, then
 * `too-many-attempts` for those; a participant's known device keeps attempts of its own.
 */
export const DELEGATION_MAX_FAILURES = 50;
/** …and from one client of the campaign's delegation per window. */
export const DELEGATION_MAX_FAILURES_PER_CLIENT = 10;

/** The form an access code is compared in: no spaces, upper case (a code is read out, not typed twice). */
export function normaliseAccessCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** The distance rule's bounds (spec 01 §4: a sphere may refuse feelings recorded too far from it). */
export const MAX_FEELING_DISTANCE_KM = { min: 1, max: 1_000 } as const;

/** Great-circle distance in km between two points (haversine, mean Earth radius). */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Whether a feeling recorded at `point` is too far from the sphere (`sphere-too-far`): only when
 * the sphere has a location and a maximum distance, and the point is known (0/0 is the browser's
 * refusal, which the rule cannot judge).
 */
export function tooFarFromSphere(
  sphere: {
    address: { latitude?: number | undefined; longitude?: number | undefined };
    maxFeelingDistanceKm?: number | undefined;
  },
  point: { latitude: number; longitude: number } | undefined,
): boolean {
  const { latitude, longitude } = sphere.address;
  if (sphere.maxFeelingDistanceKm === undefined || latitude === undefined || longitude === undefined)
    return false;
  if (!point || (point.latitude === 0 && point.longitude === 0)) return false;
  return distanceKm({ latitude, longitude }, point) > sphere.maxFeelingDistanceKm;
}
