import {
  FORM_SURVEYS_MAX,
  type AvailableForm,
  type Form,
  type FormMyselfReport,
  type FormSurvey,
  type GoalRankings,
  type SurveyCreate,
  type SurveyUpdate,
  type SurveyValues,
} from '@shared/contracts/forms';
import type { FieldError } from '@shared/contracts/errors';
import type { AccountFacts } from '@shared/domain/ability';
import type { Language } from '@shared/contracts/headers';
import { computeAdditionalResults, formAnswers, validateSurvey } from '@shared/domain/forms';
import { isSurveyEditable, surveyFreezeDate } from '@shared/domain/form-surveys';
import {
  goalRankingForm,
  GOAL_RANKING_FORM_ID,
  defaultGoalRankings,
  goalRankingWindow,
  goalRankingsOf,
} from '@shared/contracts/goal-ranking';
import { textIn } from '@shared/domain/sessions';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/errors';
import { linkTagsFor } from '../links';
import { publishAfterWrite } from '../realtime';
import { findSessions, type SessionItem } from '../sessions';
import { heldTagIds, membershipIn, type MemberItem } from '../spheres';
import { formCaller, placesOfForm, spheresOf, type FormCaller } from './caller';
import {
  changeSurvey,
  countSurveys,
  countsOf,
  entitlementsOf,
  textsOf,
  findEntitlements,
  findStoredForm,
  findSummaries,
  findSurvey,
  insertSurvey,
  querySurveys,
  surveysOfForm,
  type FormSurveyItem,
  type SurveyFilter,
} from './repository';
import { choosePlace, isReservedPlace, placesOf, type Place } from './rules';
import { mayReadDefinition, toSummary } from './service';

/**
 * Surveys (spec 01 §3 Form survey, §4: editable 24 hours), my centre (the forms available to me),
 * my forms report and the goal rankings. Decision 0020.
 */

export function toSurvey(item: FormSurveyItem, now: number): FormSurvey {
  return {
    id: item.surveyId,
    formId: item.formId,
    values: item.values as SurveyValues,
    ...(item.locale !== undefined ? { locale: item.locale } : {}),
    fromDirectLink: item.fromDirectLink,
    ...(item.sphereId !== undefined ? { sphereId: item.sphereId } : {}),
    ...(item.sessionId !== undefined ? { sessionId: item.sessionId } : {}),
    tagIds: item.tagIds ?? [],
    creationDate: item.creationDate,
    updateDate: item.updateDate,
    freezeDate: item.freezeDate,
    editable: isSurveyEditable(item, now),
  };
}

/** A survey is one item: its values stay well below DynamoDB's 400 KB. */
const SURVEY_VALUES_MAX_BYTES = 300_000;

/**
 * The values checked against the form: every problem as a `body.values.<answerId>` field (400);
 * values too large to keep (many long texts) are `too-many` on `body.values`.
 */
function checkValues(form: Form, values: SurveyValues): void {
  if (Buffer.byteLength(JSON.stringify(values), 'utf8') > SURVEY_VALUES_MAX_BYTES)
    throw new ValidationError([
      { key: 'too-many', field: 'body.values', values: { max: SURVEY_VALUES_MAX_BYTES } },
    ]);
  const problems = validateSurvey(form, values);
  if (problems.length === 0) return;
  throw new ValidationError(
    problems.map((p): FieldError => ({
      key: p.key,
      field: p.answerId === undefined ? 'body.values' : `body.values.${p.answerId}`,
    })),
  );
}

/** Sessions by id (one BatchGetItem), for their subscriptions and tags. */
async function sessionsById(ids: readonly string[]): Promise<Map<string, SessionItem>> {
  const unique = [...new Set(ids)];
  return new Map((unique.length ? await findSessions(unique) : []).map((s) => [s.sessionId, s]));
}

/**
 * The tags a survey records (spec 01 §3 `tagIds`): the person's tags in the sphere (given by its
 * admins and by its rules), and the session's own and inherited tags.
 */
async function placeTags(
  userId: string,
  place: Place,
  sessions: ReadonlyMap<string, SessionItem>,
  early?: { sphereId: string; member: Promise<MemberItem | null> },
) {
  const session = place.sessionId !== undefined ? sessions.get(place.sessionId) : undefined;
  const [member, ancestors] = await Promise.all([
    early?.sphereId === place.sphereId ? early.member : membershipIn(userId, place.sphereId),
    session?.parentSessionIds.length ? findSessions(session.parentSessionIds) : Promise.resolve([]),
  ]);
  return [
    ...new Set([
      ...(member?.active ? heldTagIds(member) : []),
      ...ancestors.flatMap((a) => a.specificTagIds ?? []),
      ...(session?.specificTagIds ?? []),
    ]),
  ];
}

