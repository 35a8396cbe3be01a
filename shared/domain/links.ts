import { EVALUATION_PERIODS, type EvaluationPeriodType } from './feelings';
import { dayOf } from './time-zones';
import { THINKING_GROUP_ID } from './thinkings';

/**
 * Links (spec 01 §3 Short URL alias, §5; spec 02 §3 Short URL alias, §5 campaign link, §9): a short
 * address a sphere's admins or a session's owners share (a poster's QR code, a message) that runs a
 * series of steps (wizards) for whoever opens it, and the rule of the scan page for what a camera
 * reads (docs/decisions/0027-links-and-scan.md).
 */

/** Where a link belongs: a sphere, a session of a sphere, or a campaign of a sphere. */
export const LINK_CATEGORIES = ['sphere', 'session', 'campaign'] as const;
export type LinkCategory = (typeof LINK_CATEGORIES)[number];

export const LINK_NAME_MAX_LENGTH = 300;
export const LINK_DESCRIPTION_MAX_LENGTH = 2000;
/** The message shown when the link opens and the one shown at its end. */
export const LINK_MESSAGE_MAX_LENGTH = 250;
/** A link made without an expiry lasts this long (spec 02 §5). */
export const LINK_DEFAULT_EXPIRY_YEARS = 100;
/** An expiry further than this counts as "no expiry" (the form's switch shows it off). */
export const LINK_EXPIRY_SET_YEARS = 20;
/** Page size of a place's links (spec 01 §9: lists of 1000). */
export const LINKS_PAGE_MAX = 1000;

/** Step numbers (spec 01 §9): the first 0, the middle numbers, the last 100; a session's at most 99. */
export const LINK_STEP_FIRST = 0;
export const LINK_STEP_LAST = 100;
export const SESSION_STEP_MAX = 99;

/** The largest step number a link of this category may carry. */
export function stepNumberMax(category: LinkCategory): number {
  return category === 'session' ? SESSION_STEP_MAX : LINK_STEP_LAST;
}

/** The choices of the step number select: 0, 1 … 99 and, except for sessions, 100. */
export function stepNumberChoices(category: LinkCategory): number[] {
  return Array.from({ length: stepNumberMax(category) + 1 }, (_, i) => i);
}

/** Whether a step number is a whole number within the category's range. */
export function isStepNumberAllowed(stepNumber: number, category: LinkCategory): boolean {
  return (
    Number.isInteger(stepNumber) && stepNumber >= LINK_STEP_FIRST && stepNumber <= stepNumberMax(category)
  );
}

/**
 * The steps a link runs, in this order whatever order they were given in: the feeling (with its
 * evaluation period), the thinking (with its axes group), a form (which one), the profile, then the
 * sphere's and the session's strategy assessments.
 */
export const WIZARD_TYPES = [
  'feeling',
  'thinking',
  'form',
  'profile',
  'sphereStrategyAssessment',
  'sessionStrategyAssessment',
] as const;
export type WizardType = (typeof WIZARD_TYPES)[number];

export type LinkWizard =
  | { type: 'feeling'; period: EvaluationPeriodType }
  | { type: 'thinking'; groupId: string }
  | { type: 'form'; formId: string }
  | { type: 'profile' }
  | { type: 'sphereStrategyAssessment' }
  | { type: 'sessionStrategyAssessment' };

export { EVALUATION_PERIODS };

/** The wizards in the order a link runs them (WIZARD_TYPES). */
export function orderedWizards<W extends { type: WizardType }>(wizards: readonly W[]): W[] {
  return [...wizards].sort((a, b) => WIZARD_TYPES.indexOf(a.type) - WIZARD_TYPES.indexOf(b.type));
}

export interface WizardProblem {
  /** The wizard's place in the list given. */
  index: number;
  field: 'type' | 'formId' | 'groupId';
  key: 'required' | 'exist' | 'not-valid';
}

/**
 * What is wrong with a link's wizards (spec 02 §5): each type at most once; a form step names its
 * form (required when the form step is on); a thinking step names a valid axes group; a session's
 * strategy assessment only on a session's link.
 */
export function wizardProblems(
  wizards: readonly { type: WizardType; formId?: string; groupId?: string }[],
  category: LinkCategory,
): WizardProblem[] {
  const problems: WizardProblem[] = [];
  const seen = new Set<WizardType>();
  wizards.forEach((wizard, index) => {
    if (seen.has(wizard.type)) problems.push({ index, field: 'type', key: 'exist' });
    seen.add(wizard.type);
    if (wizard.type === 'form' && (wizard.formId ?? '').trim() === '')
      problems.push({ index, field: 'formId', key: 'required' });
    if (wizard.type === 'thinking' && !THINKING_GROUP_ID.test(wizard.groupId ?? ''))
      problems.push({ index, field: 'groupId', key: 'not-valid' });
    if (wizard.type === 'sessionStrategyAssessment' && category !== 'session')
      problems.push({ index, field: 'type', key: 'not-valid' });
  });
  return problems;
}

