import { subject } from '@casl/ability';
import type { Link, LinkCampaign, LinkCreate, LinkUpdate } from '@shared/contracts/links';
import { linkCategoryProblems } from '@shared/domain/links';
import type { FieldError } from '@shared/contracts/errors';
import { buildAbility, defineRules, type AppAbility } from '@shared/domain/ability';
import {
  defaultExpiry,
  expiryProblem,
  isExpirySet,
  isLinkExpired,
  orderedWizards,
  type LinkCategory,
  type LinkWizard,
} from '@shared/domain/links';
import { rightsFacts } from '../lib/rights';
import { assetUrl } from '../lib/assets';
import { BadRequestError, DomainError, ForbiddenError, NotFoundError, ValidationError } from '../lib/errors';
import { removeAssets } from '../lib/logos';
import { findSession } from '../sessions';
import { activeTagsOf, findSphere, isSphereLinkCode, sphereLinkCode } from '../spheres';
import {
  changeLink,
  findLink as readLink,
  insertLink,
  linksOf,
  removeLink,
  type LinkItem,
  type LinkPlace,
} from './repository';

/**
 * Links (decision 0027): made, changed and deleted by their sphere's admins (a session's owners),
 * opened by anyone signed in while they have not expired. A link's code is the sphere's HMAC of
 * `link:<id>`, a campaign's of `campaign:<id>`: they prove where a link comes from and open nothing
 * by themselves.
 */

/** What a link's code names. */
const linkSubject = (linkId: string) => `link:${linkId}`;
const campaignSubject = (campaignId: string) => `campaign:${campaignId}`;

/** The code of a campaign's links: the campaigns domain checks it when a participant arrives. */
export async function campaignLinkCode(sphereId: string, campaignId: string): Promise<string | null> {
  return sphereLinkCode(sphereId, campaignSubject(campaignId));
}

/** Whether a code is the one of a campaign of a sphere (constant-time comparison). */
export async function isCampaignLinkCode(
  sphereId: string,
  campaignId: string,
  code: string,
): Promise<boolean> {
  const sphere = await findSphere(sphereId);
  return sphere !== null && isSphereLinkCode(sphere, campaignSubject(campaignId), code);
}

/** The list a link belongs to. */
const placeOf = (link: { sessionId?: string | undefined; sphereId: string }): LinkPlace =>
  link.sessionId !== undefined
    ? { place: 'session', placeId: link.sessionId }
    : { place: 'sphere', placeId: link.sphereId };

const rightsOn = (link: Pick<LinkItem, 'sphereId' | 'sessionId'>) =>
  subject(
    'url',
    link.sessionId !== undefined
      ? { sphereId: link.sphereId, sessionId: link.sessionId }
      : { sphereId: link.sphereId },
  );

/** The caller's rules, for a route that any signed-in person may call (opening a link). */
async function abilityOf(userId: string, superAdminMode: boolean): Promise<AppAbility | null> {
  const facts = await rightsFacts(userId);
  return facts ? buildAbility(defineRules({ ...facts, userId, superAdminMode })) : null;
}

/** The wizards as stored, in their running order, each with its own fields only. */
export function storedWizards(wizards: readonly LinkWizard[]): LinkItem['wizards'] {
  return orderedWizards(wizards).map((w) => ({ ...w }));
}

export function toWizards(stored: LinkItem['wizards']): LinkWizard[] {
  return stored.map((w): LinkWizard => {
    switch (w.type) {
      case 'feeling':
        return {
          type: 'feeling',
          period: (w.period ?? 'none') as Extract<LinkWizard, { type: 'feeling' }>['period'],
        };
      case 'thinking':
        return { type: 'thinking', groupId: w.groupId ?? 'default' };
      case 'form':
        return { type: 'form', formId: w.formId ?? '' };
      default:
        return { type: w.type };
    }
  });
}

/**
 * A link as the contract shows it: everything to its admins, what opening it needs to others (its
 * logo included: the link page shows it).
 */
export async function toLink(item: LinkItem, full: boolean, now = Date.now()): Promise<Link> {
  const validationCode = (await sphereLinkCode(item.sphereId, linkSubject(item.linkId))) ?? '';
  const logoUrl = assetUrl(item.logo);
  return {
    id: item.linkId,
    category: item.category,
    sphereId: item.sphereId,
    ...(item.sessionId !== undefined ? { sessionId: item.sessionId } : {}),
    ...(item.campaignId !== undefined ? { campaignId: item.campaignId } : {}),
    name: item.name,
    ...(item.redirectUrl !== undefined ? { redirectUrl: item.redirectUrl } : {}),
    expiredAt: item.expiredAt,
    expirySet: isExpirySet(item.expiredAt, now),
    ...(item.messageForUser !== undefined ? { messageForUser: item.messageForUser } : {}),
    ...(item.endMessageForUser !== undefined ? { endMessageForUser: item.endMessageForUser } : {}),
    defaultLanguage: item.defaultLanguage,
    stepNumber: item.stepNumber,
    wizards: toWizards(item.wizards),
    validationCode,
    ...(logoUrl !== undefined ? { logoUrl } : {}),
    ...(full
      ? {
          description: item.description,
          specificTagIds: item.specificTagIds,
          createdAt: item.createdAt,
          updatedAt: item.updatedAt,
        }
      : {}),
  };
}

