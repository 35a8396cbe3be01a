import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * A cycle of a campaign (spec 02 §3 Cycle), in the campaign's partition so that the campaign's
 * cycles are one Query. `version` changes with every change of dates, notifications or status that
 * moves a schedule: a schedule fired for an older version is ignored (docs/decisions/0026).
 * `answerSalt` keys the participants' answers while they may change them; it is removed when the
 * collection stops, and with it every way back from a person to an answer (decision 0025).
 * `stateShards`: how many copies of its collecting state it has (`campaignCycleState`, decision
 * 0057), written with it since; a cycle stored before has none until its next change of status, and
 * its answers check the cycle item itself meanwhile.
 */
export const CycleEntity = new Entity({
  model: { entity: 'campaignCycle', version: '1', service: SERVICE },
  attributes: {
    campaignId: { type: 'string', required: true, readOnly: true },
    cycleId: { type: 'string', required: true, readOnly: true },
    sphereId: { type: 'string', required: true, readOnly: true },
    internalLabel: { type: 'string', required: true },
    message: { type: 'any', required: true },
    measureIds: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    start: { type: 'string' },
    end: { type: 'string' },
    notifications: { type: 'any', required: true },
    allowRefuse: { type: 'boolean', required: true, default: true },
    isTest: { type: 'boolean', required: true, default: false },
    status: {
      type: ['draft', 'scheduled', 'inProgress', 'processing', 'closed', 'cancelled'] as const,
      required: true,
    },
    testMode: { type: 'boolean', required: true, default: false },
    testRunning: { type: 'boolean', required: true, default: false },
    version: { type: 'number', required: true, default: 0 },
    /** The schedules put for `version`, by name, so that they can be deleted. */
    scheduleNames: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    log: { type: 'any', required: true, default: () => [] },
    answerSalt: { type: 'string' },
    stateShards: { type: 'number' },
    /** When its sealed answers were rolled up for its reports (decision 0035). */
    rolledAt: { type: 'string' },
    /** Its live participations by status when it was rolled (they no longer change then). */
    participation: {
      type: 'map',
      properties: {
        blank: { type: 'number', required: true },
        inProgress: { type: 'number', required: true },
        done: { type: 'number', required: true },
        refused: { type: 'number', required: true },
      },
    },
    creationDate: { type: 'string', required: true, readOnly: true, default: now },
    updateDate: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    byCampaign: {
      collection: 'campaignWithCycles',
      pk: { field: 'pk', composite: ['campaignId'] },
      sk: { field: 'sk', composite: ['cycleId'] },
    },
  },
});
