import { randomBytes } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { TransactWriteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Form, SurveyValues } from '@shared/contracts/forms';
import { isLanguage } from '@shared/contracts/headers';
import { compactInstant, surveyId } from '@shared/domain/form-surveys';
import { dayOf } from '@shared/domain/time-zones';
import { computeAdditionalResults, formAnswers } from '@shared/domain/forms';
import { surveyCounts, type Counts } from '@shared/domain/report-rollups';
import { documentClient } from '../lib/aws';
import { countMatching, deleteOnce, getMany, putAll, sparse } from '../lib/db';
import { failedConditions, isConditionFailure } from '../lib/conditions';
import { ConflictError, NotFoundError } from '../lib/errors';
import type { FormContentEntity } from './entities/form-content';
import type { FormDefinitionEntity } from './entities/form-definition';
import type { FormEntitlementEntity } from './entities/form-entitlement';
import type { FormSurveyEntity } from './entities/form-survey';
import type { MeasureTypeEntity } from './entities/measure-type';
import {
  contributionsOf,
  importThenRoll,
  keepReportDefinitions,
  keptTexts,
  rollupItems,
  type RolledAnswer,
  type ScopedContribution,
  type TransactItem,
} from '../rollups';
import { reportDefinitionOf } from './report-definition';
import { measureTypesOf, usageChanges } from './rules';
import { formsDb as db } from './store';

export type FormDefinitionItem = EntityItem<typeof FormDefinitionEntity>;
type FormContentItem = EntityItem<typeof FormContentEntity>;
export type MeasureTypeItem = EntityItem<typeof MeasureTypeEntity>;
export type FormEntitlementItem = EntityItem<typeof FormEntitlementEntity>;
export type FormSurveyItem = EntityItem<typeof FormSurveyEntity>;
export type NewSurvey = Omit<FormSurveyItem, 'surveyId' | 'updateDate'>;

/** What a form's document holds (the rest of the form is its summary, and its logo). */
type FormDocument = Pick<Form, 'steps' | 'additionalResults' | 'completedPage'>;

/** A form's summary and document, read together. */
export interface StoredForm {
  summary: FormDefinitionItem;
  form: Form;
}

function documentOf(form: Form): string {
  const document: FormDocument = {
    steps: form.steps,
    additionalResults: form.additionalResults,
    completedPage: form.completedPage,
  };
  return JSON.stringify(document);
}

/** The summary fields of a form (all but its id and dates). */
function summaryOf(form: Form) {
  return {
    title: form.title,
    description: form.description,
    languages: [...form.languages],
    editorFormatVersion: form.editorFormatVersion,
    availability: form.availability,
    isPrivate: form.isPrivate,
    archived: form.archived,
    answersCount: formAnswers(form).length,
    measureTypes: measureTypesOf(form),
  };
}

function formOf(summary: FormDefinitionItem, content: FormContentItem): Form {
  const parsed = JSON.parse(content.document) as FormDocument;
  return {
    id: summary.formId,
    title: summary.title,
    description: summary.description ?? {},
    languages: summary.languages.filter(isLanguage),
    updateDate: summary.updateDate,
    editorFormatVersion: summary.editorFormatVersion,
    availability: summary.availability,
    isPrivate: summary.isPrivate,
    archived: summary.archived,
    ...(content.logo !== undefined ? { logo: content.logo } : {}),
    steps: parsed.steps,
    additionalResults: parsed.additionalResults,
    completedPage: parsed.completedPage,
  };
}

// ---------------------------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------------------------

/** The catalogue: every form's summary, one Query of gsi1 (the documents are not read). */
export async function catalogue(): Promise<FormDefinitionItem[]> {
  const { data } = await db().entities.formDefinition.query.catalogue({}).go({ pages: 'all' });
  return data;
}

