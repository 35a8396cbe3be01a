import { FormReportDefinitionSchema, type FormReportDefinition } from '@shared/contracts/report-definitions';
import { defineStore, getMany } from '../lib/db';
import { FormReportDefinitionEntity } from './entities/form-report-definition';
import type { FormShape } from './figures';
import { rollupsDb } from './rollup-store';
import { scopeOf } from './rollups';

/**
 * Questionnaires' report definitions (decision 0038): kept here, written by the forms domain with
 * every save of a form, read by custom reports' questionnaire data shots. Apart from the other
 * report entities, so that the forms Lambda, which writes them, carries nothing else of custom
 * reports.
 */

const db = defineStore({ formReportDefinition: FormReportDefinitionEntity });

/** Puts forms' report definitions whole (a save, a duplicate, the rebuild, the demo's forms). */
export async function keepReportDefinitions(definitions: readonly FormReportDefinition[]): Promise<void> {
  if (!definitions.length) return;
  const { unprocessed } = await db()
    .entities.formReportDefinition.put(
      definitions.map((definition) => ({
        formId: definition.formId,
        definition,
        updatedAt: definition.updatedAt,
      })),
    )
    .go();
  // Rare (throttling): the caller's save fails and is given again, rather than keep a stale definition.
  if (unprocessed.length) throw new Error(`${unprocessed.length} report definitions were not written`);
}

/** The report definitions of some forms (one BatchGetItem), by form id; a form without one is absent. */
export async function reportDefinitionsOf(
  formIds: readonly string[],
): Promise<Map<string, FormReportDefinition>> {
  const data = await getMany(
    db().entities.formReportDefinition,
    formIds.map((formId) => ({ formId })),
  );
  return new Map(data.map((item) => [item.formId, FormReportDefinitionSchema.parse(item.definition)]));
}

/** What a form's report counts, from its definition: its questions' kinds and choices, its results. */
export function shapeOfDefinition(definition: {
  questions: FormReportDefinition['questions'];
  results: readonly { id: string }[];
}): FormShape {
  return {
    questions: definition.questions.map((q) =>
      q.kind === 'number'
        ? { id: q.id, kind: 'number' as const }
        : { id: q.id, kind: 'choice' as const, choices: q.choices.map((c) => c.value) },
    ),
    results: definition.results.map((r) => r.id),
  };
}

/**
 * Whether a form's surveys were ever counted in a place (its sphere, or its group): the only forms a
 * custom report of the place may show, so that an id never reveals the definition of a form that
 * was never offered there (the reports domain does not read the forms' entitlements). One Query of
 * at most one item.
 */
export async function formAnsweredIn(
  place: { sphereId: string; sessionId?: string | undefined },
  formId: string,
): Promise<boolean> {
  const source = `form:${formId}` as const;
  const scope = place.sessionId
    ? scopeOf(source, 'session', place.sessionId)
    : scopeOf(source, 'sphere', place.sphereId);
  const { data } = await rollupsDb()
    .entities.reportRollup.query.byScope({ scope, kind: 'counts', group: 'all' })
    .go({ limit: 1 });
  return data.length > 0;
}
