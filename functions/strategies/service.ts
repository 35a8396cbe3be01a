import { subject } from '@casl/ability';
import type {
  Strategy,
  StrategyAssessment,
  StrategyAssessmentCreate,
  StrategyAssessmentUpdate,
  StrategyCreate,
  StrategyList,
  StrategyOrder,
  StrategyUpdate,
} from '@shared/contracts/strategies';
import type { AppAbility } from '@shared/domain/ability';
import {
  STRATEGIES_PER_LIST_MAX,
  assessmentFreezeDate,
  assessmentProblem,
  givenAnswers,
  isAssessmentEditable,
  mayAppendAt,
  outlineProblem,
  sameItems,
  withoutHidden,
  withoutItem,
  type AssessmentAnswers,
  type OutlineEntry,
} from '@shared/domain/strategies';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/errors';
import { linkTagsFor } from '../links';
import { publishAfterWrite } from '../realtime';
import { findSession } from '../sessions';
import { findSphere, heldTagIds, membershipIn } from '../spheres';
import {
  changeAssessment,
  changeStrategy,
  countAssessments,
  findAssessment,
  insertAssessment,
  insertStrategy,
  queryAssessments,
  readList,
  removeStrategy,
  saveOutline,
  type AssessmentItem,
  type ListKey,
  type StoredList,
  type StrategyItem,
  type StrategyOwner,
} from './repository';

/** Where a list lives: its key, what its items record of their owner, and the tags of its session. */
export interface ListPlace {
  key: ListKey;
  owner: StrategyOwner;
}

/** A sphere's or a session's list: the places assessments are given in. */
export interface OrganisationPlace extends ListPlace {
  key: { linkTo: 'sphere' | 'session'; linkId: string };
  owner: StrategyOwner & { sphereId: string };
  /** The session's own tags, recorded with an assessment given there. */
  specificTagIds: string[];
}

/** The caller's life compass. */
export function placeOfPerson(userId: string): ListPlace {
  return { key: { linkTo: 'user', linkId: userId }, owner: { userId } };
}

async function sphereWithStrategies(sphereId: string) {
  const sphere = await findSphere(sphereId);
  if (!sphere) throw new NotFoundError();
  if (!sphere.strategyEnabled) throw new ForbiddenError('strategy-not-enabled');
  return sphere;
}

/** A sphere's list, once the sphere is known to keep a strategy (`strategy-not-enabled` otherwise). */
export async function placeOfSphere(sphereId: string): Promise<OrganisationPlace> {
  await sphereWithStrategies(sphereId);
  return { key: { linkTo: 'sphere', linkId: sphereId }, owner: { sphereId }, specificTagIds: [] };
}

/** A session's list, in a sphere that keeps strategies. */
export async function placeOfSession(sessionId: string): Promise<OrganisationPlace> {
  const session = await findSession(sessionId);
  if (!session) throw new NotFoundError();
  await sphereWithStrategies(session.sphereId);
  return {
    key: { linkTo: 'session', linkId: sessionId },
    owner: { sphereId: session.sphereId, sessionId },
    specificTagIds: [...(session.specificTagIds ?? [])],
  };
}

/**
 * Whether the caller may change a list (and so sees its hidden items): always their own life
 * compass; a sphere's or session's by the rules (its admins, a session's owners).
 */
export function mayChange(ability: AppAbility | undefined, place: ListPlace): boolean {
  if (place.key.linkTo === 'user') return true;
  const { sphereId, sessionId } = place.owner;
  return (
    ability?.can(
      'put',
      subject('strategy', sessionId === undefined ? { sphereId } : { sphereId, sessionId }),
    ) ?? false
  );
}

type Placed = StrategyItem & OutlineEntry;

export function toStrategy(item: Placed, order: number): Strategy {
  return {
    id: item.strategyId,
    type: item.type,
    title: item.title,
    description: item.description,
    order,
    indent: item.indent,
    isHidden: item.isHidden,
    goalsLinked: item.goalsLinked,
    linkTo: item.linkTo,
    ...(item.userId !== undefined ? { userId: item.userId } : {}),
    ...(item.sphereId !== undefined ? { sphereId: item.sphereId } : {}),
    ...(item.sessionId !== undefined ? { sessionId: item.sessionId } : {}),
    createdAt: item.createdAt,
    updateDate: item.updatedAt,
  };
}