/** Summaries of forms by id, missing ones left out (one BatchGetItem). */
export async function findSummaries(formIds: readonly string[]): Promise<FormDefinitionItem[]> {
  return getMany(
    db().entities.formDefinition,
    formIds.map((formId) => ({ formId })),
  );
}

/** A form's summary alone (GetItem). */
export async function findSummary(formId: string): Promise<FormDefinitionItem | null> {
  const { data } = await db().entities.formDefinition.get({ formId }).go({ consistent: true });
  return data;
}

/** A form, its summary and its document: one Query of its partition (collection `form`). */
export async function findStoredForm(formId: string): Promise<StoredForm | null> {
  const { data } = await db().collections.form({ formId }).go({ consistent: true });
  const [summary] = data.formDefinition;
  const [content] = data.formContent;
  return summary && content ? { summary, form: formOf(summary, content) } : null;
}

/** The measure types of these ids that exist (one BatchGetItem). */
export async function findMeasureTypes(ids: readonly string[]): Promise<MeasureTypeItem[]> {
  return getMany(
    db().entities.measureType,
    ids.map((measureTypeId) => ({ measureTypeId })),
  );
}

type Writers = Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0];

/** The usage moves of a save: +1 on each type it starts using, −1 on each it stops using. */
function usageWrites(writers: Writers, before: readonly string[], after: readonly string[]) {
  const { added, removed } = usageChanges(before, after);
  return [
    ...added.map((measureTypeId) =>
      writers.measureType
        .update({ measureTypeId })
        .add({ usedBy: 1 })
        .where(({ measureTypeId: id }, { exists }) => exists(id))
        .commit(),
    ),
    ...removed.map((measureTypeId) =>
      writers.measureType
        .update({ measureTypeId })
        .subtract({ usedBy: 1 })
        .where(({ measureTypeId: id }, { exists }) => exists(id))
        .commit(),
    ),
  ];
}

/**
 * Writes a new form (its summary, its document, its logo if it has one, and the usage of its
 * measure types) in one transaction: an id already taken gives `exist`; a measure type deleted
 * meanwhile `conflict`.
 */
export async function insertForm(form: Form): Promise<StoredForm> {
  const summary = summaryOf(form);
  const result = await db()
    .transaction.write((writers) => [
      writers.formDefinition.create({ formId: form.id, ...summary }).commit(),
      writers.formContent
        .create({
          formId: form.id,
          document: documentOf(form),
          ...(form.logo !== undefined ? { logo: form.logo } : {}),
        })
        .commit(),
      ...usageWrites(writers, [], summary.measureTypes),
    ])
    .go();
  if (result.canceled) {
    if (result.data[0]?.rejected) throw new ConflictError('exist');
    throw new ConflictError('conflict');
  }
  const created = await findStoredForm(form.id);
  if (!created) throw new Error(`Form ${form.id} was written but cannot be read`);
  // What its reports are drawn from (decision 0038), kept by the reports domain.
  await keepReportDefinitions([reportDefinitionOf(created.form)]);
  return created;
}

/**
 * Replaces a form if nobody saved it since `updateDate` (`conflict`), with the usage of the
 * measure types it starts or stops using, in one transaction. Its logo is not the document's: it
 * stays as the logo routes left it, even one confirmed while the editor was open.
 */
export async function replaceForm(before: StoredForm, form: Form, updateDate: string): Promise<StoredForm> {
  const summary = summaryOf(form);
  const { formId } = before.summary;
  const result = await db()
    .transaction.write((writers) => [
      writers.formDefinition
        .patch({ formId })
        .set(summary)
        .where(({ updateDate: current }, { eq }) => eq(current, updateDate))
        .commit(),
      writers.formContent
        .patch({ formId })
        .set({ document: documentOf(form) })
        .commit(),
      ...usageWrites(writers, before.summary.measureTypes ?? [], summary.measureTypes),
    ])
    .go();
  if (result.canceled) throw new ConflictError('conflict');
  const saved = await findStoredForm(formId);
  if (!saved) throw new Error(`Form ${formId} was saved but cannot be read`);
  await keepReportDefinitions([reportDefinitionOf(saved.form)]);
  return saved;
}

