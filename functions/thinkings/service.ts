import type {
  Axis,
  AxisCreate,
  ContextAxes,
  AxisUpdate,
  Thinking,
  ThinkingAnswer,
  ThinkingCreate,
  ThinkingUpdate,
} from '@shared/contracts/thinkings';
import { THINKINGS_MAX } from '@shared/contracts/thinkings';
import type { Language } from '@shared/contracts/headers';
import {
  AXIS_MODULES,
  DEFAULT_THINKING_GROUP,
  MYSELF_CONTEXT,
  contextAxesProblem,
  contextAxisIds,
  isBlankThinking,
  isThinkingEditable,
  thinkingAnswersProblem,
  thinkingFreezeDate,
  type AxisModule,
  type ThinkingMemberCategory,
} from '@shared/domain/thinkings';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/errors';
import { publishAfterWrite } from '../realtime';
import { findSession, mayContributeIn, type SessionItem } from '../sessions';
import { linkTagsFor } from '../links';
import { findSphere, heldTagIds, membershipIn } from '../spheres';
import {
  allAxes,
  changeThinking,
  countThinkings,
  findAxis,
  findContextAxes,
  findThinking,
  insertAxis,
  insertThinking,
  queryThinkings,
  removeAxis,
  replaceAxis,
  saveContextAxes,
  type AxisFields,
  type ContextAxesItem,
  type AxisItem,
  type ThinkingFilter,
  type ThinkingItem,
} from './repository';

export function toAxis(item: AxisItem): Axis {
  return {
    id: item.axisId,
    name: item.name,
    description: item.description ?? {},
    keywords: item.keywords ?? [],
    modules: AXIS_MODULES.filter((m) => item.modules.includes(m)),
    required: item.required ?? false,
    allowComment: item.allowComment ?? false,
    updatedAt: item.updatedAt,
  };
}

/** Only a super-admin sets `required` (spec 01 §6); an admin's write keeps the axis's current flag. */
function axisFields(body: AxisUpdate, superAdmin: boolean, current: AxisItem | null): AxisFields {
  if (body.required && !superAdmin && !current?.required) throw new ForbiddenError();
  return {
    name: body.name,
    description: body.description ?? {},
    keywords: [...new Set(body.keywords)],
    modules: [...new Set(body.modules)],
    required: superAdmin ? body.required : (current?.required ?? false),
    allowComment: body.allowComment,
  };
}

const matches = (axis: Axis, words: string) => {
  const haystack = [axis.id, ...Object.values(axis.name), ...axis.keywords].join(' ').toLowerCase();
  return words
    .toLowerCase()
    .split(/\s+/)
    .every((word) => haystack.includes(word));
};

/** GET /v1/thinkings/definitions/axes: the catalogue, of one module or matching words, by id. */
export async function listAxes(query: {
  module?: AxisModule | undefined;
  q?: string | undefined;
  max: number;
  offset: number;
}) {
  const axes = (await allAxes())
    .map(toAxis)
    .filter((a) => !query.module || a.modules.includes(query.module))
    .filter((a) => !query.q || matches(a, query.q));
  return {
    count: axes.length,
    items: axes.slice(query.offset, query.offset + query.max),
    max: query.max,
    offset: query.offset,
  };
}

const MODULE_LABELS: Record<AxisModule, Record<Language, string>> = {
  myself: { fr: 'Mon espace', en: 'My space', nl: 'Mijn ruimte' },
  sphere: { fr: 'Sphères', en: 'Spheres', nl: 'Sferen' },
  session: { fr: 'Groupes', en: 'Groups', nl: 'Groepen' },
  campaign: { fr: 'Campagnes', en: 'Campaigns', nl: 'Campagnes' },
};
const REQUIRED_LABELS: Record<'true' | 'false', Record<Language, string>> = {
  true: { fr: 'Obligatoire', en: 'Required', nl: 'Verplicht' },
  false: { fr: 'Au choix', en: 'Optional', nl: 'Optioneel' },
};

