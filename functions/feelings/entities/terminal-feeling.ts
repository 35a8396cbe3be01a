import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { FEELING_COLORS } from '@shared/domain/feelings';

/**
 * A feeling an anonymous visitor recorded on a terminal (spec 01 §1, §3 Feeling: deviceCode,
 * deviceName; decision 0028). It names no user. Keyed by the terminal and the `clientId` the kiosk
 * made when the visitor tapped: the write is conditioned on that key being new, so an answer sent
 * twice (a retry, a queue flushed again) is stored and counted once. Index gsi1 orders a session's
 * terminal feelings in time, for its reports.
 */
export const TerminalFeelingEntity = new Entity({
  model: { entity: 'terminalFeeling', version: '1', service: SERVICE },
  attributes: {
    terminalId: { type: 'string', required: true, readOnly: true },
    clientId: { type: 'string', required: true, readOnly: true },
    sphereId: { type: 'string', required: true, readOnly: true },
    sessionId: { type: 'string', required: true, readOnly: true },
    deviceCode: { type: 'string', required: true, readOnly: true },
    deviceName: { type: 'string', required: true, readOnly: true },
    value: { type: 'number', required: true, readOnly: true },
    energy: { type: 'number', required: true, readOnly: true },
    color: { type: FEELING_COLORS, required: true, readOnly: true },
    wordId: { type: 'string', readOnly: true },
    /** When the visitor tapped (the kiosk's clock), possibly long before it was sent. */
    timestamp: { type: 'string', required: true, readOnly: true },
    /** The kiosk's time zone. */
    locale: { type: 'string', readOnly: true },
    /** The session day summary it counts in. */
    day: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
  },
  indexes: {
    byClient: {
      pk: { field: 'pk', composite: ['terminalId'] },
      sk: { field: 'sk', composite: ['clientId'] },
    },
    bySession: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['sessionId'] },
      sk: { field: 'gsi1sk', composite: ['timestamp', 'clientId'] },
    },
  },
});
