import { randomBytes } from 'node:crypto';
import { subject } from '@casl/ability';
import {
  FORM_EDITOR_FORMAT_VERSION,
  FORM_MEASURE_TYPES_MAX,
  FORM_TITLE_MAX_LENGTH,
  hasText,
  type Form,
  type FormCreate,
  type FormEntitlement,
  type FormEntitlementCreate,
  type FormEntitlementUpdate,
  type FormSummary,
  type FormUpdate,
  type MeasureType,
  type MeasureTypeCreate,
  type MeasureTypeUpdate,
} from '@shared/contracts/forms';
import type { FormReportEntry } from '@shared/contracts/form-reports';
import type { FormReportDefinition } from '@shared/contracts/report-definitions';
import { LANGUAGES, isLanguage, type Language } from '@shared/contracts/headers';
import type { FieldError } from '@shared/contracts/errors';
import type { AccountFacts, AppAbility } from '@shared/domain/ability';
import { goalRankingForm, GOAL_RANKING_FORM_ID } from '@shared/contracts/goal-ranking';
import { textIn } from '@shared/domain/sessions';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { formAnsweredIn, reportDefinitionsOf } from '../rollups';
import { findSession, findSessions } from '../sessions';
import { findSphere } from '../spheres';
import { formCaller, placesOfForm } from './caller';
import { copyFormLogo, withLogoUrl } from './logo';
import {
  allMeasureTypes,
  catalogue,
  entitlementsOf,
  findMeasureTypes,
  findStoredForm,
  findSummaries,
  findSummary,
  insertEntitlement,
  insertForm,
  insertMeasureType,
  removeEntitlement,
  removeMeasureType,
  replaceEntitlement,
  replaceForm,
  replaceMeasureType,
  setArchived,
  type FormDefinitionItem,
  type FormEntitlementItem,
  type MeasureTypeItem,
} from './repository';
import { copyTitle, measureTypesOf, titleMatches } from './rules';

/**
 * The forms catalogue (definitions and measure types, managed by super-admins) and the forms
 * entitled to spheres (their admins'). Surveys are in surveys.ts. Decision 0020.
 */

export function toSummary(item: FormDefinitionItem): FormSummary {
  return {
    id: item.formId,
    title: item.title,
    description: item.description ?? {},
    languages: item.languages.filter(isLanguage),
    updateDate: item.updateDate,
    editorFormatVersion: item.editorFormatVersion,
    availability: item.availability,
    isPrivate: item.isPrivate,
    archived: item.archived,
    answersCount: item.answersCount,
  };
}

/** A title as a reader sees it: their language, else the form's first one. */
function titleIn(title: FormSummary['title'], languages: readonly Language[], language: Language): string {
  return textIn(title, language, languages[0] ?? language);
}

/**
 * GET /v1/forms/definitions (spec 01 §7: list 200, `_filters` private=false and an id list). Those
 * who manage forms read the whole catalogue, the archived forms with `archived=true`; a sphere's
 * admins read the forms they may entitle: not private, not archived. By title in the reader's
 * language.
 */
export async function listDefinitions(
  ability: AppAbility | undefined,
  query: {
    filters: { private?: string[] | undefined; archived?: string[] | undefined; id?: string[] | undefined };
    q?: string | undefined;
    max: number;
    offset: number;
  },
  language: Language,
) {
  const manager = ability?.can('manage', 'form-definition') ?? false;
  const wantPrivate = query.filters.private?.[0];
  const wantArchived = manager && query.filters.archived?.[0] === 'true';
  const ids = query.filters.id ? new Set(query.filters.id) : undefined;
  const items = (await catalogue())
    .map(toSummary)
    .filter((f) => manager || !f.isPrivate)
    .filter((f) => wantPrivate === undefined || String(f.isPrivate) === wantPrivate)
    .filter((f) => f.archived === wantArchived)
    .filter((f) => !ids || ids.has(f.id))
    .filter((f) => titleMatches(f.title, query.q))
    .sort(
      (a, b) =>
        titleIn(a.title, a.languages, language).localeCompare(titleIn(b.title, b.languages, language)) ||
        a.id.localeCompare(b.id),
    );
  return {
    count: items.length,
    items: items.slice(query.offset, query.offset + query.max),
    max: query.max,
    offset: query.offset,
  };
}

/**
 * GET /v1/forms/definitions/{formId}: the form for whoever may manage forms, a sphere's admins when
 * it is not private (they choose among those), whoever it is available to (they answer it), and the
 * goal-ranking form for everyone; 404 for anyone else, so nobody learns which forms exist.
 */