/** GET /v1/thinkings/definitions/axes/facets: the catalogue counted by module, keyword and flag. */
export async function axisFacets(language: Language) {
  const axes = (await allAxes()).map(toAxis);
  const count = <K extends string>(
    keys: readonly K[],
    of: (a: Axis) => readonly string[],
    label: (k: K) => string,
  ) =>
    keys
      .map((k) => ({ value: k, label: label(k), count: axes.filter((a) => of(a).includes(k)).length }))
      .filter((e) => e.count > 0);
  const keywords = [...new Set(axes.flatMap((a) => a.keywords))].sort((a, b) => a.localeCompare(b));
  return {
    modules: count(
      AXIS_MODULES,
      (a) => a.modules,
      (m) => MODULE_LABELS[m][language],
    ),
    keywords: count(
      keywords,
      (a) => a.keywords,
      (k) => k,
    ),
    required: count(
      ['true', 'false'] as const,
      (a) => [String(a.required)],
      (r) => REQUIRED_LABELS[r][language],
    ),
  };
}

export async function getAxis(axisId: string): Promise<Axis> {
  const item = await findAxis(axisId);
  if (!item) throw new NotFoundError();
  return toAxis(item);
}

/** POST /v1/thinkings/definitions/axes: an id already in the catalogue is refused (`exist`). */
export async function createAxis(body: AxisCreate, superAdmin: boolean): Promise<Axis> {
  const { id, ...fields } = body;
  return toAxis(await insertAxis(id, axisFields(fields, superAdmin, null)));
}

export async function updateAxis(axisId: string, body: AxisUpdate, superAdmin: boolean): Promise<Axis> {
  const current = await findAxis(axisId);
  if (!current) throw new NotFoundError();
  return toAxis(await replaceAxis(axisId, axisFields(body, superAdmin, current)));
}

export async function deleteAxis(axisId: string): Promise<undefined> {
  await removeAxis(axisId);
  return undefined;
}

export function toThinking(item: ThinkingItem, now: number): Thinking {
  return {
    id: item.thinkingId,
    axes: item.axes ?? [],
    ...(item.category !== undefined ? { category: item.category } : {}),
    ...(item.sphereId !== undefined ? { sphereId: item.sphereId } : {}),
    ...(item.sessionId !== undefined ? { sessionId: item.sessionId } : {}),
    ...(item.groupId !== undefined ? { groupId: item.groupId } : {}),
    ...(item.fromDirectLink ? { fromDirectLink: true } : {}),
    ...(item.specificTagIds?.length ? { specificTagIds: item.specificTagIds } : {}),
    geoPoint: item.geoPoint,
    ...(item.locale !== undefined ? { locale: item.locale } : {}),
    creationDate: item.creationDate,
    updateDate: item.updateDate,
    freezeDate: item.freezeDate,
    isBlank: isBlankThinking({ axes: item.axes ?? [] }),
    editable: isThinkingEditable(item, now),
  };
}

/** The answers checked against the axes offered (spec 01 §5: at least one value, each axis once). */
function checkAnswers(answers: readonly ThinkingAnswer[], offered: ReadonlyMap<string, AxisItem>) {
  const problem = thinkingAnswersProblem(answers, offered);
  if (problem)
    throw new ValidationError([
      {
        key: problem.key,
        field: problem.index === undefined ? 'body.axes' : `body.axes.${problem.index}.id`,
      },
    ]);
  return answers.map((a) => ({ id: a.id, value: a.value, ...(a.comment ? { comment: a.comment } : {}) }));
}

const byId = (axes: readonly AxisItem[]) => new Map(axes.map((a) => [a.axisId, a]));

/** Where a thinking is given, and the axes asked there. */
interface ThinkingPlace {
  sphereId?: string;
  sessionId?: string;
  groupId?: string;
  axes: Map<string, AxisItem>;
}