/**
 * Where a survey of a form is recorded (spec 01 §6 form availability): a place where the form is
 * entitled to the caller, open to them (Essentials, or a session whose subscription is not
 * starter). Not entitled there, archived or unknown: 403 `form-not-available`; entitled only where
 * it is reserved: 403 `essentials-required`.
 */
async function surveyPlace(
  caller: FormCaller,
  formId: string,
  asked: Pick<SurveyCreate, 'sphereId' | 'sessionId'>,
  early?: ReturnType<typeof findEntitlements>,
): Promise<{ place: Place; sessions: Map<string, SessionItem> }> {
  let places: Place[];
  if (asked.sessionId !== undefined) {
    const membership = caller.facts.sessions.find((s) => s.sessionId === asked.sessionId);
    const [entitlement] = membership
      ? await findEntitlements([{ sphereId: membership.sphereId, formId }])
      : [undefined];
    places = entitlement ? placesOf(entitlement, caller.facts) : [];
  } else if (asked.sphereId !== undefined) {
    const [entitlement] = await (early ?? findEntitlements([{ sphereId: asked.sphereId, formId }]));
    places = entitlement ? placesOf(entitlement, caller.facts) : [];
  } else {
    places = await placesOfForm(caller, formId);
  }
  const sessionIds = [
    ...places.flatMap((p) => (p.sessionId ? [p.sessionId] : [])),
    ...(asked.sessionId !== undefined ? [asked.sessionId] : []),
  ];
  const sessions = await sessionsById(sessionIds);
  const reserved = (p: Place) =>
    isReservedPlace(p, caller.essentials, (id) => sessions.get(id)?.subscription);
  const chosen = choosePlace(places, asked, caller.facts, reserved);
  if (!chosen) throw new ForbiddenError('form-not-available');
  if (chosen.reserved) throw new ForbiddenError('essentials-required');
  return { place: chosen.place, sessions };
}

/** The goal-ranking form is every person's own, with their goals: an Essentials feature. */
function checkGoalRanking(caller: FormCaller, body: Pick<SurveyCreate, 'sphereId' | 'sessionId'>): void {
  const errors: FieldError[] = [];
  if (body.sphereId !== undefined) errors.push({ key: 'unexpected-value-error', field: 'body.sphereId' });
  if (body.sessionId !== undefined) errors.push({ key: 'unexpected-value-error', field: 'body.sessionId' });
  if (errors.length) throw new ValidationError(errors);
  if (!caller.ability.can('put', 'feeling-goal')) throw new ForbiddenError('essentials-required');
}

/**
 * POST /v1/forms/surveys (the spec's `POST /forms`): a survey of a form available to the caller,
 * its values checked against the form (400 with `body.values.<answerId>` fields), with the tags
 * of where it was answered; editable for 24 hours.
 */
