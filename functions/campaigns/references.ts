import type { CampaignCreate, Measure } from '@shared/contracts/campaigns';
import type { FieldError } from '@shared/contracts/errors';
import { ValidationError } from '../lib/errors';
import { formsEntitledTo } from '../forms';
import { findSessions } from '../sessions';
import { activeTagIdsAmong } from '../spheres';
import { findCampaign } from './repository';

/**
 * The ids a campaign's bodies name belong to the campaign's sphere (docs/decisions/0024-campaigns.md,
 * "Ids in bodies"): the groups and tags it targets, and its measures' questionnaires (entitled to
 * the sphere), groups (a thinking's or an assessment's context) and the tags their questions offer.
 * Another sphere's id is refused exactly as an id that exists nowhere (400 `not-valid` on its field),
 * so the answer never tells whether it is real. Only the ids the campaign does not hold yet are
 * read: one it holds stays (a tag archived since, a group deleted since), as a link's tags do.
 */

type Kind = 'tag' | 'session' | 'form';

/** One id a body names, with the field an error names. */
interface Reference {
  kind: Kind;
  id: string;
  field: string;
}

function targetReferences(targets: CampaignCreate['targets']): Reference[] {
  return [
    ...targets.tagIds.map((id, i) => ({ kind: 'tag' as const, id, field: `body.targets.tagIds.${i}` })),
    ...targets.sessionIds.map((id, i) => ({
      kind: 'session' as const,
      id,
      field: `body.targets.sessionIds.${i}`,
    })),
  ];
}

function measureReferences(measures: readonly Measure[]): Reference[] {
  return measures.flatMap((m, i) => [
    ...(m.formId !== undefined
      ? [{ kind: 'form' as const, id: m.formId, field: `body.measures.${i}.formId` }]
      : []),
    ...(m.sessionId !== undefined
      ? [{ kind: 'session' as const, id: m.sessionId, field: `body.measures.${i}.sessionId` }]
      : []),
    ...m.tagQuestions.flatMap((q, j) =>
      q.tagIds.map((id, k) => ({
        kind: 'tag' as const,
        id,
        field: `body.measures.${i}.tagQuestions.${j}.tagIds.${k}`,
      })),
    ),
  ]);
}

/**
 * The references of `named` that the campaign does not hold (`held`) and that are not its sphere's:
 * an active tag of the sphere, a session of the sphere, a form entitled to it. One BatchGetItem per
 * kind, in parallel, none for a kind with nothing new.
 */
async function foreignReferences(
  sphereId: string,
  named: readonly Reference[],
  held: readonly Reference[],
): Promise<FieldError[]> {
  const holds = new Set(held.map((r) => `${r.kind}:${r.id}`));
  const added = named.filter((r) => !holds.has(`${r.kind}:${r.id}`));
  if (added.length === 0) return [];
  const ids = (kind: Kind) => [...new Set(added.filter((r) => r.kind === kind).map((r) => r.id))];
  const [tags, sessions, forms] = await Promise.all([
    activeTagIdsAmong(sphereId, ids('tag')),
    ids('session').length > 0 ? findSessions(ids('session')) : Promise.resolve([]),
    ids('form').length > 0 ? formsEntitledTo(sphereId, ids('form')) : Promise.resolve(new Set<string>()),
  ]);
  const known: Record<Kind, ReadonlySet<string>> = {
    tag: tags,
    session: new Set(sessions.filter((s) => s.sphereId === sphereId).map((s) => s.sessionId)),
    form: forms,
  };
  return added.filter((r) => !known[r.kind].has(r.id)).map((r) => ({ key: 'not-valid', field: r.field }));
}

/** A campaign's targets (POST, PUT): the sphere's groups and active tags. */
export async function checkTargets(
  sphereId: string,
  targets: CampaignCreate['targets'],
  held: CampaignCreate['targets'] = { tagIds: [], sessionIds: [] },
): Promise<void> {
  const problems = await foreignReferences(sphereId, targetReferences(targets), targetReferences(held));
  if (problems.length > 0) throw new ValidationError(problems);
}

/** A campaign's measures (PUT …/measures): the sphere's questionnaires, groups and active tags. */
export async function checkMeasures(
  sphereId: string,
  measures: readonly Measure[],
  held: readonly Measure[],
): Promise<void> {
  const problems = await foreignReferences(sphereId, measureReferences(measures), measureReferences(held));
  if (problems.length > 0) throw new ValidationError(problems);
}

/**
 * Whether a campaign is one of a sphere's (a campaign link's campaign, decision 0027): one GetItem.
 * A campaign of another sphere is no more one of its own than a campaign that does not exist.
 */
export async function isCampaignOfSphere(campaignId: string, sphereId: string): Promise<boolean> {
  const campaign = await findCampaign(campaignId);
  return campaign !== null && campaign.sphereId === sphereId;
}
