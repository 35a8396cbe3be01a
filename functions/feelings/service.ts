import type { Feeling, FeelingCreate, FeelingUpdate, FeelingGoalInput } from '@shared/contracts/feelings';
import { FEELINGS_MAX } from '@shared/contracts/feelings';
import { buildAbility, defineRules, type AccountFacts } from '@shared/domain/ability';
import { feelingColor, isFeelingEditable } from '@shared/domain/feelings';
import { goalsProblem } from '@shared/domain/goals';
import { tooFarFromSphere } from '@shared/domain/spheres';
import { facetsOf } from '@shared/domain/feeling-days';
import { myselfReport, type ReportInterval } from '@shared/domain/myself-report';
import type { Language } from '@shared/contracts/headers';
import { nextNoteId, type PersonalNote } from '@shared/domain/notes';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../lib/errors';
import { publishAfterWrite } from '../realtime';
import { rightsFacts } from '../lib/rights';
import { mayContributeIn } from '../sessions';
import { linkTagsFor } from '../links';
import { findSphere, heldTagIds, membershipIn } from '../spheres';
import {
  changeFeeling,
  findFeeling,
  insertFeeling,
  countFeelings,
  queryDays,
  queryFeelings,
  type FeelingFilter,
  type FeelingItem,
} from './repository';
import { EMOTION_WORDS } from './words';
import { linkedPlace } from './quick-answers';

const WORD_IDS = new Set(EMOTION_WORDS.map((w) => w.id));

/** GET /v1/feelings/definitions/words: the emotion words, 25 per quadrant. */
export function listWords() {
  return { count: EMOTION_WORDS.length, items: [...EMOTION_WORDS], max: EMOTION_WORDS.length, offset: 0 };
}

/** The answer's view of a stored feeling. */
export function toFeeling(item: FeelingItem, now: number): Feeling {
  return {
    id: item.feelingId,
    value: item.value,
    energy: item.energy,
    color: item.color,
    ...(item.wordId !== undefined ? { wordId: item.wordId } : {}),
    ...(item.category !== undefined ? { category: item.category } : {}),
    ...(item.sphereId !== undefined ? { sphereId: item.sphereId } : {}),
    ...(item.sessionId !== undefined ? { sessionId: item.sessionId } : {}),
    ...(item.fromDirectLink ? { fromDirectLink: true } : {}),
    ...(item.specificTagIds?.length ? { specificTagIds: item.specificTagIds } : {}),
    evaluationPeriod: item.evaluationPeriod,
    geoPoint: item.geoPoint,
    ...(item.locale !== undefined ? { locale: item.locale } : {}),
    personalNotes: item.personalNotes ?? [],
    goals: (item.goals ?? []) as FeelingGoalInput[],
    timestamp: item.timestamp,
    ...(item.freezeDate !== undefined ? { freezeDate: item.freezeDate } : {}),
    editable: isFeelingEditable(item, now),
  };
}

function checkWord(wordId: string | null | undefined): void {
  if (wordId && !WORD_IDS.has(wordId))
    throw new ValidationError([{ key: 'not-valid', field: 'body.wordId' }]);
}

/**
 * Goals are an Essentials feature (spec 02 §1): a starter user or a guest may not set them. The
 * rule is the ability's `put feeling-goal`, read from the caller's account.
 */
async function checkGoals(
  userId: string,
  goals: readonly FeelingGoalInput[] | undefined,
  account: AccountFacts | undefined,
): Promise<void> {
  if (!goals?.length) return;
  const problem = goalsProblem(goals);
  if (problem) throw new ValidationError([{ key: problem, field: 'body.goals' }]);
  const facts = await rightsFacts(userId, account);
  const allowed =
    facts &&
    buildAbility(defineRules({ ...facts, userId, superAdminMode: false })).can('put', 'feeling-goal');
  if (!allowed) throw new ForbiddenError('essentials-required');
}

/** Notes as sent: known ids kept (each once), new notes numbered after the highest. */
function numberNotes(
  notes: readonly { id?: number | undefined; value: string; type: PersonalNote['type'] }[],
): PersonalNote[] {
  const numbered: PersonalNote[] = [];
  for (const note of notes.filter((n) => n.id !== undefined)) {
    if (numbered.some((n) => n.id === note.id))
      throw new ValidationError([{ key: 'exist', field: 'body.personalNotes' }]);
    numbered.push({ id: note.id as number, value: note.value, type: note.type });
  }
  for (const note of notes.filter((n) => n.id === undefined))
    numbered.push({ id: nextNoteId(numbered), value: note.value, type: note.type });
  return numbered;
}

/**
 * A feeling recorded in a sphere or a session is a contributor feeling (spec 01 §6): in a sphere,
 * only an active member holding the contributor role there may record it; in a session, only a
 * member (role `member`) of a contributor session of a sphere they are active in. Otherwise
 * `contributor-feeling-forbidden`. A session's feeling is also its sphere's.
 */