/** Archives or restores a form (404 when there is none). */
export async function setArchived(formId: string, archived: boolean): Promise<FormDefinitionItem> {
  try {
    const { data } = await db()
      .entities.formDefinition.patch({ formId })
      .set({ archived })
      .go({ response: 'all_new' });
    return data as FormDefinitionItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError({ cause: error });
    throw error;
  }
}

/**
 * Sets (or, with undefined, removes) a form's logo if it is still `expected` (undefined: none);
 * false when the form is gone or its logo changed meanwhile. Only the document item's `logo`
 * attribute is written: the summary's `updateDate`, the editor's concurrency token, does not move,
 * so a logo chosen in the editor neither drops its unsaved edits nor makes its next save a conflict.
 */
export async function writeFormLogo(
  formId: string,
  logo: string | undefined,
  expected: string | undefined,
): Promise<boolean> {
  const item = db().entities.formContent.patch({ formId });
  const changed = logo === undefined ? item.remove(['logo']) : item.set({ logo });
  try {
    await changed
      .where(({ logo: current }, { eq, notExists }) =>
        expected === undefined ? notExists(current) : eq(current, expected),
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Measure types
// ---------------------------------------------------------------------------------------------

export type MeasureTypeFields = Pick<MeasureTypeItem, 'title' | 'description'>;

/** The whole catalogue of measure types, by id: one Query on its partition. */
export async function allMeasureTypes(): Promise<MeasureTypeItem[]> {
  const { data } = await db().entities.measureType.query.all({}).go({ pages: 'all' });
  return data;
}

/** A new measure type; an id already taken is refused (`exist`), even when two admins race. */
export async function insertMeasureType(
  measureTypeId: string,
  fields: MeasureTypeFields,
): Promise<MeasureTypeItem> {
  try {
    const { data } = await db()
      .entities.measureType.create({ measureTypeId, ...fields })
      .go();
    return data;
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('exist', { cause: error });
    throw error;
  }
}

/** Changes a measure type's texts; a missing one is not created (404). */
export async function replaceMeasureType(
  measureTypeId: string,
  fields: MeasureTypeFields,
): Promise<MeasureTypeItem> {
  try {
    const { data } = await db()
      .entities.measureType.patch({ measureTypeId })
      .set(fields)
      .go({ response: 'all_new' });
    return data as MeasureTypeItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError({ cause: error });
    throw error;
  }
}

/**
 * Deletes a measure type no form uses: 404 when there is none, 409 `measure-type-in-use` while a
 * form uses it. The condition on `usedBy` closes the race with a form saved meanwhile.
 */
export async function removeMeasureType(measureTypeId: string): Promise<void> {
  try {
    await db()
      .entities.measureType.delete({ measureTypeId })
      .where(({ usedBy }, { eq }) => eq(usedBy, 0))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { data } = await db().entities.measureType.get({ measureTypeId }).go({ consistent: true });
    if (!data) throw new NotFoundError({ cause: error });
    throw new ConflictError('measure-type-in-use', { cause: error });
  }
}

// ---------------------------------------------------------------------------------------------
// Entitlements
// ---------------------------------------------------------------------------------------------

export type EntitlementFields = Pick<FormEntitlementItem, 'availabilitiesThrough' | 'sessionIds'>;

/** A sphere's entitlements: one Query of its partition. */
export async function entitlementsOf(sphereId: string): Promise<FormEntitlementItem[]> {
  const { data } = await db().entities.formEntitlement.query.bySphere({ sphereId }).go({ pages: 'all' });
  return data;
}

/** Entitlements by sphere and form, missing ones left out (one BatchGetItem). */
export async function findEntitlements(
  keys: readonly { sphereId: string; formId: string }[],
): Promise<FormEntitlementItem[]> {
  return getMany(db().entities.formEntitlement, keys);
}

/**
 * Which of `formIds` are entitled to the sphere (a campaign's questionnaires, a link's form step):
 * one BatchGetItem of those entitlements. A form entitled only elsewhere is absent, as one that
 * exists nowhere.
 */
export async function formsEntitledTo(sphereId: string, formIds: readonly string[]): Promise<Set<string>> {
  const found = await findEntitlements(formIds.map((formId) => ({ sphereId, formId })));
  return new Set(found.map((e) => e.formId));
}

/** A form entitled to a sphere; one already entitled there is refused (`exist`). */
export async function insertEntitlement(
  sphereId: string,
  formId: string,
  fields: EntitlementFields,
): Promise<FormEntitlementItem> {
  try {
    const { data } = await db()
      .entities.formEntitlement.create({ sphereId, formId, ...fields })
      .go();
    return data;
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('exist', { cause: error });
    throw error;
  }
}

/** Changes who sees an entitled form; an entitlement removed meanwhile is not made again (404). */
export async function replaceEntitlement(
  sphereId: string,
  formId: string,
  fields: EntitlementFields,
): Promise<FormEntitlementItem> {
  try {
    const { data } = await db()
      .entities.formEntitlement.patch({ sphereId, formId })
      .set(fields)
      .go({ response: 'all_new' });
    return data as FormEntitlementItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError({ cause: error });
    throw error;
  }
}

export async function removeEntitlement(sphereId: string, formId: string): Promise<void> {
  try {
    await db()
      .entities.formEntitlement.delete({ sphereId, formId })
      .where(({ formId: id }, { exists }) => exists(id))
      .go();
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError({ cause: error });
    throw error;
  }
}

/** Attempts at taking a session out of one entitlement that an admin changes at the same time. */
const ENTITLEMENT_ATTEMPTS = 3;

/**
 * Takes a deleted session out of the entitlements of its sphere that name it: one Query of the
 * sphere's partition, then one UpdateItem per such entitlement under the `updateDate` read. An
 * entitlement changed meanwhile is read again and tried again; one removed meanwhile is left gone.
 * An entitlement left with no session reaches nobody until its admins change it.
 */
export async function removeSessionFromEntitlements(sphereId: string, sessionId: string): Promise<void> {
  const naming = (await entitlementsOf(sphereId)).filter((e) => e.sessionIds.includes(sessionId));
  await Promise.all(naming.map((e) => withoutSession(e, sessionId)));
}

async function withoutSession(read: FormEntitlementItem, sessionId: string, attempt = 1): Promise<void> {
  const key = { sphereId: read.sphereId, formId: read.formId };
  try {
    await db()
      .entities.formEntitlement.patch(key)
      .set({ sessionIds: read.sessionIds.filter((id) => id !== sessionId) })
      .where(({ updateDate }, { eq }) => eq(updateDate, read.updateDate))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error) || attempt >= ENTITLEMENT_ATTEMPTS) throw error;
    const { data: again } = await db().entities.formEntitlement.get(key).go({ consistent: true });
    if (again?.sessionIds.includes(sessionId)) await withoutSession(again, sessionId, attempt + 1);
  }
}

// ---------------------------------------------------------------------------------------------
// Surveys
// ---------------------------------------------------------------------------------------------

/** What a survey's values add to its form's report rollups: numbers, choices and additional results. */
export function countsOf(form: Form, values: SurveyValues): Counts {
  return surveyCounts(formAnswers(form), values, computeAdditionalResults(form, values));
}

/**
 * The free texts a survey keeps in its form's report rollups (decision 0033): each text answer
 * (`text` questions; dates are not texts), trimmed, when not empty.
 */
export function textsOf(form: Form, values: SurveyValues): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const answer of formAnswers(form)) {
    const value = values[answer.id];
    if (answer.type === 'text' && typeof value === 'string' && value.trim()) texts[answer.id] = value.trim();
  }
  return texts;
}