/**
 * A thinking given in a sphere or a session is a contributor's (spec 01 §6): in a session, only a
 * member of a contributor session of a sphere they are active in; in a sphere, only an active
 * member with the contributor role. Otherwise `contributor-thinking-forbidden`. It answers the
 * axes that place asks; a personal thinking answers the catalogue's `myself` axes.
 */
async function thinkingPlace(
  userId: string,
  body: Pick<ThinkingCreate, 'sphereId' | 'sessionId' | 'groupId'>,
): Promise<ThinkingPlace> {
  if (body.sessionId !== undefined) {
    const place = await mayContributeIn(userId, body.sessionId);
    if (!place || (body.sphereId !== undefined && body.sphereId !== place.sphereId))
      throw new ForbiddenError('contributor-thinking-forbidden');
    const groupId = body.groupId ?? DEFAULT_THINKING_GROUP;
    const [session, catalogue] = await Promise.all([findSession(body.sessionId), allAxes()]);
    if (!session) throw new ForbiddenError('contributor-thinking-forbidden');
    const asked = await sessionAxes(session, groupId, catalogue);
    return { sphereId: place.sphereId, sessionId: body.sessionId, groupId, axes: byId(asked.items) };
  }
  if (body.sphereId !== undefined) {
    const membership = await membershipIn(userId, body.sphereId);
    if (!membership?.active || !membership.roles.includes('contributor'))
      throw new ForbiddenError('contributor-thinking-forbidden');
    const asked = await sphereAxes(body.sphereId, 'contributor', await allAxes());
    return { sphereId: body.sphereId, axes: byId(asked.items) };
  }
  return { axes: byId((await allAxes()).filter((a) => a.modules.includes(MYSELF_CONTEXT))) };
}

/** POST /v1/thinkings: a personal or contributor thinking, editable for an hour. */
export async function createThinking(
  userId: string,
  body: ThinkingCreate,
  now = Date.now(),
): Promise<Thinking> {
  const place = await thinkingPlace(userId, body);
  const axes = checkAnswers(body.axes, place.axes);
  // Through a campaign link of that place: the link's tags are the thinking's.
  const specificTagIds = body.linkId !== undefined ? await linkTagsFor(body.linkId, place, now) : undefined;
  // The groups it counts under in its sphere's reports: the member's tags as they are now and the
  // link's (decision 0030), kept on the thinking so that a change or an erasure moves the same ones.
  const member = place.sphereId !== undefined ? await membershipIn(userId, place.sphereId) : null;
  const reportTagIds =
    place.sphereId !== undefined
      ? [...new Set([...heldTagIds(member), ...(specificTagIds ?? [])])].sort()
      : undefined;
  const creationDate = new Date(now).toISOString();
  const item = await insertThinking(place.sessionId ?? place.sphereId ?? MYSELF_CONTEXT, {
    userId,
    axes,
    ...(body.category !== undefined ? { category: body.category } : {}),
    ...(place.sphereId !== undefined ? { sphereId: place.sphereId } : {}),
    ...(place.sessionId !== undefined ? { sessionId: place.sessionId } : {}),
    ...(place.groupId !== undefined ? { groupId: place.groupId } : {}),
    ...(specificTagIds !== undefined ? { fromDirectLink: true, specificTagIds } : {}),
    ...(reportTagIds !== undefined ? { reportTagIds } : {}),
    geoPoint: body.geoPoint,
    ...(body.locale !== undefined ? { locale: body.locale } : {}),
    creationDate,
    freezeDate: thinkingFreezeDate(now),
  });
  await publishAfterWrite(userId, { type: 'thinkings', action: 'created' });
  return toThinking(item, now);
}

/**
 * The axes a thinking's update may answer: those asked where it was given, and those it answered
 * (the place's list may have changed meanwhile), while the catalogue still has them.
 */
