import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { TERMINAL_STEPS } from '@shared/domain/terminals';

/**
 * A terminal (kiosk) of a consumer session (docs/decisions/0028-terminals.md). In its own partition
 * under its id, so a kiosk's call is one GetItem; index gsi1 lists a sphere's terminals in one
 * Query; index gsi2 gathers those a person set up ("my data", anonymised when they leave). Its key
 * is kept only as a SHA-256 digest: the kiosk holds the key, the table cannot give it back.
 */
export const TerminalEntity = new Entity({
  model: { entity: 'terminal', version: '1', service: SERVICE },
  attributes: {
    terminalId: { type: 'string', required: true, readOnly: true },
    sphereId: { type: 'string', required: true, readOnly: true },
    sessionId: { type: 'string', required: true, readOnly: true },
    deviceName: { type: 'string', required: true },
    deviceCode: { type: 'string', required: true, readOnly: true },
    steps: { type: TERMINAL_STEPS, required: true },
    /** base64url SHA-256 of the kiosk's key. */
    keyHash: { type: 'string', required: true, readOnly: true },
    /** The user who set it up; `anonymous` once they left the product. */
    createdBy: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['terminalId'] },
      sk: { field: 'sk', composite: [] },
    },
    bySphere: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['sphereId'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'terminalId'] },
    },
    byCreator: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['createdBy'] },
      sk: { field: 'gsi2sk', composite: ['terminalId'] },
    },
  },
});
