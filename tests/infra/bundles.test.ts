import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleLambdas } from '../../bin/bundle';

/**
 * Each Lambda bundled as CDK bundles it (CommonJS, AWS SDK external) loads and exports a handler:
 * catches a dependency that cannot live in a CommonJS bundle before a deploy does.
 */
/**
 * The account Lambda serves "my data" and leaving the product: it loads every domain's face (their
 * entities and belongings, with the route lists they carry), so it grows with each domain. It is
 * called rarely (an export, a departure), where a cold start costs least (640 KB since galaxies
 * joined). The campaigns Lambda checks every measure type's answer (forms, strategies, thinkings),
 * grants logo uploads (decision 0004) and takes its galaxy's quotas in every create (580 KB). The reports Lambda reads every face a report names (spheres, feelings' words,
 * thinkings' axes) and writes card texts in three languages. The render worker carries ECharts, pdfkit, docx and resvg: its own Lambda, off
 * every request's path, 1.9 MB (decision 0031).
 */
const LIMITS: Record<string, number> = {
  'api-account': 640 * 1024,
  'api-campaigns': 580 * 1024,
  // The forms Lambda serves questionnaire reports: it carries the exact disclosure check (decision 0041).
  'api-forms': 550 * 1024,
  'api-reports': 600 * 1024,
  // The payments Lambda carries the official Stripe client, every resource of it (decision 0051):
  // called to buy, to manage and by the provider's webhooks, never on a page's first load.
  'api-payments': 700 * 1024,
  'worker-render': 1900 * 1024,
  // The notify worker sends through SES and paces its sends to the account's rate (decision 0057).
  'worker-notify': 540 * 1024,
};

describe('Lambda bundles', () => {
  it('load in Node and export a handler function, each under 500 KB (the account Lambda 640 KB, the campaigns Lambda 580 KB, the forms Lambda 550 KB, the reports Lambda 600 KB, the payments Lambda 700 KB, the notify worker 540 KB, the render worker 1.9 MB)', async () => {
    const bundles = await bundleLambdas('.local/test-bundles');
    const require = createRequire(import.meta.url);
    process.env.TABLE_NAME ??= 'wellbeing-test';
    for (const [name, { file, bytes }] of Object.entries(bundles)) {
      const module = require(join(process.cwd(), file)) as { handler?: unknown };
      expect(typeof module.handler, name).toBe('function');
      expect(bytes, name).toBeLessThan(LIMITS[name] ?? 500 * 1024);
    }
  }, 120_000);
});
