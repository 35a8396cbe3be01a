/**
 * The reports domain's face (decision 0030): the rollup items an answer's own transaction writes,
 * and what rebuilds and checks them from the raw answers.
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
export { importCustomReport, type ImportedReport } from './custom-reports';
