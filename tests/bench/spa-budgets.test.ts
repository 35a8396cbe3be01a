import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPA_CHUNKS, SPA_ROUTES, buildSpa, spaSizes, type SpaSizes } from './spa-chunks';

/**
 * The SPA's weight by first view, from a production build: a size check, not a timing. A change
 * that makes a view download more JavaScript than its budget fails here; the figures and the
 * targets are in docs/benchmarks.md (`BENCH_ONLY=spa npm run bench`).
 */
describe("the SPA's JavaScript by route", () => {
  const outDir = mkdtempSync(join(tmpdir(), 'spa-budgets-'));
  let sizes: SpaSizes;

  beforeAll(() => {
    buildSpa(outDir);
    sizes = spaSizes(outDir);
  }, 180_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it.each(SPA_ROUTES.map((r) => r.name))('%s stays within its budget', (name) => {
    const route = sizes.routes.find((r) => r.name === name);
    expect(route, name).toBeDefined();
    expect(route?.jsGzipBytes).toBeLessThanOrEqual(route?.budgetBytes ?? 0);
  });

  it.each(SPA_CHUNKS.filter((c) => c.budgetBytes !== undefined).map((c) => c.name))(
    '%s stays within its budget',
    (name) => {
      const chunk = sizes.chunks.find((c) => c.name === name);
      expect(chunk?.gzipBytes).toBeLessThan(chunk?.budgetBytes ?? 0);
    },
  );

  it('the sign-in page shows without the auth library, which loads while the email is typed', () => {
    const signIn = sizes.routes.find((r) => r.name === 'sign-in');
    const home = sizes.routes.find((r) => r.name === 'home');
    expect(signIn && home && home.jsGzipBytes - signIn.jsGzipBytes).toBeGreaterThan(30 * 1024);
    expect(signIn?.largest.some((l) => /auth|tokenProvider/.test(l.file))).toBe(false);
  });
});