export async function getDefinition(
  userId: string,
  formId: string,
  superAdminHeader: boolean,
  account?: AccountFacts,
): Promise<Form> {
  if (formId === GOAL_RANKING_FORM_ID) return goalRankingForm();
  const stored = await findStoredForm(formId);
  if (!stored) throw new NotFoundError();
  const caller = await formCaller(userId, superAdminHeader, account);
  if (caller.ability.can('get', subject('form-definition', { formId, isPrivate: stored.form.isPrivate })))
    return withLogoUrl(stored.form);
  if (!stored.form.archived && (await placesOfForm(caller, formId)).length > 0)
    return withLogoUrl(stored.form);
  throw new NotFoundError();
}

/** Whether a caller may read a form's definition (my forms report of a form never answered). */
export async function mayReadDefinition(userId: string, formId: string): Promise<boolean> {
  try {
    await getDefinition(userId, formId, false);
    return true;
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw error;
  }
}

/**
 * The measure types a form names must exist (`not-valid` on each answer naming a missing one), and
 * a form uses at most FORM_MEASURE_TYPES_MAX of them (`too-many`).
 */
async function checkMeasureTypes(form: Pick<Form, 'steps'>): Promise<void> {
  const used = measureTypesOf(form);
  if (used.length > FORM_MEASURE_TYPES_MAX)
    throw new ValidationError([
      { key: 'too-many', field: 'body.steps', values: { max: FORM_MEASURE_TYPES_MAX } },
    ]);
  if (used.length === 0) return;
  const known = new Set((await findMeasureTypes(used)).map((m) => m.measureTypeId));
  const errors: FieldError[] = [];
  form.steps.forEach((step, s) =>
    step.answers.forEach((answer, a) => {
      if (answer.measureType !== undefined && !known.has(answer.measureType))
        errors.push({ key: 'not-valid', field: `body.steps.${s}.answers.${a}.measureType` });
    }),
  );
  if (errors.length) throw new ValidationError(errors);
}

/** A form's document is one item: it stays well below DynamoDB's 400 KB (`too-many` otherwise). */
export const FORM_DOCUMENT_MAX_BYTES = 350_000;

function checkSize(form: Pick<Form, 'steps' | 'additionalResults' | 'completedPage'>): void {
  const bytes = Buffer.byteLength(
    JSON.stringify([form.steps, form.additionalResults, form.completedPage]),
    'utf8',
  );
  if (bytes > FORM_DOCUMENT_MAX_BYTES)
    throw new ValidationError([
      { key: 'too-many', field: 'body.steps', values: { max: FORM_DOCUMENT_MAX_BYTES } },
    ]);
}

/** A new form id: 12 random hex digits. */
const newFormId = () => randomBytes(6).toString('hex');

/**
 * POST /v1/forms/definitions: a new form (a title is required); an id already taken, the
 * goal-ranking form's included, is 409 `exist`. It has no logo yet: that comes by its own routes.
 */
export async function createDefinition(body: FormCreate): Promise<Form> {
  const id = body.id ?? newFormId();
  if (id === GOAL_RANKING_FORM_ID) throw new ConflictError('exist');
  checkSize(body);
  await checkMeasureTypes(body);
  const { id: _id, languages, logo: _logo, logoUrl: _logoUrl, ...fields } = body;
  const form: Form = {
    ...fields,
    id,
    languages: languages ?? LANGUAGES.filter((l) => hasText({ [l]: body.title[l] })),
    updateDate: new Date().toISOString(),
    archived: false,
  };
  return withLogoUrl((await insertForm(form)).form);
}

/** The product's own form cannot change (409 `form-frozen`). */
function notTheProductForm(formId: string): void {
  if (formId === GOAL_RANKING_FORM_ID) throw new ConflictError('form-frozen');
}

/**
 * PUT /v1/forms/definitions/{formId}: the whole form, if nobody saved it since the `updateDate` the
 * editor read (409 `conflict`). Its archive flag and its logo stay as they are.
 */
export async function updateDefinition(formId: string, body: FormUpdate): Promise<Form> {
  notTheProductForm(formId);
  const stored = await findStoredForm(formId);
  if (!stored) throw new NotFoundError();
  if (stored.summary.updateDate !== body.updateDate) throw new ConflictError('conflict');
  checkSize(body);
  await checkMeasureTypes(body);
  const { updateDate, logo: _logo, logoUrl: _logoUrl, ...fields } = body;
  const form: Form = { ...fields, id: formId, updateDate, archived: stored.form.archived };
  return withLogoUrl((await replaceForm(stored, form, updateDate)).form);
}

/**
 * POST /v1/forms/definitions/{formId}/duplicate: a copy under a new id, "(copy)" after its title,
 * not archived, with a copy of its logo (a file of its own); the goal-ranking form may be copied
 * too (the copy is an ordinary form).
 */
