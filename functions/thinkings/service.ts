import type {
  Axis,
  AxisCreate,
  AxisUpdate,
  Thinking,
  ThinkingAnswer,
  ThinkingCreate,
  ThinkingUpdate,
} from '../../shared/contracts/thinkings';
import { THINKINGS_MAX } from '../../shared/contracts/thinkings';
import type { Language } from '../../shared/contracts/headers';
import {
  AXIS_MODULES,
  MYSELF_CONTEXT,
  isBlankThinking,
  isThinkingEditable,
  thinkingAnswersProblem,
  thinkingFreezeDate,
  type AxisModule,
} from '../../shared/domain/thinkings';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/errors';
import { publishAfterWrite } from '../realtime';
import {
  allAxes,
  changeThinking,
  countThinkings,
  findAxis,
  findThinking,
  insertAxis,
  insertThinking,
  queryThinkings,
  removeAxis,
  replaceAxis,
  type AxisFields,
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
    geoPoint: item.geoPoint,
    ...(item.locale !== undefined ? { locale: item.locale } : {}),
    creationDate: item.creationDate,
    updateDate: item.updateDate,
    freezeDate: item.freezeDate,
    isBlank: isBlankThinking({ axes: item.axes ?? [] }),
    editable: isThinkingEditable(item, now),
  };
}

/** The answers checked against the axes a personal thinking asks (the catalogue's `myself` axes). */
async function checkAnswers(answers: readonly ThinkingAnswer[]): Promise<ThinkingAnswer[]> {
  const offered = new Map(
    (await allAxes()).filter((a) => a.modules.includes(MYSELF_CONTEXT)).map((a) => [a.axisId, a]),
  );
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

/** POST /v1/thinkings: a personal thinking, editable for an hour. */
export async function createThinking(
  userId: string,
  body: ThinkingCreate,
  now = Date.now(),
): Promise<Thinking> {
  const axes = await checkAnswers(body.axes);
  const creationDate = new Date(now).toISOString();
  const item = await insertThinking(MYSELF_CONTEXT, {
    userId,
    axes,
    ...(body.category !== undefined ? { category: body.category } : {}),
    geoPoint: body.geoPoint,
    ...(body.locale !== undefined ? { locale: body.locale } : {}),
    creationDate,
    freezeDate: thinkingFreezeDate(now),
  });
  await publishAfterWrite(userId, { type: 'thinkings', action: 'created' });
  return toThinking(item, now);
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
  const axes = await checkAnswers(body.axes);
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