/** The items a reader sees, each with its place in the whole list: hidden ones only for writers. */
function shownItems(list: StoredList, seesHidden: boolean): Strategy[] {
  const ordered = list.items.map((item, order) => ({ ...item, order }));
  return (seesHidden ? ordered : withoutHidden(ordered)).map((item) => toStrategy(item, item.order));
}

/** GET: a page of the list, in order (spec 01 §9 page sizes). */
export async function listStrategies(
  place: ListPlace,
  page: { max: number; offset: number },
  seesHidden: boolean,
): Promise<StrategyList> {
  const shown = shownItems(await readList(place.key), seesHidden);
  return {
    count: shown.length,
    items: shown.slice(page.offset, page.offset + page.max),
    max: page.max,
    offset: page.offset,
  };
}

const fieldsOf = (body: StrategyCreate | StrategyUpdate) => ({
  type: body.type,
  title: body.title,
  description: body.description,
  isHidden: body.isHidden,
  goalsLinked: body.goalsLinked,
});

/**
 * POST: a new strategy at the end of the list, at an indent of 0 up to the last item's plus one
 * (`value-out-of-range-error`), while the list holds fewer than 2 000 (`too-many`).
 */
export async function addStrategy(place: ListPlace, body: StrategyCreate): Promise<Strategy> {
  const list = await readList(place.key);
  if (list.items.length >= STRATEGIES_PER_LIST_MAX)
    throw new ValidationError([{ key: 'too-many', field: 'body', values: { max: STRATEGIES_PER_LIST_MAX } }]);
  if (!mayAppendAt(list.items, body.indent))
    throw new ValidationError([
      {
        key: 'value-out-of-range-error',
        field: 'body.indent',
        values: { max: (list.items.at(-1)?.indent ?? -1) + 1 },
      },
    ]);
  const item = await insertStrategy(list, { ...fieldsOf(body), ...place.owner }, body.indent);
  return toStrategy({ ...item, id: item.strategyId, indent: body.indent }, list.items.length);
}

function placeIn(list: StoredList, strategyId: string): number {
  const at = list.items.findIndex((i) => i.strategyId === strategyId);
  if (at < 0) throw new NotFoundError();
  return at;
}

/** PUT {strategyId}: its texts and flags, if unchanged since the editor read it (`conflict`). */
export async function updateStrategy(
  place: ListPlace,
  strategyId: string,
  body: StrategyUpdate,
): Promise<Strategy> {
  const list = await readList(place.key);
  const at = placeIn(list, strategyId);
  const changed = await changeStrategy(place.key, strategyId, fieldsOf(body), body.updateDate);
  return toStrategy({ ...changed, id: strategyId, indent: list.items[at]?.indent ?? 0 }, at);
}

/** DELETE {strategyId}: the item goes, its children move up one level into its place. */
export async function deleteStrategy(place: ListPlace, strategyId: string): Promise<undefined> {
  const list = await readList(place.key);
  placeIn(list, strategyId);
  await removeStrategy(list, strategyId, withoutItem(list.items, strategyId));
  return undefined;
}

/**
 * PUT …/order: the whole list in its new order with its indents (spec 01 §5), kept by the indent
 * rule (`value-out-of-range-error` on the first item breaking it) and naming every item of the
 * list once (`conflict` when the list changed since it was read).
 */
export async function reorderStrategies(place: ListPlace, body: StrategyOrder): Promise<StrategyList> {
  const bad = outlineProblem(body.items);
  if (bad !== undefined)
    throw new ValidationError([{ key: 'value-out-of-range-error', field: `body.items.${bad}.indent` }]);
  const list = await readList(place.key);
  if (!sameItems(list.items, body.items)) throw new ConflictError('conflict');
  await saveOutline(list, body.items);
  const byId = new Map(list.items.map((i) => [i.id, i]));
  const items = body.items.map((entry, order) =>
    toStrategy({ ...(byId.get(entry.id) as Placed), indent: entry.indent }, order),
  );
  return { count: items.length, items, max: STRATEGIES_PER_LIST_MAX, offset: 0 };
}

export function toAssessment(item: AssessmentItem, now: number): StrategyAssessment {
  return {
    id: item.assessmentId,
    linkTo: item.linkTo,
    sphereId: item.sphereId,
    ...(item.sessionId !== undefined ? { sessionId: item.sessionId } : {}),
    values: Object.fromEntries(item.values.map((v) => [v.id, v.value])),
    ...(item.locale !== undefined ? { locale: item.locale } : {}),
    fromDirectLink: item.fromDirectLink,
    specificTagIds: item.specificTagIds,
    creationDate: item.creationDate,
    updateDate: item.updateDate,
    freezeDate: item.freezeDate,
    editable: isAssessmentEditable(item, now),
  };
}