async function askedAgain(item: ThinkingItem): Promise<Map<string, AxisItem>> {
  const catalogue = await allAxes();
  let asked: AxisItem[];
  if (item.sessionId !== undefined) {
    const session = await findSession(item.sessionId);
    asked = session
      ? (await sessionAxes(session, item.groupId ?? DEFAULT_THINKING_GROUP, catalogue)).items
      : [];
  } else if (item.sphereId !== undefined)
    asked = (await sphereAxes(item.sphereId, 'contributor', catalogue)).items;
  else asked = catalogue.filter((a) => a.modules.includes(MYSELF_CONTEXT));
  const answered = new Set((item.axes ?? []).map((a) => a.id));
  return byId([...asked, ...catalogue.filter((a) => answered.has(a.axisId))]);
}

/** The catalogue's axes of a list, in the list's order, ids no longer in the catalogue left out. */
function inOrder(ids: readonly string[], catalogue: ReadonlyMap<string, AxisItem>): AxisItem[] {
  return ids.flatMap((id) => {
    const axis = catalogue.get(id);
    return axis ? [axis] : [];
  });
}

interface AskedAxes {
  own: ContextAxesItem | undefined;
  items: AxisItem[];
  inherited: boolean;
}

/** What a sphere asks a category; `saved` is its list when the caller has just written it. */
async function sphereAxes(
  sphereId: string,
  category: ThinkingMemberCategory,
  catalogue: readonly AxisItem[],
  saved?: ContextAxesItem,
): Promise<AskedAxes> {
  const [own] = saved
    ? [saved]
    : await findContextAxes([{ scope: 'sphere', ownerId: sphereId, listKey: category }]);
  const required = catalogue.filter((a) => a.required).map((a) => a.axisId);
  const { axisIds } = contextAxisIds({ sphere: own?.axisIds }, required);
  return { own, items: inOrder(axisIds, byId(catalogue)), inherited: false };
}

async function sessionAxes(
  session: SessionItem,
  groupId: string,
  catalogue: readonly AxisItem[],
): Promise<AskedAxes> {
  const lists = await findContextAxes([
    { scope: 'session', ownerId: session.sessionId, listKey: groupId },
    { scope: 'sphere', ownerId: session.sphereId, listKey: session.category },
  ]);
  const own = lists.find((l) => l.scope === 'session');
  const ofSphere = lists.find((l) => l.scope === 'sphere');
  const required = catalogue.filter((a) => a.required).map((a) => a.axisId);
  const { axisIds, inherited } = contextAxisIds(
    { session: own?.axisIds, sphere: ofSphere?.axisIds },
    required,
  );
  return { own, items: inOrder(axisIds, byId(catalogue)), inherited };
}

function toContextAxes(asked: AskedAxes, customizable: boolean): ContextAxes {
  return {
    axisIds: asked.own?.axisIds ?? [],
    axes: asked.items.map(toAxis),
    inherited: asked.inherited,
    customizable,
    ...(asked.own ? { updatedAt: asked.own.updatedAt } : {}),
  };
}

async function sphereOrNotFound(sphereId: string) {
  const sphere = await findSphere(sphereId);
  if (!sphere) throw new NotFoundError();
  return sphere;
}

/** GET /v1/thinkings/sphere-axes/{sphereId}/{category}: what the sphere asks that category. */
export async function getSphereAxes(sphereId: string, category: ThinkingMemberCategory) {
  const [sphere, catalogue] = await Promise.all([sphereOrNotFound(sphereId), allAxes()]);
  return toContextAxes(await sphereAxes(sphereId, category, catalogue), sphere.customizableThinkingAxes);
}

/** The catalogue checked for a list of a module: each axis once, offered to the module. */
async function checkList(axisIds: readonly string[], module: 'sphere' | 'session') {
  const catalogue = await allAxes();
  const problem = contextAxesProblem(axisIds, byId(catalogue), module);
  if (problem)
    throw new ValidationError([
      {
        key: problem.key,
        field: problem.index === undefined ? 'body.axisIds' : `body.axisIds.${problem.index}`,
      },
    ]);
  return catalogue;
}