/** A survey's item, in index gsi2 only when given in a sphere. */
const sparseSurvey = <T extends Record<string, unknown>>(item: T) =>
  sparse(item, 'gsi2', item.sphereId !== undefined);

/**
 * A survey as its sphere's report rollups count it (decision 0033), with the texts it keeps there
 * (`reportTexts`, under keys drawn from its id); null when it counts in none.
 */
export function rolledSurvey(survey: NewSurvey & { surveyId: string }): RolledAnswer | null {
  if (survey.sphereId === undefined || survey.reportCounts === undefined) return null;
  const texts =
    survey.reportTexts === undefined
      ? undefined
      : keptTexts(survey.surveyId, survey.reportTexts as Record<string, string>);
  return {
    source: `form:${survey.formId}`,
    sphereId: survey.sphereId,
    sessionId: survey.sessionId,
    userId: survey.userId,
    day: dayOf(survey.creationDate, survey.locale),
    tagIds: [...survey.tagIds].sort(),
    counts: survey.reportCounts as Counts,
    ...(texts ? { texts } : {}),
  };
}

/** The rollup items of some surveys added (+1) or taken away (−1). */
async function rollupsOf(changes: readonly { survey: NewSurvey & { surveyId: string }; sign: 1 | -1 }[]) {
  const rolled = changes.flatMap(({ survey, sign }) => {
    const answer = rolledSurvey(survey);
    return answer ? [{ answer, sign }] : [];
  });
  return rolled.length ? rollupItems(rolled) : [];
}