/** The answers checked against the strategies that may be assessed; empty answers dropped. */
function checkedAnswers(values: AssessmentAnswers, assessable: ReadonlySet<string>) {
  const problem = assessmentProblem(values, assessable);
  if (problem)
    throw new ValidationError([
      {
        key: problem.key,
        field: problem.strategyId === undefined ? 'body.values' : `body.values.${problem.strategyId}`,
      },
    ]);
  return givenAnswers(values);
}

/** The strategies of a list a member may assess: those they can see (hidden ones are not shown). */
const visibleIds = (list: StoredList) => new Set(withoutHidden(list.items).map((i) => i.id));

/**
 * POST …/assessments/spheres/{sphereId} or …/sessions/{sessionId}: the caller's assessment of the
 * strategy there, at least one answer, editable for an hour.
 */
export async function addAssessment(
  userId: string,
  place: OrganisationPlace,
  body: StrategyAssessmentCreate,
  now = Date.now(),
): Promise<StrategyAssessment> {
  const [list, member] = await Promise.all([readList(place.key), membershipIn(userId, place.owner.sphereId)]);
  const values = checkedAnswers(body.values, visibleIds(list));
  // Through a campaign link of that place: the link's tags join the place's own.
  const linkTags = body.linkId !== undefined ? await linkTagsFor(body.linkId, place.owner, now) : [];
  const specificTagIds = [...new Set([...place.specificTagIds, ...linkTags])];
  const item = await insertAssessment({
    userId,
    ...place.key,
    sphereId: place.owner.sphereId,
    ...(place.owner.sessionId !== undefined ? { sessionId: place.owner.sessionId } : {}),
    values,
    ...(body.locale !== undefined ? { locale: body.locale } : {}),
    fromDirectLink: body.fromDirectLink || body.linkId !== undefined,
    specificTagIds,
    // The groups it counts under in the place's strategy reports (decision 0034): the member's tags
    // as they are now, the session's and the link's, kept to move exactly those counts later.
    reportTagIds: [...new Set([...(member?.active ? heldTagIds(member) : []), ...specificTagIds])].sort(),
    creationDate: new Date(now).toISOString(),
    freezeDate: assessmentFreezeDate(now),
  });
  await publishAfterWrite(userId, { type: 'strategyAssessments', action: 'created' });
  return toAssessment(item, now);
}

/** GET …/assessments/spheres/{sphereId} or …/sessions/{sessionId}: the caller's own there, newest first. */
export async function listMyAssessments(
  userId: string,
  place: OrganisationPlace,
  page: { max: number; offset: number },
  now = Date.now(),
) {
  const [count, items] = await Promise.all([
    countAssessments(userId, place.key),
    queryAssessments(userId, place.key, page),
  ]);
  return { count, items: items.map((i) => toAssessment(i, now)), max: page.max, offset: page.offset };
}

/** GET …/assessments/{assessmentId}: the caller's own; another person's id is simply not found. */
export async function getAssessment(userId: string, assessmentId: string, now = Date.now()) {
  const item = await findAssessment(userId, assessmentId);
  if (!item) throw new NotFoundError();
  return toAssessment(item, now);
}

/**
 * PUT …/assessments/{assessmentId}: every answer again, before the freeze date only
 * (`strategy-assessment-frozen`), on strategies visible now or answered before.
 */
export async function updateAssessment(
  userId: string,
  assessmentId: string,
  body: StrategyAssessmentUpdate,
  now = Date.now(),
): Promise<StrategyAssessment> {
  const item = await findAssessment(userId, assessmentId);
  if (!item) throw new NotFoundError();
  if (!isAssessmentEditable(item, now)) throw new ConflictError('strategy-assessment-frozen');
  const list = await readList({ linkTo: item.linkTo, linkId: item.linkId });
  const assessable = new Set([...visibleIds(list), ...item.values.map((v) => v.id)]);
  const values = checkedAnswers(body.values, assessable);
  const changed = await changeAssessment(item, values, new Date(now).toISOString());
  await publishAfterWrite(userId, { type: 'strategyAssessments', action: 'updated' });
  return toAssessment(changed, now);
}
