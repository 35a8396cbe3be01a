import { LANGUAGES } from '@shared/contracts/headers';
import {
  SphereContextCreateSchema,
  type SphereContext,
  type SphereContextCreate,
  type SphereContextCreateInput,
  type SphereContextUpdate,
} from '@shared/contracts/sphere-contexts';
import {
  activeContext,
  CONTEXT_OVERRIDE_KEYS,
  SPHERE_CONTEXTS_MAX,
  type Substitution,
  type TextPerLanguage,
} from '@shared/domain/sphere-contexts';
import { inheritedContext } from '@shared/domain/galaxies';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import {
  contextsOf,
  findContext,
  insertContext,
  removeContext,
  replaceContext,
  type ContextFields,
  type ContextWrite,
  type SphereContextItem,
} from './contexts-repository';
import { findSphere } from './repository';

/**
 * Contexts of a sphere (spec 01 §3 Sphere context, §7 `/spheres/{id}/contexts`): named sets of the
 * sphere's words (substitutions) and texts (overrides) for its members' texts, at most one active
 * (docs/decisions/0017-sphere-contexts.md). The members read them; its admins write them.
 */

/** A text per language without its blank languages. */
function filled(text: TextPerLanguage | undefined): TextPerLanguage {
  return Object.fromEntries(
    LANGUAGES.flatMap((l) => {
      const value = text?.[l]?.trim();
      return value ? [[l, value]] : [];
    }),
  );
}

/** The pairs per language, without the languages that have none. */
function pairsOf(substitutions: SphereContextCreate['substitutions']): ContextFields['substitutions'] {
  return Object.fromEntries(
    LANGUAGES.flatMap((l) => {
      const pairs: Substitution[] = (substitutions[l] ?? []).map(({ from, to }) => ({ from, to }));
      return pairs.length ? [[l, pairs]] : [];
    }),
  );
}

/** The override texts, without the keys that say nothing in any language. */
function overridesOf(overrides: SphereContextCreate['overrides']): ContextFields['overrides'] {
  return Object.fromEntries(
    CONTEXT_OVERRIDE_KEYS.flatMap((key) => {
      const text = filled(overrides[key]);
      return Object.keys(text).length ? [[key, text]] : [];
    }),
  );
}

/** The texts of a context as stored, in the shape the contracts answer (a galaxy's context too). */
export function contextTexts(
  item: Pick<SphereContextItem, 'name' | 'description' | 'substitutions' | 'overrides'>,
) {
  return {
    name: filled(item.name),
    description: filled(item.description),
    substitutions: Object.fromEntries(
      LANGUAGES.flatMap((l) => {
        const pairs = item.substitutions[l];
        return pairs?.length ? [[l, pairs.map(({ from, to }) => ({ from, to }))]] : [];
      }),
    ) as SphereContext['substitutions'],
    overrides: overridesOf(item.overrides),
  };
}

/** What is stored of a context's body: blank texts and empty lists left out (a galaxy's too). */
export function storedContextTexts(
  body: Pick<SphereContextCreate, 'name' | 'description' | 'substitutions' | 'overrides'>,
) {
  return {
    name: filled(body.name),
    description: filled(body.description),
    substitutions: pairsOf(body.substitutions),
    overrides: overridesOf(body.overrides),
  };
}

export function toSphereContext(item: SphereContextItem): SphereContext {
  return {
    id: item.contextId,
    ...contextTexts(item),
    active: item.active,
    createdAt: item.createdAt,
    updateDate: item.updatedAt,
  };
}

/** The active one first, then in the order they were created. */
const byActiveThenCreated = (a: SphereContextItem, b: SphereContextItem) =>
  Number(b.active) - Number(a.active) || a.createdAt.localeCompare(b.createdAt);

/**
 * What is stored of a body: blank texts and empty lists left out. The name is required in the
 * sphere's primary language (spec 01 §5, as a tag's), 404 for a sphere that does not exist.
 */
async function fieldsFor(sphereId: string, body: SphereContextCreate): Promise<ContextFields> {
  const sphere = await findSphere(sphereId);
  if (!sphere) throw new NotFoundError();
  const primary = sphere.languages.primary;
  const texts = storedContextTexts(body);
  if (!texts.name[primary]) throw new ValidationError([{ key: 'required', field: `body.name.${primary}` }]);
  return { ...texts, active: body.active };
}

