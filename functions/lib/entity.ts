// eslint-disable-next-line no-restricted-syntax -- the one place that wraps ElectroDB's Entity
import { Entity as ElectroEntity, type Schema } from 'electrodb';

/**
 * ElectroDB's Entity, without its runtime model check, built on first use.
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
(ElectroEntity.prototype as unknown as ValidatingEntity)._validateModel = () => undefined;

/**
 * Even unchecked, constructing an entity parses its model and builds its clauses: 10 to 20 ms of a
 * Lambda's init for the entities the faces it imports bring in, of which a request uses a few. So
 * `new Entity(model)` answers a stand-in that constructs ElectroDB's entity the first time anything
 * reads or writes it (a store's Service joining it, a test reading its schema), and passes every
 * access on to it. The stand-in has Entity's prototype, so `instanceof` holds.
 */
function lazyEntity(construct: () => object, prototype: object): object {
  let built: object | undefined;
  const entity = () => (built ??= construct());
  // Methods are bound to the entity itself, so that what they read of `this` (ElectroDB reads its
  // model many times per item) does not go through this proxy: about 1 ms of a start call that reads
  // 200 items.
  const bound = new Map<PropertyKey, { method: (...args: unknown[]) => unknown; bound: unknown }>();
  return new Proxy(Object.create(prototype) as object, {
    get: (_, key) => {
      const target = entity();
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      const known = bound.get(key);
      if (known?.method === value) return known.bound;
      const method = value as (...args: unknown[]) => unknown;
      const result = method.bind(target);
      bound.set(key, { method, bound: result });
      return result;
    },
    set: (_, key, value) => Reflect.set(entity(), key, value, entity()),
    has: (_, key) => Reflect.has(entity(), key),
    ownKeys: () => Reflect.ownKeys(entity()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(entity(), key);
      // A proxy may only report configurable properties its (empty) target does not have.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(entity(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(entity(), key),
  });
}

export const Entity: typeof ElectroEntity = new Proxy(ElectroEntity, {
  construct: (target, args, newTarget) =>
    lazyEntity(() => Reflect.construct(target, args, newTarget) as object, target.prototype as object),
});
export type Entity<
  A extends string,
  F extends string,
  C extends string,
  S extends Schema<A, F, C>,
> = ElectroEntity<A, F, C, S>;

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
