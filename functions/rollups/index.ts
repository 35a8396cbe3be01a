/**
 * The rollups domain's face (decision 0030), on the ground floor of the server: the rollup items an
 * answer's own transaction writes, what rebuilds and checks them from the raw answers, the figures
 * read from them through the privacy module, a sealed campaign cycle's shots (decision 0035) and
 * the report definitions forms keep (decision 0036). It imports no answer domain: feelings,
 * thinkings, forms, strategies and campaigns write through it, and reports read it.
 */
export {
  addToRollups,
  clearScope,
  contributionsOf,
  importThenRoll,
  keptTexts,
  readScope,
  rebuildScopes,
  replaceScope,
  rollupItems,
  scopeOf,
  scopesOf,
  tagKey,
  type RolledAnswer,
  type RollupChange,
  type RollupSource,
  type ScopedContribution,
  type PeriodTexts,
  type SealedCycle,
  type StoredRollup,
  type KeptTexts,
  type TextEntry,
  type TransactItem,
} from './rollups';
export type { FormShape } from './figures';
export { cycleScopeOf, sealedCycleOf } from './campaign-shots';
export {
  formAnsweredIn,
  keepReportDefinitions,
  reportDefinitionsOf,
  shapeOfDefinition,
} from './report-definitions';
export {
  cycleStepFigures,
  type CycleStepFigure,
  type CycleStepShape,
  type TextsFigure,
} from './cycle-figures';
/** What the reports domain reads: the counts, people and releases of a scope, and their figures. */
export {
  groupOfTags,
  keepReleases,
  readCounts,
  readPeopleOf,
  readPeopleVersions,
  readReleases,
  readWeekTexts,
  RELEASE_RULE,
} from './rollups';
export {
  formFigure,
  fromBitset,
  periodFigure,
  seriesPeriods,
  thinkingFigure,
  toBitset,
  weekPeopleOf,
  weekRelease,
  type FigureOptions,
} from './figures';
export { campaignShotData } from './campaign-shots';