async function checkContext(
  userId: string,
  body: Pick<FeelingCreate, 'sphereId' | 'sessionId' | 'geoPoint' | 'validationCode' | 'linkId'>,
  now: number,
): Promise<{
  sphereId?: string;
  sessionId?: string;
  fromDirectLink?: boolean;
  specificTagIds?: string[];
  reportTagIds?: string[];
}> {
  // Through a quick-answer link: its code must be the one of the place it names.
  if (body.validationCode !== undefined) await linkedPlace({ ...body, validationCode: body.validationCode });
  let context: { sphereId: string; sessionId?: string };
  // The sphere membership, read once: its role opens a sphere feeling, its tags are the report's.
  let membership: Awaited<ReturnType<typeof membershipIn>> | undefined;
  if (body.sessionId !== undefined) {
    const place = await mayContributeIn(userId, body.sessionId);
    if (!place || (body.sphereId !== undefined && body.sphereId !== place.sphereId))
      throw new ForbiddenError('contributor-feeling-forbidden');
    context = { sphereId: place.sphereId, sessionId: body.sessionId };
  } else {
    if (body.sphereId === undefined) return {};
    membership = await membershipIn(userId, body.sphereId);
    if (!membership?.active || !membership.roles.includes('contributor'))
      throw new ForbiddenError('contributor-feeling-forbidden');
    context = { sphereId: body.sphereId };
  }
  // The sphere's distance rule (spec 01 §7): a feeling recorded too far from it is refused.
  const [sphere, member] = await Promise.all([
    findSphere(context.sphereId),
    membership !== undefined ? membership : membershipIn(userId, context.sphereId),
  ]);
  if (sphere && tooFarFromSphere(sphere, body.geoPoint)) throw new BadRequestError('sphere-too-far');
  const specificTagIds = body.linkId !== undefined ? await linkTagsFor(body.linkId, context, now) : [];
  // The groups it counts under in the sphere's reports: the member's tags as they are now and the
  // link's (decision 0030), kept on the feeling so that a change or an erasure moves the same ones.
  const reportTagIds = [...new Set([...heldTagIds(member), ...specificTagIds])].sort();
  const direct = body.linkId !== undefined || body.validationCode !== undefined;
  return {
    ...context,
    ...(direct ? { fromDirectLink: true } : {}),
    ...(body.linkId !== undefined ? { specificTagIds } : {}),
    reportTagIds,
  };
}

/**
 * POST /v1/feelings: the colour is computed from the value and the energy; a colour sent that is
 * not that one is refused rather than trusted.
 */
export async function createFeeling(
  userId: string,
  body: FeelingCreate,
  account?: AccountFacts,
  now = Date.now(),
) {
  const color = feelingColor(body.value, body.energy);
  if (body.color !== undefined && body.color !== color)
    throw new ValidationError([{ key: 'not-valid', field: 'body.color' }]);
  checkWord(body.wordId);
  const context = await checkContext(userId, body, now);
  await checkGoals(userId, body.goals, account);
  const id = await insertFeeling({
    userId,
    value: body.value,
    energy: body.energy,
    color,
    ...(body.wordId !== undefined ? { wordId: body.wordId } : {}),
    ...(body.category !== undefined ? { category: body.category } : {}),
    ...context,
    evaluationPeriod: body.evaluationPeriod,
    geoPoint: body.geoPoint,
    ...(body.locale !== undefined ? { locale: body.locale } : {}),
    personalNotes: numberNotes(body.personalNotes),
    goals: body.goals,
    timestamp: new Date(now).toISOString(),
  });
  await publishAfterWrite(userId, { type: 'feelings', action: 'created' });
  return {
    id,
    color,
    energy: body.energy,
    value: body.value,
    ...(body.wordId !== undefined ? { wordId: body.wordId } : {}),
  };
}

/** GET /v1/feelings/{id}: the caller's own feeling; another user's id is simply not found. */
export async function getFeeling(userId: string, feelingId: string, now = Date.now()): Promise<Feeling> {
  const item = await findFeeling(userId, feelingId);
  if (!item) throw new NotFoundError();
  return toFeeling(item, now);
}

/** PUT /v1/feelings/{id}: within the edit window only (spec 01 §4), else `feeling-frozen`. */
export async function updateFeeling(
  userId: string,
  feelingId: string,
  body: FeelingUpdate,
  account?: AccountFacts,
  now = Date.now(),
): Promise<Feeling> {
  const item = await findFeeling(userId, feelingId);
  if (!item) throw new NotFoundError();
  if (!isFeelingEditable(item, now)) throw new ConflictError('feeling-frozen');
  checkWord(body.wordId);
  await checkGoals(userId, body.goals, account);
  const removed = (['wordId', 'category'] as const).filter((field) => body[field] === null);
  const changed = await changeFeeling(
    item,
    {
      ...(body.wordId ? { wordId: body.wordId } : {}),
      ...(body.category ? { category: body.category } : {}),
      ...(body.personalNotes ? { personalNotes: numberNotes(body.personalNotes) } : {}),
      ...(body.goals ? { goals: body.goals } : {}),
    },
    [...removed],
  );
  await publishAfterWrite(userId, { type: 'feelings', action: 'updated' });
  return toFeeling(changed, now);
}

/** GET /v1/feelings: the caller's feelings in the filter, newest first, a page at a time. */
export async function listFeelings(
  userId: string,
  query: FeelingFilter & { max: number; offset: number },
  now = Date.now(),
) {
  const max = Math.min(query.max, FEELINGS_MAX);
  const [count, page] = await Promise.all([
    countFeelings(userId, query),
    queryFeelings(userId, query, { offset: query.offset, max }),
  ]);
  return { count, items: page.map((item) => toFeeling(item, now)), max, offset: query.offset };
}

/** GET /v1/feelings/facets: counts of the period's feelings by colour, sphere, session and goal. */
export async function feelingFacets(userId: string, start: string, end: string, language: Language) {
  const days = await queryDays(userId, start, end);
  return facetsOf(
    days.map((d) => d.counts),
    language,
  );
}

/** POST /v1/feelings/myself-reports: the report of a period, from its day summaries. */
export async function createMyselfReport(
  userId: string,
  request: { start: string; end: string; interval?: ReportInterval | undefined },
) {
  const days = await queryDays(userId, request.start, request.end);
  return myselfReport(days, request.start, request.end, request.interval);
}
