/**
 * The reports domain's face (decision 0030): the rollup items an answer's own transaction writes,
 * what rebuilds and checks them from the raw answers, and a form's report (decision 0033), which
 * the forms domain serves with the form it knows.
 */
export {
  addToRollups,
  clearScope,
  contributionsOf,
  importThenRoll,
  readScope,
  rebuildScopes,
  rollupItems,
  scopeOf,
  scopesOf,
  type RolledAnswer,
  type RollupChange,
  type RollupSource,
  type ScopedContribution,
  type StoredRollup,
  type TransactItem,
} from './rollups';
export { formReport, type FormReportRequest } from './service';
export type { FormShape } from './figures';
