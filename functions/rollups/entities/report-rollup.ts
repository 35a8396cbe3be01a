import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * Report rollups (decision 0030), in the partition of their scope (`sphere#<id>`, `session#<id>`):
 *
 * - kind `people`, one per week of a sphere: who answered, as top-level attributes
 *   `p:<person>|<tags>|<group>` = how many of their answers of the week counted under those group
 *   tags (short tag keys, comma separated) in that group (a session's short key, or none), and
 *   `version`, added 1 by every answer. Read to decide which groups of the week may be shown.
 * - kind `counts`, one per group and week: the group's flat counts as attributes `c:<key>`
 *   (`c:count`, `c:value`, `c:color|red`, `c:word|calm`).
 * - kind `release`, one per group and week, derived: whether the group is shown that week and its
 *   people as a bitset, computed from the people item at its `version` (every answer adds 1 to it)
 *   and computed again when the version moved. A report reads these, not the people.
 * - kind `texts`, a sealed campaign cycle's only (decision 0035): the free texts of a step, each
 *   with the tag keys of its author's group and no person, in parts of at most 300 KB (group
 *   `part-<n>`), shown only to a group of at least 8 people.
 * - kind `steps`, a sealed campaign cycle's only (decision 0036): what its steps were when it
 *   stopped (kind, title, a custom theme's questions) and the cycle's name and dates, so that a
 *   custom report's data shot reads a step's figures from the rollups alone.
 *
 * Answers move them with `ADD` in the transaction that writes the answer, so an answer counts
 * exactly when it is stored; the attributes are not declared here (ElectroDB gives the keys, the
 * rollups module reads and writes the attributes).
 */
export const ReportRollupEntity = new Entity({
  model: { entity: 'reportRollup', version: '1', service: SERVICE },
  attributes: {
    scope: { type: 'string', required: true, readOnly: true },
    kind: {
      type: ['people', 'counts', 'release', 'texts', 'steps'] as const,
      required: true,
      readOnly: true,
    },
    /**
     * The group's key (`all`, a short tag key, or two joined by `+`; a release's starts with its
     * session's short key or `sphere` and `:`); `all` for the people.
     */
    group: { type: 'string', required: true, readOnly: true },
    /** ISO week, `2026-W48`. */
    week: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    byScope: {
      pk: { field: 'pk', composite: ['scope'] },
      sk: { field: 'sk', composite: ['kind', 'group', 'week'] },
    },
  },
});
