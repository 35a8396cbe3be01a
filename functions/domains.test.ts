import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BELONGINGS, DOMAINS, REST_DOMAINS, ROUTES, allEntities } from './domains';
import type { DomainFace } from './lib/domain';

/** ElectroDB keeps an entity's model (attributes by name) on `schema`. */
const attributesOf = (entity: unknown) =>
  Object.keys((entity as { schema: { attributes: Record<string, unknown> } }).schema.attributes);

/** Entities of a domain that name a user and that no belonging of the domain gathers. */
function uncovered(domain: DomainFace): string[] {
  const covered = new Set(domain.belongings.flatMap((b) => b.covers));
  return Object.entries(domain.entities)
    .filter(([name, entity]) => attributesOf(entity).includes('userId') && !covered.has(name))
    .map(([name]) => name);
}

describe('the domain registry', () => {
  it.each(DOMAINS.map((d) => [d.name, d] as const))(
    'every entity of %s that names a user is covered by one of its belongings ("my data" and erasure)',
    (_, domain) => {
      expect(uncovered(domain)).toEqual([]);
      for (const name of domain.belongings.flatMap((b) => b.covers))
        expect(Object.keys(domain.entities), name).toContain(name);
    },
  );

  it('the check finds an entity that names a user and that no belonging gathers', () => {
    const users = DOMAINS.find((d) => d.name === 'users');
    if (!users) throw new Error('no users domain');
    expect(uncovered({ ...users, belongings: [] }).sort()).toEqual([
      'emailOwner',
      'globalMember',
      'globalRoleChange',
      'membershipSummary',
      'user',
      'userEmail',
    ]);
  });

  it('names each domain, entity and export section once', () => {
    const names = DOMAINS.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    expect(() => allEntities()).not.toThrow();
    const sections = BELONGINGS.map((b) => b.name);
    expect(new Set(sections).size).toBe(sections.length);
  });

  it('serves every route from the Lambda of the domain that lists it', () => {
    for (const domain of REST_DOMAINS) {
      expect(existsSync(join(__dirname, domain.name, 'handler.ts')), domain.name).toBe(true);
      for (const route of domain.routes) expect(route.domain).toBe(domain.name);
    }
    expect(ROUTES.length).toBe(REST_DOMAINS.reduce((n, d) => n + d.routes.length, 0));
  });

  it('takes the user item away last, after the sign-in account', () => {
    expect(BELONGINGS.at(-1)?.name).toBe('profile');
    const stages = BELONGINGS.map((b) => b.stage ?? 'first');
    expect(
      [...stages].sort(
        (a, b) => ['first', 'last', 'final'].indexOf(a) - ['first', 'last', 'final'].indexOf(b),
      ),
    ).toEqual(stages);
  });

  it('describes what it keeps in Dutch in the product’s one register, "je", never "u" or "uw"', () => {
    const formal = BELONGINGS.filter((b) =>
      /(^|[^\p{L}])([Uu]|[Uu]w|[Uu]zelf)(?![\p{L}])/u.test(b.describe.nl),
    ).map((b) => b.name);
    expect(formal).toEqual([]);
  });
});
