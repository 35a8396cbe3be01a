import { defineConfig } from '@playwright/test';

/** Chromium's flags for the e2e run and the Lighthouse bench: a quiet browser that calls nobody. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;

/**
 * Runs in Debian's Chromium (never a downloaded browser) against the local stack that
 * tests/e2e/run.ts starts; its URLs arrive through the environment.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // The log ends with the slowest spec files, so that it says where the run's time goes.
  reportSlowTests: { max: 10, threshold: 15_000 },
  outputDir: '../../test-results',
  use: {
    baseURL: process.env.E2E_WEB,
    locale: 'fr-BE',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS],
    },
  },
});
