import { createRequire } from 'node:module';
import { Service } from 'electrodb';
import { describe, expect, it } from 'vitest';
import { allEntities } from '../domains';
import { Entity } from './entity';

// ElectroDB's own model validator, the one its Entity constructor runs in development.
const require = createRequire(import.meta.url);
const { model: validateModel } = require('electrodb/src/validations.js') as {
  model(model: unknown): void;
};

describe('ElectroDB models', () => {
  it.each(Object.entries(allEntities()))('the %s model passes ElectroDB validation', (_, entity) => {
    expect(() => validateModel(entity.schema)).not.toThrow();
  });

  it('the validator rejects a broken model, so the check above can fail', () => {
    expect(() =>
      validateModel({
        model: { entity: 'broken', version: '1', service: 'wellbeing' },
        attributes: { id: { type: 'string', required: 'yes' } },
        indexes: { byId: { pk: { field: 'pk', composite: ['id'] } } },
      }),
    ).toThrow();
  });

  it('building an entity no longer validates at runtime', () => {
    const entity = new Entity({
      model: { entity: 'unchecked', version: '1', service: 'wellbeing' },
      attributes: {
        id: { type: 'string' },
        note: { type: 'string', required: 'yes' as unknown as boolean },
      },
      indexes: { byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } } },
    });
    // Reading the entity builds it (see the next case).
    expect(() => entity.schema).not.toThrow();
  });

  it('an entity is built on first use: a model ElectroDB refuses fails when read, not when declared', () => {
    const entity = new Entity({
      model: { entity: 'twoPrimaries', version: '1', service: 'wellbeing' },
      attributes: { id: { type: 'string', required: true } },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
        again: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
      },
    });
    expect(() => entity.schema).toThrow(/Duplicate index/);
  });

  it('an entity built on first use joins a Service and writes the keys ElectroDB writes', () => {
    const thing = new Entity({
      model: { entity: 'thing', version: '1', service: 'wellbeing' },
      attributes: { id: { type: 'string', required: true } },
      indexes: { byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } } },
    });
    expect(thing).toBeInstanceOf(Entity);
    const service = new Service({ thing }, { table: 'wellbeing-test' });
    expect(service.entities.thing.get({ id: '1' }).params()).toEqual({
      Key: { pk: '$wellbeing#id_1', sk: '$thing_1' },
      TableName: 'wellbeing-test',
    });
  });

  it("an entity built on first use runs its methods on ElectroDB's entity, not through the stand-in", () => {
    const thing = new Entity({
      model: { entity: 'thing', version: '1', service: 'wellbeing' },
      attributes: { id: { type: 'string', required: true } },
      indexes: { byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } } },
    });
    const parse = thing.parse;
    // Bound once, then the same function each time it is read.
    expect(parse.name).toBe('bound parse');
    expect(thing.parse).toBe(parse);
    expect(parse({ Item: { pk: '$wellbeing#id_1', sk: '$thing_1', id: '1' } })).toEqual({
      data: { id: '1' },
    });
  });
});