/** PUT /v1/thinkings/sphere-axes/{sphereId}/{category}: the sphere's admins set its list. */
export async function updateSphereAxes(
  sphereId: string,
  category: ThinkingMemberCategory,
  axisIds: readonly string[],
) {
  const sphere = await sphereOrNotFound(sphereId);
  const catalogue = await checkList(axisIds, 'sphere');
  const saved = await saveContextAxes({ scope: 'sphere', ownerId: sphereId, listKey: category }, axisIds);
  return toContextAxes(
    await sphereAxes(sphereId, category, catalogue, saved),
    sphere.customizableThinkingAxes,
  );
}

/** GET /v1/thinkings/session-axes/{sessionId}/{groupId}: the session's own list, else its sphere's. */
export async function getSessionAxes(sessionId: string, groupId: string) {
  const [session, catalogue] = await Promise.all([findSession(sessionId), allAxes()]);
  if (!session) throw new NotFoundError();
  const [asked, sphere] = await Promise.all([
    sessionAxes(session, groupId, catalogue),
    sphereOrNotFound(session.sphereId),
  ]);
  return toContextAxes(asked, sphere.customizableThinkingAxes);
}

/**
 * PUT /v1/thinkings/session-axes/{sessionId}/{groupId}: a session chooses its own axes only where
 * its sphere allows it (`customizableThinkingAxes`, else `axes-not-customizable`); a super-admin
 * always may. An empty list gives the sphere's back.
 */
export async function updateSessionAxes(
  sessionId: string,
  groupId: string,
  axisIds: readonly string[],
  superAdmin: boolean,
) {
  const session = await findSession(sessionId);
  if (!session) throw new NotFoundError();
  const sphere = await sphereOrNotFound(session.sphereId);
  if (!sphere.customizableThinkingAxes && !superAdmin) throw new ForbiddenError('axes-not-customizable');
  const catalogue = await checkList(axisIds, 'session');
  await saveContextAxes({ scope: 'session', ownerId: sessionId, listKey: groupId }, axisIds);
  return toContextAxes(await sessionAxes(session, groupId, catalogue), sphere.customizableThinkingAxes);
}

/** GET /v1/thinkings/{id}: the caller's own thinking; another user's id is simply not found. */
export async function getThinking(userId: string, id: string, now = Date.now()): Promise<Thinking> {
  const item = await findThinking(userId, id);
  if (!item) throw new NotFoundError();
  return toThinking(item, now);
}

/** PUT /v1/thinkings/{id}: every value again, before the freeze date only (`feeling-frozen`). */
export async function updateThinking(
  userId: string,
  id: string,
  body: ThinkingUpdate,
  now = Date.now(),
): Promise<Thinking> {
  const item = await findThinking(userId, id);
  if (!item) throw new NotFoundError();
  if (!isThinkingEditable(item, now)) throw new ConflictError('feeling-frozen');
  const axes = checkAnswers(body.axes, await askedAgain(item));
  const changed = await changeThinking(
    item,
    { axes, ...(body.geoPoint ? { geoPoint: body.geoPoint } : {}) },
    new Date(now).toISOString(),
  );
  await publishAfterWrite(userId, { type: 'thinkings', action: 'updated' });
  return toThinking(changed, now);
}

/** GET /v1/thinkings: the caller's thinkings created in a range, newest first, a page at a time. */
export async function listThinkings(
  userId: string,
  query: ThinkingFilter & { max: number; offset: number },
  now = Date.now(),
) {
  const max = Math.min(query.max, THINKINGS_MAX);
  const [count, page] = await Promise.all([
    countThinkings(userId, query),
    queryThinkings(userId, query, { offset: query.offset, max }),
  ]);
  return { count, items: page.map((item) => toThinking(item, now)), max, offset: query.offset };
}