export async function createSurvey(
  userId: string,
  body: SurveyCreate,
  account?: AccountFacts,
  now = Date.now(),
): Promise<FormSurvey> {
  const ownForm = body.formId === GOAL_RANKING_FORM_ID;
  // A sphere named by the body (as the centre and the links name it): its entitlement of the form
  // and the caller's membership there (for the tags) are read with the caller's facts and the form
  // rather than after them. An unused read is cheaper than one more wait; a refusal below leaves
  // them unread, and their failure then is nobody's to report.
  const named =
    !ownForm && body.sphereId !== undefined
      ? {
          sphereId: body.sphereId,
          member: membershipIn(userId, body.sphereId),
          entitlements: findEntitlements([{ sphereId: body.sphereId, formId: body.formId }]),
        }
      : undefined;
  named?.member.catch(() => null);
  named?.entitlements.catch(() => null);
  const [caller, stored] = await Promise.all([
    formCaller(userId, false, account),
    ownForm ? Promise.resolve(undefined) : findStoredForm(body.formId),
  ]);
  let form: Form;
  let place: Place | undefined;
  let tagIds: string[] = [];
  if (ownForm) {
    // The goal ranking is the person's own: no link's place to take tags from.
    if (body.linkId !== undefined) throw new ValidationError([{ key: 'not-valid', field: 'body.linkId' }]);
    checkGoalRanking(caller, body);
    form = goalRankingForm();
    checkValues(form, body.values);
  } else {
    if (!stored || stored.form.archived) throw new ForbiddenError('form-not-available');
    form = stored.form;
    // A session named by the body: the membership in its sphere is read with the entitlement.
    const sessionSphere =
      named === undefined
        ? caller.facts.sessions.find((s) => s.sessionId === body.sessionId)?.sphereId
        : undefined;
    const early =
      named ??
      (sessionSphere ? { sphereId: sessionSphere, member: membershipIn(userId, sessionSphere) } : undefined);
    early?.member.catch(() => null);
    // Where the caller may answer it first (403), then what they answered (400).
    const found = await surveyPlace(caller, body.formId, body, named?.entitlements);
    place = found.place;
    checkValues(form, body.values);
    tagIds = await placeTags(userId, place, found.sessions, early);
    // Through a campaign link of that place: the link's tags join the survey's.
    if (body.linkId !== undefined)
      tagIds = [...new Set([...tagIds, ...(await linkTagsFor(body.linkId, place ?? {}, now))])];
  }
  const creationDate = new Date(now).toISOString();
  const item = await insertSurvey({
    userId,
    formId: body.formId,
    values: body.values,
    ...(body.locale !== undefined ? { locale: body.locale } : {}),
    fromDirectLink: body.fromDirectLink || body.linkId !== undefined,
    ...(place ? { sphereId: place.sphereId } : {}),
    ...(place?.sessionId !== undefined ? { sessionId: place.sessionId } : {}),
    tagIds,
    // What it adds to its sphere's reports (decision 0033), kept to take exactly that away later.
    ...(place ? { reportCounts: countsOf(form, body.values), reportTexts: textsOf(form, body.values) } : {}),
    creationDate,
    freezeDate: surveyFreezeDate(now),
  });
  await publishAfterWrite(userId, { type: 'formSurveys', action: 'created' });
  return toSurvey(item, now);
}

/** The form a survey answered, as it is now (the goal-ranking form from the code). */
async function formOfSurvey(formId: string): Promise<Form> {
  if (formId === GOAL_RANKING_FORM_ID) return goalRankingForm();
  const stored = await findStoredForm(formId);
  if (!stored) throw new NotFoundError();
  return stored.form;
}

/** GET /v1/forms/surveys/{surveyId}: the caller's own survey; another person's id is simply not found. */
export async function getSurvey(userId: string, id: string, now = Date.now()): Promise<FormSurvey> {
  const item = await findSurvey(userId, id);
  if (!item) throw new NotFoundError();
  return toSurvey(item, now);
}

/**
 * PUT /v1/forms/surveys/{surveyId}: every value again, checked against the form, within 24 hours
 * of saving; afterwards 409 `survey-frozen` (spec 01 §4, §8). A change made meanwhile in another
 * tab refuses this one (`conflict`).
 */
export async function updateSurvey(
  userId: string,
  id: string,
  body: SurveyUpdate,
  now = Date.now(),
): Promise<FormSurvey> {
  const item = await findSurvey(userId, id);
  if (!item) throw new NotFoundError();
  if (!isSurveyEditable(item, now)) throw new ConflictError('survey-frozen');
  const form = await formOfSurvey(item.formId);
  checkValues(form, body.values);
  const changed = await changeSurvey(
    item,
    { ...body, reportCounts: countsOf(form, body.values), reportTexts: textsOf(form, body.values) },
    new Date(now).toISOString(),
  );
  if (!changed) {
    const again = await findSurvey(userId, id);
    throw new ConflictError(again && !isSurveyEditable(again, Date.now()) ? 'survey-frozen' : 'conflict');
  }
  await publishAfterWrite(userId, { type: 'formSurveys', action: 'updated' });
  return toSurvey(changed, now);
}

/** GET /v1/forms/surveys: the caller's surveys, of one form or all, newest first, with their count. */
export async function listSurveys(
  userId: string,
  query: SurveyFilter & { max: number; offset: number },
  now = Date.now(),
) {
  const max = Math.min(query.max, FORM_SURVEYS_MAX);
  const [count, page] = await Promise.all([
    countSurveys(userId, query),
    querySurveys(userId, query, { offset: query.offset, max }),
  ]);
  return { count, items: page.map((item) => toSurvey(item, now)), max, offset: query.offset };
}