/** The answer of a conditional write: 404 for a context gone, 409 `conflict` for one changed since read. */
function outcome(write: ContextWrite): SphereContext {
  if (write.outcome === 'missing') throw new NotFoundError();
  if (write.outcome === 'changed') throw new ConflictError('conflict');
  return toSphereContext(write.context);
}

/**
 * GET /v1/spheres/{id}/contexts: one Query of the sphere's partition; `active` keeps the active one.
 * A sphere of a galaxy without an active context of its own reads its galaxy's (`inherited`, given
 * by the entry: spec 02 §3 Galaxy context), marked `inherited: 'galaxy'`.
 */
export async function listContexts(
  sphereId: string,
  query: { active?: 'true' | undefined; max: number; offset: number },
  inherited: (galaxyId: string) => Promise<SphereContext | null> = async () => null,
): Promise<{ count: number; items: SphereContext[]; max: number; offset: number }> {
  const contexts = (await contextsOf(sphereId)).sort(byActiveThenCreated).map(toSphereContext);
  // Should two be active (two creations at the same instant), the members read the one changed last.
  const own = activeContext(contexts);
  const galaxyId = query.active === 'true' && !own ? (await findSphere(sphereId))?.galaxyId : undefined;
  const active = inheritedContext(own, galaxyId ? await inherited(galaxyId) : null)?.context;
  const matching = query.active === 'true' ? (active ? [active] : []) : contexts;
  return {
    count: matching.length,
    items: matching.slice(query.offset, query.offset + query.max),
    max: query.max,
    offset: query.offset,
  };
}

export async function getContext(sphereId: string, contextId: string): Promise<SphereContext> {
  const context = await findContext(sphereId, contextId);
  if (!context) throw new NotFoundError();
  return toSphereContext(context);
}

/**
 * POST /v1/spheres/{id}/contexts: at most SPHERE_CONTEXTS_MAX per sphere (400 `too-many`); an
 * active one takes the place of the one active before.
 */
export async function createContext(sphereId: string, body: SphereContextCreate): Promise<SphereContext> {
  const [fields, others] = await Promise.all([fieldsFor(sphereId, body), contextsOf(sphereId, true)]);
  if (others.length >= SPHERE_CONTEXTS_MAX)
    throw new ValidationError([{ key: 'too-many', values: { max: SPHERE_CONTEXTS_MAX } }]);
  return outcome(await insertContext(sphereId, fields, others));
}

/**
 * PUT /v1/spheres/{id}/contexts/{contextId}: the whole context, under the `updateDate` the editor
 * read (409 `conflict` when someone saved it since); 404 for a context that does not exist.
 */
export async function updateContext(
  sphereId: string,
  contextId: string,
  body: SphereContextUpdate,
): Promise<SphereContext> {
  const [fields, contexts] = await Promise.all([fieldsFor(sphereId, body), contextsOf(sphereId, true)]);
  const before = contexts.find((c) => c.contextId === contextId);
  if (!before) throw new NotFoundError();
  if (before.updatedAt !== body.updateDate) throw new ConflictError('conflict');
  const others = contexts.filter((c) => c.contextId !== contextId);
  return outcome(await replaceContext(sphereId, contextId, body.updateDate, fields, others));
}

/** DELETE /v1/spheres/{id}/contexts/{contextId}: 404 when there is none. */
export async function deleteContext(sphereId: string, contextId: string): Promise<undefined> {
  if (!(await removeContext(sphereId, contextId))) throw new NotFoundError();
  return undefined;
}

/**
 * Seeds a sphere's contexts (the local stack's demo) as an admin would create them, checked by the
 * same schema; a sphere that has contexts already is left as it is, so seeding twice adds nothing.
 */
export async function importContexts(
  sphereId: string,
  contexts: readonly SphereContextCreateInput[],
): Promise<void> {
  if ((await contextsOf(sphereId, true)).length > 0) return;
  for (const context of contexts) await createContext(sphereId, SphereContextCreateSchema.parse(context));
}