/** A new survey under a fresh time-ordered id (never over another), with its share of the rollups. */
export async function insertSurvey(survey: NewSurvey): Promise<FormSurveyItem> {
  const id = surveyId(survey.creationDate, randomBytes(4).toString('hex'));
  const put = db()
    .entities.formSurvey.create({ ...survey, surveyId: id })
    .params() as NonNullable<TransactItem['Put']>;
  const rollups = await rollupsOf([{ survey: { ...survey, surveyId: id }, sign: 1 }]);
  const item = sparseSurvey(put.Item as Record<string, unknown>);
  await documentClient().send(
    new TransactWriteCommand({ TransactItems: [{ Put: { ...put, Item: item } }, ...rollups] }),
  );
  // The item as written is the item stored (the Put's condition: no survey had that id): read back
  // from what was sent rather than from the table.
  const stored = db().entities.formSurvey.parse({ Item: item }).data;
  if (!stored) throw new Error(`Survey ${id} was written but cannot be read back`);
  return stored;
}

export async function findSurvey(userId: string, id: string): Promise<FormSurveyItem | null> {
  const { data } = await db().entities.formSurvey.get({ userId, surveyId: id }).go({ consistent: true });
  return data;
}

/**
 * Changes a survey read at `read.updateDate` while it is before its freeze date; null when another
 * tab changed it meanwhile or the window closed (the caller reads it again to say which). Its
 * rollups move from the counts and texts it added to `changes.reportCounts` and
 * `changes.reportTexts`, in the same transaction.
 */