/** The expiry to store: the day given (at least tomorrow where the caller is), else 100 years ahead. */
function checkedExpiry(
  body: { expiredAt?: string | undefined; timeZone?: string | undefined },
  now: number,
): string {
  if (body.expiredAt === undefined || body.expiredAt.trim() === '') return defaultExpiry(now, body.timeZone);
  const problem = expiryProblem(body.expiredAt, now, body.timeZone);
  if (problem) throw new ValidationError([{ key: problem, field: 'body.expiredAt' }]);
  return body.expiredAt.slice(0, 10);
}

/** The fields an admin writes, as stored. */
function writtenFields(body: LinkUpdate, now: number) {
  return {
    name: body.name,
    description: body.description,
    redirectUrl: body.redirectUrl,
    expiredAt: checkedExpiry(body, now),
    messageForUser: body.messageForUser || undefined,
    endMessageForUser: body.endMessageForUser || undefined,
    defaultLanguage: body.defaultLanguage,
    specificTagIds: [...new Set(body.specificTagIds)],
    stepNumber: body.stepNumber,
    wizards: storedWizards(body.wizards),
  };
}

/**
 * The tags a link is given must be tags of its sphere that are not archived (400 `not-valid` on
 * `body.specificTagIds`). Only the tags added are checked: one the link holds stays, even archived
 * since.
 */
export async function checkLinkTags(
  sphereId: string,
  tagIds: readonly string[],
  held: readonly string[] = [],
): Promise<void> {
  const added = tagIds.filter((id) => !held.includes(id));
  if (added.length === 0) return;
  const active = new Set(((await activeTagsOf([sphereId])).get(sphereId) ?? []).map((t) => t.tagId));
  if (!added.every((id) => active.has(id)))
    throw new ValidationError([{ key: 'not-valid', field: 'body.specificTagIds' }]);
}

/**
 * The questionnaires a link's form steps open must be entitled to its sphere (400 `not-valid` on
 * `body.wizards.<i>.formId`, whether the form exists elsewhere or nowhere). As for its tags, only
 * a form the link does not hold yet is checked.
 */
export async function checkLinkForms(
  formsEntitledTo: FormsEntitledTo,
  sphereId: string,
  wizards: readonly LinkWizard[],
  held: readonly LinkItem['wizards'][number][] = [],
): Promise<void> {
  const holds = new Set(held.flatMap((w) => (w.formId !== undefined ? [w.formId] : [])));
  const added = wizards.flatMap((w, i) =>
    w.type === 'form' && !holds.has(w.formId) ? [{ formId: w.formId, i }] : [],
  );
  if (added.length === 0) return;
  const entitled = await formsEntitledTo(
    sphereId,
    added.map((a) => a.formId),
  );
  const problems = added
    .filter((a) => !entitled.has(a.formId))
    .map((a): FieldError => ({ key: 'not-valid', field: `body.wizards.${a.i}.formId` }));
  if (problems.length) throw new ValidationError(problems);
}

const defined = <T extends Record<string, unknown>>(fields: T): T =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as T;

/**
 * POST /v1/shorten-urls: the middleware checked the right on the sphere (and session) named; the
 * sphere must exist, and a session or a campaign must be of that sphere: another sphere's is not
 * found, as one that does not exist (decision 0027), so the answer never tells which ids are real.
 */
/**
 * Whether a campaign is of the sphere: the campaigns face's, given by the links Lambda's handler.
 * Links does not import campaigns, whose face would then travel in every bundle that reads a link's
 * tags (feelings, forms, strategies, thinkings, sessions and spheres; tests/infra/bundles.test.ts).
 */
export type CampaignOfSphere = (campaignId: string, sphereId: string) => Promise<boolean>;

/**
 * The forms face's entitlements (which of these forms the sphere may open), given by the handler
 * too: forms reads a link's tags, so links may not import forms back.
 */
export type FormsEntitledTo = (sphereId: string, formIds: readonly string[]) => Promise<Set<string>>;

/** What a link's body names of other domains, checked by their faces (wired by the handler). */
export interface LinkChecks {
  isCampaignOfSphere: CampaignOfSphere;
  formsEntitledTo: FormsEntitledTo;
}

export async function createLink(
  body: LinkCreate,
  { isCampaignOfSphere, formsEntitledTo }: LinkChecks,
  now = Date.now(),
): Promise<Link> {
  const [sphere, session, campaignHere] = await Promise.all([
    findSphere(body.sphereId),
    body.sessionId !== undefined ? findSession(body.sessionId) : Promise.resolve(null),
    body.campaignId !== undefined
      ? isCampaignOfSphere(body.campaignId, body.sphereId)
      : Promise.resolve(true),
  ]);
  if (!sphere) throw new NotFoundError();
  if (body.sessionId !== undefined && session?.sphereId !== body.sphereId) throw new NotFoundError();
  if (!campaignHere) throw new NotFoundError();
  await checkLinkTags(body.sphereId, body.specificTagIds);
  await checkLinkForms(formsEntitledTo, body.sphereId, body.wizards);
  const item = await insertLink(
    defined({
      category: body.category,
      ...placeOf(body),
      sphereId: body.sphereId,
      sessionId: body.sessionId,
      campaignId: body.campaignId,
      ...writtenFields(body, now),
    }) as Parameters<typeof insertLink>[0],
  );
  return toLink(item, true, now);
}

