import { createRequire } from 'node:module';
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

  it('constructing an entity no longer validates at runtime', () => {
    const build = () =>
      new Entity({
        model: { entity: 'unchecked', version: '1', service: 'wellbeing' },
        attributes: {
          id: { type: 'string' },
          note: { type: 'string', required: 'yes' as unknown as boolean },
        },
        indexes: { byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } } },
      });
    expect(build).not.toThrow();
  });
});