export async function changeSurvey(
  read: FormSurveyItem,
  changes: {
    values: SurveyValues;
    locale?: string | undefined;
    reportCounts?: Counts | undefined;
    reportTexts?: Record<string, string> | undefined;
  },
  now: string,
): Promise<FormSurveyItem | null> {
  const counted = read.reportCounts !== undefined;
  const set = {
    values: changes.values,
    ...(changes.locale !== undefined ? { locale: changes.locale } : {}),
    ...(counted && changes.reportCounts !== undefined ? { reportCounts: changes.reportCounts } : {}),
    ...(counted && changes.reportTexts !== undefined ? { reportTexts: changes.reportTexts } : {}),
  };
  const { ReturnValues: _ignored, ...update } = db()
    .entities.formSurvey.patch({ userId: read.userId, surveyId: read.surveyId })
    .set(set)
    .where(
      ({ updateDate, freezeDate }, { eq, gt }) =>
        `${eq(updateDate, read.updateDate)} AND ${gt(freezeDate, now)}`,
    )
    .params() as Record<string, unknown>;
  const rollups = await rollupsOf([
    { survey: read, sign: -1 },
    { survey: { ...read, ...set }, sign: 1 },
  ]);
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [{ Update: update as NonNullable<TransactItem['Update']> }, ...rollups],
      }),
    );
  } catch (error) {
    if (failedConditions(error)?.[0]) return null;
    throw error;
  }
  return findSurvey(read.userId, read.surveyId);
}

export interface SurveyFilter {
  formId?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
}

/** The bounds of a period on a creation date (`~` sorts after every date). */
function bounds(filter: Pick<SurveyFilter, 'start' | 'end'>) {
  return {
    low: filter.start ? new Date(filter.start).toISOString() : '0',
    high: filter.end ? `${new Date(filter.end).toISOString()}~` : '~',
  };
}

/** One form's surveys of a person (gsi1), or all of them (their partition, by time-ordered id). */
function surveysQuery(userId: string, filter: SurveyFilter) {
  const { low, high } = bounds(filter);
  if (filter.formId !== undefined)
    return db()
      .entities.formSurvey.query.byForm({ userId, formId: filter.formId })
      .between({ creationDate: low }, { creationDate: high });
  // A survey's id begins with its creation instant, compact.
  return db()
    .entities.formSurvey.query.byUser({ userId })
    .between({ surveyId: compactInstant(low) }, { surveyId: compactInstant(high) });
}

/** A person's surveys in a period, newest first, read only as far as the page. */
export async function querySurveys(
  userId: string,
  filter: SurveyFilter,
  page: { offset: number; max: number },
): Promise<FormSurveyItem[]> {
  const { data } = await surveysQuery(userId, filter).go({
    order: 'desc',
    pages: 'all',
    count: page.offset + page.max,
    limit: page.offset + page.max,
  });
  return data.slice(page.offset, page.offset + page.max);
}

export function countSurveys(userId: string, filter: SurveyFilter): Promise<number> {
  return countMatching(surveysQuery(userId, filter).params() as QueryCommandInput);
}

/** A person's surveys of one form in a period, oldest first (a report), or the newest `limit`. */
export async function surveysOfForm(
  userId: string,
  formId: string,
  period: Pick<SurveyFilter, 'start' | 'end'>,
  options: { order: 'asc' | 'desc'; limit?: number },
): Promise<FormSurveyItem[]> {
  const { data } = await surveysQuery(userId, { formId, ...period }).go({
    order: options.order,
    ...(options.limit !== undefined ? { count: options.limit, limit: options.limit } : { pages: 'all' }),
  });
  return data;
}