/** GET …/spheres/{sphereId} and …/sessions/{sessionId}: a place's links, newest first. */
export async function listLinks(place: LinkPlace, page: { max: number; offset: number }, now = Date.now()) {
  const items = await linksOf(place);
  const shown = items.slice(page.offset, page.offset + page.max);
  return {
    count: items.length,
    items: await Promise.all(shown.map((i) => toLink(i, true, now))),
    max: page.max,
    offset: page.offset,
  };
}

/**
 * GET …/{id}: a link anyone signed in may open while it has not expired (`link-expired`, 410); its
 * admins read every field, and read it expired too (to change its expiry).
 */
export async function getLink(
  caller: { userId: string; superAdminMode: boolean },
  linkId: string,
  now = Date.now(),
): Promise<Link> {
  const item = await readLink(linkId);
  if (!item) throw new NotFoundError();
  const ability = await abilityOf(caller.userId, caller.superAdminMode);
  const admin = mayManage(ability ?? undefined, 'get', item);
  if (!admin && isLinkExpired(item.expiredAt, now)) throw new DomainError('link-expired', 410);
  return toLink(item, admin, now);
}

/** Whether the caller may act on a link: the right held on its sphere, or on its session. */
export function mayManage(
  ability: AppAbility | undefined,
  action: 'get' | 'put' | 'delete',
  link: Pick<LinkItem, 'sphereId' | 'sessionId'>,
): boolean {
  return ability?.can(action, rightsOn(link)) ?? false;
}

/** A link the caller may act on (checked on its sphere or session); another's is forbidden. */
export async function linkFor(ability: AppAbility | undefined, action: 'put' | 'delete', linkId: string) {
  const item = await readLink(linkId);
  if (!item) throw new NotFoundError();
  if (!mayManage(ability, action, item)) throw new ForbiddenError();
  return item;
}

/** PUT …/{id}: every field again, checked against the link's category. */
export async function updateLink(
  ability: AppAbility | undefined,
  linkId: string,
  body: LinkUpdate,
  { formsEntitledTo }: Pick<LinkChecks, 'formsEntitledTo'>,
  now = Date.now(),
): Promise<Link> {
  const item = await linkFor(ability, 'put', linkId);
  const problems = linkCategoryProblems(body, item.category as LinkCategory);
  if (problems.length)
    throw new ValidationError(
      problems.map((p) => ({ key: p.key, field: ['body', ...p.path].join('.') }) as FieldError),
    );
  await checkLinkTags(item.sphereId, body.specificTagIds, item.specificTagIds);
  await checkLinkForms(formsEntitledTo, item.sphereId, body.wizards, item.wizards);
  const changed = await changeLink(linkId, writtenFields(body, now) as Parameters<typeof changeLink>[1]);
  return toLink(changed, true, now);
}

/** DELETE …/{id}: the link, then its logo's file. */
export async function deleteLink(ability: AppAbility | undefined, linkId: string): Promise<undefined> {
  const item = await linkFor(ability, 'delete', linkId);
  await removeLink(linkId);
  await removeAssets([item.logo]);
  return undefined;
}

/** GET …/{id}/campaign (spec 02 §7): a campaign link's campaign, while the link has not expired. */
export async function linkCampaign(linkId: string, now = Date.now()): Promise<LinkCampaign> {
  const item = await readLink(linkId);
  if (!item || item.category !== 'campaign' || item.campaignId === undefined) throw new NotFoundError();
  if (isLinkExpired(item.expiredAt, now)) throw new DomainError('link-expired', 410);
  const validationCode = await campaignLinkCode(item.sphereId, item.campaignId);
  if (!validationCode) throw new NotFoundError();
  return { campaignId: item.campaignId, sphereId: item.sphereId, validationCode };
}

/**
 * The tags a link gives what is recorded through it (spec 01 §3 Short URL alias `specificTagIds`;
 * decision 0027): a link of the sphere the answer is recorded in, still open. An answer given in a
 * session through a session's link must be given in that session; a session's link may also ask a
 * sphere-wide step (the sphere's strategy). Another place's link, or none, is `invalid-link`; an
 * expired one `link-expired`.
 */
export async function linkTagsFor(
  linkId: string,
  place: { sphereId?: string | undefined; sessionId?: string | undefined },
  now = Date.now(),
): Promise<string[]> {
  const link = await readLink(linkId);
  if (
    !link ||
    link.sphereId !== place.sphereId ||
    (link.sessionId !== undefined && place.sessionId !== undefined && link.sessionId !== place.sessionId)
  )
    throw new BadRequestError('invalid-link');
  if (isLinkExpired(link.expiredAt, now)) throw new DomainError('link-expired', 410);
  return [...link.specificTagIds];
}