export async function duplicateDefinition(formId: string): Promise<Form> {
  const source = formId === GOAL_RANKING_FORM_ID ? goalRankingForm() : (await findStoredForm(formId))?.form;
  if (!source) throw new NotFoundError();
  const id = newFormId();
  const { logo: _logo, logoUrl: _logoUrl, ...fields } = source;
  const logo = await copyFormLogo(source.logo, id);
  const copy: Form = {
    ...fields,
    ...(logo !== undefined ? { logo } : {}),
    id,
    title: copyTitle(source.title, FORM_TITLE_MAX_LENGTH),
    editorFormatVersion: FORM_EDITOR_FORMAT_VERSION,
    updateDate: new Date().toISOString(),
    archived: false,
  };
  return withLogoUrl((await insertForm(copy)).form);
}

/** POST /v1/forms/definitions/{formId}/archive and /restore. */
export async function archiveDefinition(formId: string, archived: boolean): Promise<FormSummary> {
  notTheProductForm(formId);
  return toSummary(await setArchived(formId, archived));
}

// ---------------------------------------------------------------------------------------------
// Measure types
// ---------------------------------------------------------------------------------------------

function toMeasureType(item: MeasureTypeItem): MeasureType {
  return {
    id: item.measureTypeId,
    title: item.title ?? {},
    description: item.description ?? {},
    usedBy: item.usedBy,
    updatedAt: item.updatedAt,
  };
}

/** GET /v1/forms/measure-types (page 1000), by id. */
export async function listMeasureTypes(page: { max: number; offset: number }) {
  const items = (await allMeasureTypes()).map(toMeasureType);
  return { count: items.length, items: items.slice(page.offset, page.offset + page.max), ...page };
}

/** POST /v1/forms/measure-types: an id not empty and not taken (409 `exist`). */
export async function createMeasureType(body: MeasureTypeCreate): Promise<MeasureType> {
  const { id, ...fields } = body;
  return toMeasureType(await insertMeasureType(id, fields));
}

export async function updateMeasureType(
  measureTypeId: string,
  body: MeasureTypeUpdate,
): Promise<MeasureType> {
  return toMeasureType(await replaceMeasureType(measureTypeId, body));
}

