import { describe, expect, it } from 'vitest';
import { REST_DOMAINS, ROUTES as routes } from '../../functions/domains';
import type { RouteContract } from '@shared/contracts/route';

const key = (r: Pick<RouteContract, 'method' | 'path'>) => `${r.method} ${r.path}`;

describe('contracts are the single source of truth', () => {
  it('each route is declared once', () => {
    const keys = routes.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    const names = routes.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(REST_DOMAINS.map((d) => d.name))(
    'the %s Lambda serves exactly the routes of its domain',
    async (domain) => {
      process.env.TABLE_NAME ??= 'wellbeing-test';
      const module = (await import(`../../functions/${domain}/handler.ts`)) as {
        handler: { contracts: RouteContract[] };
      };
      expect(module.handler.contracts.map(key).sort()).toEqual(
        routes
          .filter((r) => r.domain === domain)
          .map(key)
          .sort(),
      );
    },
  );

  it('path parameters are declared in the params schema of their route', () => {
    for (const route of routes) {
      const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const shape = (route.params as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      expect(Object.keys(shape).sort(), key(route)).toEqual(names.sort());
    }
  });
});
