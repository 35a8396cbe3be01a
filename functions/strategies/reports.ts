import type * as z from 'zod';
import type {
  SessionStrategyReportRequestSchema,
  SphereStrategyReportRequestSchema,
  StrategyReport,
} from '@shared/contracts/strategy-reports';
import { withoutHidden } from '@shared/domain/strategies';
import { questionsReport } from '../reports';
import { readList, strategySource } from './repository';
import { placeOfSession, placeOfSphere, type OrganisationPlace } from './service';

type SphereRequest = z.output<typeof SphereStrategyReportRequestSchema>;
type SessionRequest = z.output<typeof SessionStrategyReportRequestSchema>;
type Filters = Omit<SphereRequest, 'sphereId'>;

/**
 * A place's strategy as its members assessed it (decision 0034): each item of the outline a
 * question of the figure, read from the rollups the assessments wrote, under the privacy rules of
 * every report. Those who may change the strategy see its hidden items too, as its editor shows them.
 */
async function strategyReport(
  place: OrganisationPlace,
  filters: Filters,
  seesHidden: boolean,
  now: number,
): Promise<StrategyReport> {
  const list = await readList(place.key);
  const ordered = list.items.map((item, order) => ({ ...item, order }));
  const shown = seesHidden ? ordered : withoutHidden(ordered);
  const report = await questionsReport(
    strategySource(place.key),
    {
      place: {
        sphereId: place.owner.sphereId,
        ...(place.key.linkTo === 'session' ? { sessionId: place.key.linkId } : {}),
      },
      shape: { questions: shown.map((item) => ({ id: item.strategyId, kind: 'number' })), results: [] },
      ...filters,
    },
    now,
  );
  return {
    ...report,
    linkTo: place.key.linkTo,
    strategies: shown.map((item) => ({
      id: item.strategyId,
      type: item.type,
      title: item.title,
      description: item.description,
      order: item.order,
      indent: item.indent,
      isHidden: item.isHidden,
    })),
  };
}

/**
 * POST /v1/strategies/sphere-reports: the assessments of a sphere's strategy, in the sphere and
 * under its tags; 403 `strategy-not-enabled` when the sphere keeps none.
 */
export async function sphereStrategyReport(
  body: SphereRequest,
  mayChange: (place: OrganisationPlace) => boolean,
  now = Date.now(),
): Promise<StrategyReport> {
  const { sphereId, ...filters } = body;
  const place = await placeOfSphere(sphereId);
  return strategyReport(place, filters, mayChange(place), now);
}

/** POST /v1/strategies/session-reports: the assessments of a group's own strategy, for its members. */
export async function sessionStrategyReport(
  body: SessionRequest,
  mayChange: (place: OrganisationPlace) => boolean,
  now = Date.now(),
): Promise<StrategyReport> {
  const { sessionId, ...filters } = body;
  const place = await placeOfSession(sessionId);
  return strategyReport(place, filters, mayChange(place), now);
}
