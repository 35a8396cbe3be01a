// eslint-disable-next-line no-restricted-syntax -- the one place that wraps ElectroDB's Entity
import { Entity } from 'electrodb';

/**
 * ElectroDB's Entity, without its runtime model check.
 *
 * ElectroDB validates every model against its JSON schema (twice: beta then v1 shape) each time an
 * Entity is constructed: about 40 ms of every Lambda cold start for models that are constants of
 * the code. The check runs once instead, in CI: `entity.test.ts` validates every model of the
 * Service with ElectroDB's own validator. Every model file imports Entity from here, never from
 * 'electrodb' (an ESLint rule says so). See docs/decisions/0004-cold-start.md.
 */
interface ValidatingEntity {
  _validateModel(model: unknown): unknown;
}
(Entity.prototype as unknown as ValidatingEntity)._validateModel = () => undefined;

export { Entity };

/** ElectroDB service name of every entity of the product: one table, one service. */
export const SERVICE = 'wellbeing';

/** The current time as entities store it (`createdAt`, `updatedAt`). */
export const isoNow = (): string => new Date().toISOString();

/** Where something was recorded (spec 01 §3 geoPoint; 0/0 when the browser gave no position). */
export const GEO_POINT_ATTRIBUTE = {
  type: 'map',
  required: true,
  properties: {
    latitude: { type: 'number', required: true },
    longitude: { type: 'number', required: true },
  },
} as const;