/** Every survey of a person (export and erasure): one Query on their partition. */
export async function allSurveys(userId: string): Promise<FormSurveyItem[]> {
  const { data } = await db().entities.formSurvey.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

// ---------------------------------------------------------------------------------------------
// Demo data (the local stack)
// ---------------------------------------------------------------------------------------------

/** Writes forms the catalogue does not hold yet (the local stack's questionnaires); a form kept as it is. */
export async function importForms(forms: readonly Form[]): Promise<number> {
  const existing = new Set((await findSummaries(forms.map((f) => f.id))).map((s) => s.formId));
  const missing = forms.filter((f) => !existing.has(f.id));
  for (const form of missing) await insertForm(form);
  // A local stack seeded before report definitions were kept gets them for the forms it holds.
  const kept = forms.filter((f) => existing.has(f.id));
  const stored = await Promise.all(kept.map((f) => findStoredForm(f.id)));
  await keepReportDefinitions(stored.flatMap((s) => (s ? [reportDefinitionOf(s.form)] : [])));
  return missing.length;
}

/** Entitles forms to a sphere where they are not yet (demo data). */
export async function importEntitlements(
  sphereId: string,
  entitlements: readonly ({ formId: string } & EntitlementFields)[],
): Promise<number> {
  const existing = new Set((await entitlementsOf(sphereId)).map((e) => e.formId));
  const missing = entitlements.filter((e) => !existing.has(e.formId));
  for (const { formId, ...fields } of missing) await insertEntitlement(sphereId, formId, fields);
  return missing.length;
}

/** Writes a person's surveys of a form they have not answered yet (demo data), then their share of the rollups. */
export async function importSurveys(
  userId: string,
  formId: string,
  surveys: readonly Omit<NewSurvey, 'userId' | 'formId'>[],
): Promise<number> {
  return importManySurveys([{ userId, formId, surveys }]);
}

/**
 * Imports the surveys of many people (demo data), each as `importSurveys` does, then their share of
 * the rollups in one pass (a sphere's week is one write for all of them).
 */
export async function importManySurveys(
  people: readonly {
    userId: string;
    formId: string;
    surveys: readonly Omit<NewSurvey, 'userId' | 'formId'>[];
  }[],
): Promise<number> {
  return importThenRoll(people, ({ userId, formId, surveys }) =>
    importWithoutRollups(userId, formId, surveys),
  );
}

async function importWithoutRollups(
  userId: string,
  formId: string,
  surveys: readonly Omit<NewSurvey, 'userId' | 'formId'>[],
): Promise<{ count: number; contributions: ScopedContribution[] }> {
  const { data: existing } = await db().entities.formSurvey.query.byForm({ userId, formId }).go({ limit: 1 });
  if (existing.length > 0) return { count: 0, contributions: [] };
  // Given in a sphere, a survey counts in its reports as a survey saved there does.
  const form = surveys.some((s) => s.sphereId !== undefined)
    ? (await findStoredForm(formId))?.form
    : undefined;
  const items = surveys.map((s) => ({
    ...s,
    ...(form && s.sphereId !== undefined && s.reportCounts === undefined
      ? { reportCounts: countsOf(form, s.values as SurveyValues) }
      : {}),
    ...(form && s.sphereId !== undefined && s.reportCounts === undefined && s.reportTexts === undefined
      ? { reportTexts: textsOf(form, s.values as SurveyValues) }
      : {}),
    userId,
    formId,
    surveyId: surveyId(s.creationDate, randomBytes(4).toString('hex')),
  }));
  const { TableName } = db().entities.formSurvey.get({ userId, surveyId: '-' }).params();
  await putAll(
    TableName as string,
    items.map((item) => sparseSurvey(db().entities.formSurvey.create(item).params().Item)),
    'surveys',
  );
  const answers = items.map(rolledSurvey).filter((a): a is RolledAnswer => a !== null);
  const contributions = (await Promise.all(answers.map((answer) => contributionsOf(answer)))).flat();
  return { count: items.length, contributions };
}

/** Every survey of a form given in a sphere (gsi2): what its report rollups are built from. */
export async function surveysOfSphere(sphereId: string, formId: string): Promise<FormSurveyItem[]> {
  const { data } = await db().entities.formSurvey.query.bySphere({ sphereId, formId }).go({ pages: 'all' });
  return data;
}

/**
 * Erases a user's surveys (they leave the product); one counted in report rollups goes in a
 * transaction that takes its share away, on the condition that it is still there.
 */
export async function eraseSurveys(items: readonly FormSurveyItem[]): Promise<void> {
  for (const survey of items) {
    const rollups = await rollupsOf([{ survey, sign: -1 }]);
    await deleteOnce(
      db().entities.formSurvey.delete({ userId: survey.userId, surveyId: survey.surveyId }).params(),
      rollups,
    );
  }
}