/**
 * GET /v1/forms/available (my centre): each form entitled to the caller through their spheres and
 * sessions, once, with the places it comes from; a place is reserved when answering there needs
 * Essentials. One Query of entitlements per sphere of the caller, then the forms' summaries and
 * the sessions' subscriptions by key.
 */
export async function listAvailable(userId: string, language: Language, account?: AccountFacts) {
  const caller = await formCaller(userId, false, account);
  const entitlements = (
    await Promise.all(spheresOf(caller).map((sphereId) => entitlementsOf(sphereId)))
  ).flat();
  const placesByForm = new Map<string, Place[]>();
  for (const entitlement of entitlements) {
    const places = placesOf(entitlement, caller.facts);
    if (places.length)
      placesByForm.set(entitlement.formId, [...(placesByForm.get(entitlement.formId) ?? []), ...places]);
  }
  const [forms, sessions] = await Promise.all([
    findSummaries([...placesByForm.keys()]),
    caller.essentials
      ? Promise.resolve(new Map<string, SessionItem>())
      : sessionsById([...placesByForm.values()].flat().flatMap((p) => (p.sessionId ? [p.sessionId] : []))),
  ]);
  const items: AvailableForm[] = forms
    .filter((f) => !f.archived)
    .map((f) => {
      const summary = toSummary(f);
      const places = (placesByForm.get(f.formId) ?? []).map((p) => ({
        ...p,
        reserved: isReservedPlace(p, caller.essentials, (id) => sessions.get(id)?.subscription),
      }));
      return {
        form: {
          id: summary.id,
          title: summary.title,
          description: summary.description,
          languages: summary.languages,
          answersCount: summary.answersCount,
        },
        places,
        reserved: places.every((p) => p.reserved),
      };
    })
    .sort((a, b) =>
      textIn(a.form.title, language, a.form.languages[0]).localeCompare(
        textIn(b.form.title, language, b.form.languages[0]),
      ),
    );
  return { count: items.length, items, max: items.length, offset: 0 };
}

/**
 * POST /v1/forms/myself-reports (my forms report, spec 01 §2): my answers to a form over a period,
 * oldest first, each with the form's additional results computed. A form I never answered in the
 * period is reported only when I may read it (404 otherwise).
 */
export async function myselfReport(
  userId: string,
  body: { formId: string; start?: string | undefined; end?: string | undefined },
): Promise<FormMyselfReport> {
  const form =
    body.formId === GOAL_RANKING_FORM_ID ? goalRankingForm() : (await findStoredForm(body.formId))?.form;
  if (!form) throw new NotFoundError();
  const surveys = await surveysOfForm(userId, body.formId, body, { order: 'asc' });
  if (surveys.length === 0 && !(await mayReadDefinition(userId, body.formId))) throw new NotFoundError();
  return {
    form: {
      id: form.id,
      title: form.title,
      languages: [...form.languages],
      answers: formAnswers(form).map((a) => ({
        id: a.id,
        title: a.title,
        shortTitle: a.shortTitle,
        type: a.type,
      })),
      additionalResults: form.additionalResults.map((r) => ({
        id: r.id,
        title: r.title,
        shortTitle: r.shortTitle,
        boundaries: r.boundaries,
      })),
    },
    items: surveys.map((s) => ({
      id: s.surveyId,
      creationDate: s.creationDate,
      values: s.values as SurveyValues,
      results: computeAdditionalResults(form, s.values as SurveyValues),
    })),
    count: surveys.length,
  };
}

/**
 * GET /v1/forms/goal-rankings: each goal's ranking from the caller's latest goal-ranking survey in
 * the look-back (three years before the start of this year to the end of this year, max 1): one
 * Query of gsi1, newest first, one item.
 */
export async function goalRankings(userId: string, now = Date.now()): Promise<GoalRankings> {
  const window = goalRankingWindow(now);
  const [latest] = await surveysOfForm(userId, GOAL_RANKING_FORM_ID, window, { order: 'desc', limit: 1 });
  return {
    formId: GOAL_RANKING_FORM_ID,
    rankings: latest ? goalRankingsOf(latest.values as SurveyValues) : defaultGoalRankings(),
    ...(latest ? { surveyId: latest.surveyId, creationDate: latest.creationDate } : {}),
    ...window,
  };
}