/** DELETE /v1/forms/measure-types/{id}: refused with 409 `measure-type-in-use` while a form uses it. */
export async function deleteMeasureType(measureTypeId: string): Promise<undefined> {
  await removeMeasureType(measureTypeId);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Entitlements
// ---------------------------------------------------------------------------------------------

function toEntitlement(item: FormEntitlementItem, form: FormDefinitionItem | undefined): FormEntitlement {
  return {
    sphereId: item.sphereId,
    formId: item.formId,
    availabilitiesThrough: item.availabilitiesThrough,
    sessionIds: item.sessionIds ?? [],
    title: form?.title ?? {},
    archived: form?.archived ?? true,
    updateDate: item.updateDate,
  };
}

/** Entitlements with their forms' titles (one BatchGetItem of the summaries), by title. */
async function withTitles(
  items: readonly FormEntitlementItem[],
  language: Language,
): Promise<FormEntitlement[]> {
  const forms = new Map((await findSummaries(items.map((e) => e.formId))).map((f) => [f.formId, f]));
  return items
    .map((e) => toEntitlement(e, forms.get(e.formId)))
    .sort((a, b) => textIn(a.title, language, 'fr').localeCompare(textIn(b.title, language, 'fr')));
}

async function sphereOrNotFound(sphereId: string) {
  const sphere = await findSphere(sphereId);
  if (!sphere) throw new NotFoundError();
  return sphere;
}

/** GET /v1/forms/spheres/{sphereId}/entitlements: the forms entitled to the sphere, for its admins. */
export async function listSphereEntitlements(sphereId: string, language: Language) {
  const items = await withTitles(await entitlementsOf(sphereId), language);
  return { count: items.length, items, max: items.length, offset: 0 };
}

/**
 * POST /v1/forms/spheres/{sphereId}/entitlements: only a form that is not private, not archived and
 * not entitled there yet (spec 01 §5); another form is `not-valid` on `formId`, whether it exists or
 * not, and one already entitled 409 `exist`.
 */
export async function addSphereEntitlement(
  sphereId: string,
  body: FormEntitlementCreate,
): Promise<FormEntitlement> {
  await sphereOrNotFound(sphereId);
  const form = body.formId === GOAL_RANKING_FORM_ID ? null : await findSummary(body.formId);
  if (!form || form.isPrivate || form.archived)
    throw new ValidationError([{ key: 'not-valid', field: 'body.formId' }]);
  const item = await insertEntitlement(sphereId, body.formId, {
    availabilitiesThrough: body.availabilitiesThrough ?? form.availability,
    sessionIds: [],
  });
  return toEntitlement(item, form);
}

/**
 * PUT /v1/forms/spheres/{sphereId}/entitlements/{formId}: who sees the form; the body's ids are
 * those of the path (`not-valid` otherwise); its sessions are sessions of the sphere, not archived.
 */
export async function updateSphereEntitlement(
  sphereId: string,
  formId: string,
  body: FormEntitlementUpdate,
): Promise<FormEntitlement> {
  const errors: FieldError[] = [];
  if (body.sphereId !== sphereId) errors.push({ key: 'not-valid', field: 'body.sphereId' });
  if (body.formId !== formId) errors.push({ key: 'not-valid', field: 'body.formId' });
  if (errors.length) throw new ValidationError(errors);
  if (body.sessionIds.length > 0) {
    const found = new Map((await findSessions(body.sessionIds)).map((s) => [s.sessionId, s]));
    body.sessionIds.forEach((id, index) => {
      const session = found.get(id);
      if (!session || session.sphereId !== sphereId || session.archived)
        errors.push({ key: 'not-valid', field: `body.sessionIds.${index}` });
    });
    if (errors.length) throw new ValidationError(errors);
  }
  const item = await replaceEntitlement(sphereId, formId, {
    availabilitiesThrough: body.availabilitiesThrough,
    sessionIds: body.availabilitiesThrough === 'sessionMember' ? [...body.sessionIds] : [],
  });
  const [form] = await findSummaries([formId]);
  return toEntitlement(item, form);
}

/** DELETE /v1/forms/spheres/{sphereId}/entitlements/{formId}: the form is no longer offered there. */
export async function deleteSphereEntitlement(sphereId: string, formId: string): Promise<undefined> {
  await removeEntitlement(sphereId, formId);
  return undefined;
}

/**
 * GET /v1/forms/sessions/{sessionId}/entitlements: the sphere's entitlements that reach the
 * session's members: those for every member of the sphere and those naming the session.
 */
export async function listSessionEntitlements(sessionId: string, language: Language) {
  const session = await findSession(sessionId);
  if (!session) throw new NotFoundError();
  const items = await sessionEntitlements(session, language);
  return { count: items.length, items, max: items.length, offset: 0 };
}

/** The entitlements of a session's sphere that reach its members, with their titles. */
async function sessionEntitlements(
  session: { sessionId: string; sphereId: string },
  language: Language,
): Promise<FormEntitlement[]> {
  const reaching = (await entitlementsOf(session.sphereId)).filter(
    (e) =>
      e.availabilitiesThrough === 'sphereMember' ||
      (e.availabilitiesThrough === 'sessionMember' && (e.sessionIds ?? []).includes(session.sessionId)),
  );
  return withTitles(reaching, language);
}

/**
 * GET /v1/forms/report-definitions/{formId} (decision 0038): the form's report definition, for
 * whoever may read the form (the same rule, the same 404 for anyone else).
 */
export async function getReportDefinition(
  userId: string,
  formId: string,
  superAdminHeader: boolean,
): Promise<FormReportDefinition> {
  await getDefinition(userId, formId, superAdminHeader);
  const definition = (await reportDefinitionsOf([formId])).get(formId);
  if (!definition) throw new NotFoundError();
  return definition;
}

/**
 * The entitled forms a place's reports may show: those with a report definition whose surveys were
 * counted in the place (a custom report's data shot accepts no other, decision 0038), by title.
 */
async function formReportsOf(
  entitlements: readonly FormEntitlement[],
  place: { sphereId: string; sessionId?: string },
): Promise<{ forms: FormReportEntry[] }> {
  const [definitions, answered] = await Promise.all([
    reportDefinitionsOf(entitlements.map((e) => e.formId)),
    Promise.all(entitlements.map((e) => formAnsweredIn(place, e.formId))),
  ]);
  return {
    forms: entitlements.flatMap((e, i): FormReportEntry[] => {
      const definition = definitions.get(e.formId);
      if (!definition || !answered[i]) return [];
      return [
        {
          formId: e.formId,
          title: definition.title,
          languages: definition.languages,
          questions: definition.questions.length,
          results: definition.results.length,
        },
      ];
    }),
  };
}

/** GET /v1/forms/reports/spheres/{sphereId}: the questionnaires the sphere's reports may show. */
export async function listSphereFormReports(sphereId: string, language: Language) {
  return formReportsOf((await listSphereEntitlements(sphereId, language)).items, { sphereId });
}

/** GET /v1/forms/reports/sessions/{sessionId}: those the group's reports may show (the forms it has). */
export async function listSessionFormReports(sessionId: string, language: Language) {
  const session = await findSession(sessionId);
  if (!session) throw new NotFoundError();
  return formReportsOf(await sessionEntitlements(session, language), {
    sphereId: session.sphereId,
    sessionId,
  });
}
