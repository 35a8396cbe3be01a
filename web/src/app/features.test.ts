import { describe, expect, it } from 'vitest';
import type { RouteContract } from '@shared/contracts/route';
import { FEATURES } from './features';

/** Every route contract of shared/contracts, by name. */
const contracts = new Map<string, RouteContract>();
for (const module of Object.values(
  import.meta.glob<Record<string, unknown>>(['../../../shared/contracts/*.ts', '!**/*.test.ts'], {
    eager: true,
  }),
)) {
  for (const value of Object.values(module)) {
    const route = value as Partial<RouteContract> | null;
    if (
      route &&
      typeof route === 'object' &&
      typeof route.name === 'string' &&
      typeof route.path === 'string'
    )
      contracts.set(route.name, route as RouteContract);
  }
}

describe("the features' faces", () => {
  const overlays = FEATURES.flatMap((feature) =>
    Object.entries(feature.overlays ?? {}).map(([name, overlay]) => ({
      feature: feature.name,
      name,
      overlay,
    })),
  );

  it('found the contracts and the overlays', () => {
    expect(contracts.size).toBeGreaterThan(100);
    expect(overlays.filter((o) => o.overlay.route).length).toBeGreaterThan(30);
  });

  it('name routes that exist', () => {
    const unknown = overlays.filter((o) => o.overlay.route && !contracts.has(o.overlay.route));
    expect(unknown.map((o) => `${o.feature}/${o.name}: ${o.overlay.route}`)).toEqual([]);
  });

  it("say of an overlay's audience what its route's contract says: registered users only, or not", () => {
    const differing = overlays.filter(({ overlay }) => {
      const route = overlay.route ? contracts.get(overlay.route) : undefined;
      return route && (route.auth === 'registered') !== (overlay.audience === 'registered');
    });
    expect(differing.map((o) => `${o.feature}/${o.name}: ${o.overlay.route}`)).toEqual([]);
  });

  it('show a navigation entry with the right its route asks for', () => {
    const thinking = FEATURES.find((f) => f.name === 'thinking');
    const entry = thinking?.navigation?.find((n) => n.ability);
    expect(entry?.ability).toEqual(contracts.get('getThinkingAxisFacets')?.ability);
  });
});