/**
 * The rules of spec 02 §5 that depend on the link's category: the step number's range and the
 * wizards. Each problem with its path in the body.
 */
export function linkCategoryProblems(
  link: { stepNumber: number; wizards: readonly { type: WizardType; formId?: string; groupId?: string }[] },
  category: LinkCategory,
): { key: string; path: (string | number)[] }[] {
  const problems: { key: string; path: (string | number)[] }[] = [];
  if (!isStepNumberAllowed(link.stepNumber, category))
    problems.push({ key: 'value-out-of-range-error', path: ['stepNumber'] });
  for (const problem of wizardProblems(link.wizards, category))
    problems.push({
      key: problem.key,
      path: ['wizards', problem.index, ...(problem.field === 'type' ? [] : [problem.field])],
    });
  return problems;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a string is a real calendar day `YYYY-MM-DD`. */
export function isDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A calendar day moved by whole days (negative goes back). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A calendar day moved by whole years (29 February becomes 1 March in a common year). */
export function addYears(day: string, years: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

/** Today in the caller's time zone (UTC when unknown or not a zone). */
export function todayIn(now: number, timeZone: string | undefined): string {
  return dayOf(new Date(now).toISOString(), timeZone);
}

/** The earliest expiry a link may get: tomorrow, in the caller's time zone (spec 02 §5). */
export function earliestExpiry(now: number, timeZone: string | undefined): string {
  return addDays(todayIn(now, timeZone), 1);
}

/** The expiry of a link made without one: 100 years after today (spec 02 §9). */
export function defaultExpiry(now: number, timeZone: string | undefined): string {
  return addYears(todayIn(now, timeZone), LINK_DEFAULT_EXPIRY_YEARS);
}

/**
 * What is wrong with an expiry given, the day only (any time of day is ignored): not a date, or
 * before tomorrow in the caller's time zone. Undefined when it is right.
 */
export function expiryProblem(
  expiredAt: string,
  now: number,
  timeZone: string | undefined,
): 'not-a-date' | 'value-out-of-range-error' | undefined {
  const day = expiredAt.slice(0, 10);
  if (!isDay(day)) return 'not-a-date';
  return day < earliestExpiry(now, timeZone) ? 'value-out-of-range-error' : undefined;
}

/** Whether a link's expiry counts as set: under 20 years ahead (further is the "never" default). */
export function isExpirySet(expiredAt: string, now: number): boolean {
  return expiredAt.slice(0, 10) < addYears(todayIn(now, 'UTC'), LINK_EXPIRY_SET_YEARS);
}

/**
 * Whether a link has expired: the day after its expiry day has begun everywhere on Earth (UTC−12),
 * so a link never closes early for someone in the time zone it was made in.
 */
export function isLinkExpired(expiredAt: string, now: number): boolean {
  return todayIn(now, 'Etc/GMT+12') > expiredAt.slice(0, 10);
}

/**
 * The hosts a scanned address may send the browser to (spec 01 §5: whitelisted hosts redirect):
 * the product's own public sites. Anything else read by the camera is "scan not valid", so a poster
 * pasted over with another code cannot send people elsewhere. Add a host here, nowhere else.
 */
export const SCAN_REDIRECT_HOSTS: readonly string[] = ['sentia.app', 'www.sentia.app', 'help.sentia.app'];

export type ScannedTarget =
  { kind: 'in-app'; path: string } | { kind: 'redirect'; url: string } | { kind: 'invalid' };

/**
 * Where a scanned value leads (spec 01 §5): an http(s) address on the app's own host opens the
 * route it names in the app; one on a whitelisted host is followed; anything else (another host,
 * not an address, another scheme such as `javascript:`, credentials in the address) is invalid.
 */
export function scannedTarget(
  value: string,
  options: { host: string; whitelist?: readonly string[] },
): ScannedTarget {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return { kind: 'invalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'invalid' };
  if (url.username !== '' || url.password !== '') return { kind: 'invalid' };
  const host = url.host.toLowerCase();
  if (host === options.host.toLowerCase())
    return { kind: 'in-app', path: `${url.pathname}${url.search}${url.hash}` };
  const whitelist = (options.whitelist ?? SCAN_REDIRECT_HOSTS).map((h) => h.toLowerCase());
  if (url.protocol === 'https:' && whitelist.includes(host)) return { kind: 'redirect', url: url.toString() };
  return { kind: 'invalid' };
}

/** A code typed by hand on the scan page: a link's id, or a whole link address pasted. */
export const LINK_ID_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;

/** The link id of a code typed by hand (`abc123`, `/l/abc123` or a pasted address), or null. */
export function linkIdOfCode(code: string): string | null {
  const trimmed = code.trim();
  const tail = /\/l\/([^/?#]+)/.exec(trimmed)?.[1] ?? trimmed;
  return LINK_ID_PATTERN.test(tail) ? tail : null;
}
