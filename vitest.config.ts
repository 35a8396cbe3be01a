import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `@shared/` is the repository's shared/ folder (tsconfig.base.json paths).
  resolve: { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) } },
  test: {
    include: [
      'functions/**/*.test.ts',
      'shared/**/*.test.ts',
      'infra/**/*.test.ts',
      'tools/**/*.test.ts',
      'bin/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/infra/**/*.test.ts',
      'tests/bench/**/*.test.ts',
      'tests/security/**/*.test.ts',
      'tests/lint/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
    // The SPA's component tests share one mock (a no-op elsewhere): web/src/test/setup.ts.
    setupFiles: ['web/src/test/setup.ts'],
    // The CI log ends with the slowest files (tests/support/slowest-files-reporter.ts).
    reporters: ['default', './tests/support/slowest-files-reporter.ts'],
    // Component tests run as a person who asked for reduced motion: the theme then skips Mantine's
    // transitions, so no transition timer outlives a test file's DOM.
    environmentOptions: { happyDOM: { settings: { device: { prefersReducedMotion: 'reduce' } } } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
