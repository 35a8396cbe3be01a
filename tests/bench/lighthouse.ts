import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { seedDemoData } from '../../tools/demo/seed';
import { freePort } from '../../tools/local-stack/net';
import { startLocalStack } from '../../tools/local-stack/stack';
import { CHROMIUM_ARGS } from '../e2e/playwright.config';
import { acceptLegalConsentsIfAsked, signInWithPassword } from '../e2e/support';
import { replaceDocSection } from './doc-section';
import { buildSpa } from './spa-chunks';

/**
 * Lighthouse on the built SPA (issue 39): the SPA built for production, served by the local stack
 * as `npm start -- --web=dist` and the end-to-end run serve it, with the demo data; each page
 * audited RUNS times in Chromium (mobile emulation, Lighthouse's default simulated throttling),
 * the median of each figure kept. The signed-in pages: Camille signs in through the sign-in page
 * in Playwright (tests/e2e/support.ts), then Lighthouse opens its tab in the same browser through
 * its DevTools port with `disableStorageReset`, so her session stays; the browser's HTTP cache is
 * cleared before each of those runs, so that every run loads the SPA as a first visit does.
 */
export const LIGHTHOUSE_SECTION = 'lighthouse';

const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO_PERSON = 'camille@demo.wellbeing.local';
const DEMO_SPHERE = 'demo-atelier-horizon';
/**
 * The built SPA that the stack serves: built here into a folder of its own (web/dist is the
 * end-to-end run's), or `LIGHTHOUSE_WEB=<folder>`, a build made before (`vite build --outDir`), as it is.
 */
const BUILT_WEB = process.env.LIGHTHOUSE_WEB;
const WEB_DIR = BUILT_WEB ?? join(process.cwd(), '.local', 'bench-lighthouse-web');

/** The pages audited, by the router's paths (web/src/lib/routes.ts, web/src/features/*\/index.ts). */
const PAGES: readonly { name: string; path: string; signedIn: boolean }[] = [
  { name: 'sign-in', path: '/login', signedIn: false },
  { name: 'home', path: '/', signedIn: true },
  // The feeling flow is the `feeling` overlay over home (features/feelings), opened by its URL.
  { name: 'feeling flow', path: '/?show=feeling&mode=good', signedIn: true },
  { name: 'history', path: '/apps/history', signedIn: true },
  { name: 'sphere report', path: `/apps/spheres/${DEMO_SPHERE}/reports`, signedIn: true },
];

/** The targets of issue 39: scores out of 100, LCP and TBT in ms. */
const TARGETS = {
  performance: 90,
  accessibility: 100,
  bestPractices: 95,
  lcpMs: 2_500,
  cls: 0.1,
  tbtMs: 200,
};

interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
}

interface Finding {
  /** Lighthouse's audit id (`color-contrast`, `errors-in-console`). */
  id: string;
  title: string;
  category: Category;
  /** What it points at: elements (CSS selector and label), scripts or messages; at most five. */
  items: string[];
}

interface Opportunity {
  id: string;
  title: string;
  /** Lighthouse's estimate of what fixing it saves, under its simulated throttling. */
  savingsMs: number;
  savingsBytes: number;
  /** The files it names, with their savings (KB): the unused JavaScript by file, and so on. */
  items: string[];
}

export interface LighthousePage {
  name: string;
  path: string;
  signedIn: boolean;
  runs: RunFigures[];
  /** The median of each figure over the runs. */
  median: RunFigures;
  met: {
    performance: boolean;
    accessibility: boolean;
    bestPractices: boolean;
    lcp: boolean;
    cls: boolean;
    tbt: boolean;
    all: boolean;
  };
  /** Of the run whose performance score is the median: what it lost accessibility and best-practice points on. */
  findings: Finding[];
  /** Of the same run: the opportunities and diagnostics that weigh on performance, largest first. */
  opportunities: Opportunity[];
  /** Of the same run: the element of the largest contentful paint. */
  lcpElement: string | null;
  /** Lighthouse's estimate of the machine's speed for that run (its BenchmarkIndex). */
  benchmarkIndex: number | null;
}

export interface LighthouseBench {
  date: string;
  node: string;
  chromium: string;
  lighthouse: string;
  /** The SPA audited: its folder and its version.json (`build` ends with its build time, base 36 ms). */
  web: {
    dir: string;
    builtHere: boolean;
    version: string | null;
    build: string | null;
    builtAt: string | null;
  };
  runs: number;
  settings: { formFactor: string; throttlingMethod: string; throttling: Record<string, number> };
  pages: LighthousePage[];
}

const RESULTS_FILE = 'lighthouse.json';
let last: LighthouseBench | null = null;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};
const score = (lhr: Result, category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

function figuresOf(lhr: Result): RunFigures {
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
    cls: Number(numeric(lhr, 'cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
    fcpMs: Math.round(numeric(lhr, 'first-contentful-paint')),
    speedIndexMs: Math.round(numeric(lhr, 'speed-index')),
  };
}

type DetailItem = Record<string, unknown> & {
  node?: { selector?: string; nodeLabel?: string; snippet?: string };
  url?: string;
  wastedBytes?: number;
  wastedMs?: number;
  description?: string;
  source?: string;
  groupLabel?: string;
  duration?: number;
  total?: number;
};

/** One item of an audit's details, in a few words: the element, the file or the message. */
function describeItem(item: DetailItem): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  if (item.node) {
    const label = item.node.nodeLabel ? ` ("${item.node.nodeLabel.slice(0, 60)}")` : '';
    return `${item.node.selector ?? item.node.snippet ?? 'element'}${label}`;
  }
  if (typeof item.groupLabel === 'string' && typeof item.duration === 'number')
    return `${item.groupLabel}: ${Math.round(item.duration)} ms`;
  const where = typeof item.url === 'string' ? item.url.replace(/^https?:\/\/[^/]+/, '') || item.url : '';
  const what =
    typeof item.wastedBytes === 'number'
      ? kb(item.wastedBytes)
      : typeof item.wastedMs === 'number'
        ? `${Math.round(item.wastedMs)} ms`
        : typeof item.total === 'number'
          ? `${Math.round(item.total)} ms`
          : typeof item.description === 'string'
            ? item.description.slice(0, 160)
            : '';
  return [where, what].filter(Boolean).join(': ') || JSON.stringify(item).slice(0, 160);
}

function itemsOf(lhr: Result, audit: string, limit = 5): string[] {
  const details = lhr.audits[audit]?.details as
    { type?: string; items?: (DetailItem & { type?: string; items?: DetailItem[] })[] } | undefined;
  // A list (the LCP element's audit) holds tables: their rows are the items.
  const items =
    details?.type === 'list'
      ? (details.items ?? []).flatMap((table) => (table.type === 'table' ? (table.items ?? []) : []))
      : (details?.items ?? []);
  return items.slice(0, limit).map(describeItem);
}

/** The audits of the accessibility and best-practices categories that did not pass. */
function findingsOf(lhr: Result): Finding[] {
  const findings: Finding[] = [];
  for (const category of ['accessibility', 'best-practices'] as const) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)) continue;
      findings.push({ id: ref.id, title: audit.title, category, items: itemsOf(lhr, ref.id) });
    }
  }
  return findings;
}

/** The performance audits that say what the page could save, largest saving first. */
function opportunitiesOf(lhr: Result): Opportunity[] {
  const found: Opportunity[] = [];
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    // The metrics (FCP, LCP, TBT…) are the figures of the table, not something to save.
    if (ref.group === 'metrics') continue;
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    const details = audit.details as { overallSavingsMs?: number; overallSavingsBytes?: number } | undefined;
    const savingsMs = Math.round(
      details?.overallSavingsMs ?? Math.max(0, ...Object.values(audit.metricSavings ?? {}).map(Number)),
    );
    const savingsBytes = Math.round(details?.overallSavingsBytes ?? 0);
    if (savingsMs === 0 && savingsBytes === 0 && audit.scoreDisplayMode !== 'numeric') continue;
    found.push({ id: ref.id, title: audit.title, savingsMs, savingsBytes, items: itemsOf(lhr, ref.id) });
  }
  return found.sort((a, b) => b.savingsMs - a.savingsMs || b.savingsBytes - a.savingsBytes);
}

/** Fails early when the built SPA shows nothing (every audit would fail with NO_FCP). */
async function expectSignInForm(context: BrowserContext): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/login');
  await page
    .getByTestId('signin-email')
    .waitFor({ timeout: 60_000 })
    .catch(() => {
      throw new Error(`The built SPA (${WEB_DIR}) shows no sign-in form at /login`);
    });
  await page.goto('about:blank');
}

/** Signs the demo person in through the sign-in page and leaves the tab blank, her session kept. */
async function signIn(context: BrowserContext): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await signInWithPassword(page, DEMO_PERSON);
  } catch (error) {
    // Outside the test runner the helper gives home 5 s to show; a busy machine may take longer.
    await page
      .getByTestId('home-greeting')
      .waitFor({ timeout: 60_000 })
      .catch(() => {
        throw error;
      });
    await page.waitForLoadState('networkidle');
    await acceptLegalConsentsIfAsked(page);
  }
  // A returning person has accepted the cookie notice (features/shell/cookie-banner.tsx's key).
  await page.evaluate(() => globalThis.localStorage.setItem('cookiesAccepted', 'true'));
  await page.goto('about:blank');
}

/**
 * Empties Chromium's HTTP cache, as Lighthouse does when it resets storage, and with `signOut`
 * everything the origin keeps too (its local storage, cookies, IndexedDB: the session). Lighthouse's
 * own reset keeps local storage and cookies, so it would audit the sign-in page signed in.
 */
async function clearBrowser(context: BrowserContext, options: { signOut?: string } = {}): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  if (options.signOut)
    await cdp.send('Storage.clearDataForOrigin', { origin: options.signOut, storageTypes: 'all' });
  await cdp.detach();
}

/**
 * Audits PAGES on a stack of its own (the built SPA, the demo data), round after round so that a
 * busy moment of the machine weighs on one run of every page rather than on every run of one, and
 * writes tests/bench/results/lighthouse.json and the section of docs/benchmarks.md. Not selected
 * (`BENCH_ONLY` not matching `lighthouse`): nothing runs or is written.
 */
export async function benchLighthouse(options: {
  selected: (name: string) => boolean;
  results: string;
}): Promise<LighthouseBench | null> {
  if (!options.selected(LIGHTHOUSE_SECTION)) return null;
  if (!BUILT_WEB) buildSpa(WEB_DIR);
  const stack = await startLocalStack({ persistent: false, web: 'dist', webDir: WEB_DIR });
  const profile = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const lhrs = new Map<string, Result[]>(PAGES.map((p) => [p.name, []]));
  let chromiumVersion = '';
  try {
    const web = stack.endpoints.web as string;
    await seedDemoData(stack.endpoints);
    const port = await freePort();
    // Lighthouse's tabs open in the browser's default context, which a persistent context is.
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      baseURL: web,
      locale: 'fr-BE',
      args: [`--remote-debugging-port=${port}`, ...CHROMIUM_ARGS],
    });
    try {
      chromiumVersion = context.browser()?.version() ?? '';
      await expectSignInForm(context);
      for (let round = 0; round < RUNS; round++) {
        for (const page of PAGES) {
          // The sign-in page first, signed out (clearBrowser); then Camille signs in for the others.
          if (page.signedIn && page === PAGES.find((p) => p.signedIn)) await signIn(context);
          await clearBrowser(context, page.signedIn ? {} : { signOut: new URL(web).origin });
          const flags: Flags = {
            port,
            logLevel: 'error',
            output: 'json',
            onlyCategories: [...CATEGORIES],
            disableStorageReset: page.signedIn,
          };
          const result = await lighthouse(`${web}${page.path}`, flags);
          if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
          const lhr = result.lhr;
          if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`);
          const landed = new URL(lhr.finalDisplayedUrl).pathname;
          if (page.signedIn ? landed === '/login' : landed !== '/login')
            throw new Error(
              `${page.path} was audited ${page.signedIn ? 'signed out' : `signed in (at ${landed})`}`,
            );
          lhrs.get(page.name)!.push(lhr);
          const f = figuresOf(lhr);
          console.log(
            `Lighthouse ${round + 1}/${RUNS} ${page.name}: performance ${f.performance}, accessibility ${f.accessibility}, best practices ${f.bestPractices}, LCP ${f.lcpMs} ms, CLS ${f.cls}, TBT ${f.tbtMs} ms`,
          );
        }
      }
    } finally {
      await context.close();
    }
  } finally {
    await stack.stop();
    rmSync(profile, { recursive: true, force: true });
  }

  const first = lhrs.get(PAGES[0]!.name)![0]!;
  const pages = PAGES.map((page): LighthousePage => {
    const results = lhrs.get(page.name)!;
    const runs = results.map(figuresOf);
    const m: RunFigures = {
      performance: median(runs.map((r) => r.performance)),
      accessibility: median(runs.map((r) => r.accessibility)),
      bestPractices: median(runs.map((r) => r.bestPractices)),
      lcpMs: median(runs.map((r) => r.lcpMs)),
      cls: median(runs.map((r) => r.cls)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      fcpMs: median(runs.map((r) => r.fcpMs)),
      speedIndexMs: median(runs.map((r) => r.speedIndexMs)),
    };
    const met = {
      performance: m.performance >= TARGETS.performance,
      accessibility: m.accessibility >= TARGETS.accessibility,
      bestPractices: m.bestPractices >= TARGETS.bestPractices,
      lcp: m.lcpMs <= TARGETS.lcpMs,
      cls: m.cls <= TARGETS.cls,
      tbt: m.tbtMs <= TARGETS.tbtMs,
    };
    const medianRun = results[runs.findIndex((r) => r.performance === m.performance)] as Result;
    return {
      ...page,
      runs,
      median: m,
      met: { ...met, all: Object.values(met).every(Boolean) },
      findings: findingsOf(medianRun),
      opportunities: opportunitiesOf(medianRun),
      lcpElement: itemsOf(medianRun, 'largest-contentful-paint-element', 1)[0] ?? null,
      benchmarkIndex: medianRun.environment.benchmarkIndex ?? null,
    };
  });
  const settings = first.configSettings;
  const versionFile = join(WEB_DIR, 'version.json');
  const built = existsSync(versionFile)
    ? (JSON.parse(readFileSync(versionFile, 'utf8')) as { version?: string; build?: string })
    : {};
  const stamp = built.build ? parseInt(built.build.split('-').pop() ?? '', 36) : Number.NaN;
  last = {
    date: new Date().toISOString(),
    node: process.version,
    chromium: chromiumVersion || first.environment.hostUserAgent,
    lighthouse: first.lighthouseVersion,
    web: {
      dir: relative(process.cwd(), WEB_DIR),
      builtHere: !BUILT_WEB,
      version: built.version ?? null,
      build: built.build ?? null,
      builtAt: Number.isFinite(stamp) ? new Date(stamp).toISOString() : null,
    },
    runs: RUNS,
    settings: {
      formFactor: settings.formFactor,
      throttlingMethod: settings.throttlingMethod,
      throttling: { ...settings.throttling } as Record<string, number>,
    },
    pages,
  };
  writeFileSync(join(options.results, RESULTS_FILE), JSON.stringify(last, null, 2) + '\n');
  replaceDocSection('docs/benchmarks.md', lighthouseLines());
  return last;
}

const yesNo = (value: boolean) => (value ? 'yes' : '**no**');

/** The section of docs/benchmarks.md for the last run of benchLighthouse (nothing if none ran). */
export function lighthouseLines(bench: LighthouseBench | null = last): string[] {
  if (!bench) return [];
  const t = bench.settings.throttling;
  const lines = [
    '## Lighthouse',
    '',
    `Measured by tests/bench/lighthouse.ts, ${bench.date}, Node ${bench.node}, Chromium ${bench.chromium}, Lighthouse ${bench.lighthouse}, on the SPA ${
      bench.web.builtHere ? 'built for this run' : `built before (\`LIGHTHOUSE_WEB=${bench.web.dir}\`)`
    }: version ${bench.web.version ?? 'n/a'}, build ${bench.web.build ?? 'n/a'}${bench.web.builtAt ? ` of ${bench.web.builtAt}` : ''}. Raw figures: \`tests/bench/results/${RESULTS_FILE}\`.`,
    '',
    `**How to run it:** \`BENCH_ONLY=lighthouse npm run bench\` runs this section alone (about ten minutes on 2 cores) and rewrites it here and in \`tests/bench/results/${RESULTS_FILE}\`; \`npm run bench\` runs it first, before the other sections. It builds the SPA for production into \`.local/bench-lighthouse-web\` (\`LIGHTHOUSE_WEB=<folder>\` audits a build made before instead, as it is), starts the local stack in memory serving it (as \`npm start -- --web=dist\` does) with the demo data, and audits each page in Chromium (\`CHROME_PATH\`, default /usr/bin/chromium) through Lighthouse's Node API. To look at one page by hand: \`npm start -- --web=dist\` after \`npx vite build --config web/vite.config.ts\`, then \`CHROME_PATH=/usr/bin/chromium npx lighthouse http://127.0.0.1:5173/login --only-categories=performance,accessibility,best-practices --view\` (a signed-in page needs the session: this bench signs in first and keeps the storage).`,
    '',
    `| page | performance (target ≥ ${TARGETS.performance}) | accessibility (target ${TARGETS.accessibility}) | best practices (target ≥ ${TARGETS.bestPractices}) | LCP (target ≤ ${TARGETS.lcpMs / 1000} s) | CLS (target ≤ ${TARGETS.cls}) | TBT (target ≤ ${TARGETS.tbtMs} ms) | met |`,
    '|---|---|---|---|---|---|---|---|',
    ...bench.pages.map((p) => {
      const m = p.median;
      const mark = (value: string, met: boolean) => (met ? value : `**${value}**`);
      return `| ${p.name} (\`${p.path}\`${p.signedIn ? ', signed in' : ''}) | ${mark(String(m.performance), p.met.performance)} | ${mark(String(m.accessibility), p.met.accessibility)} | ${mark(String(m.bestPractices), p.met.bestPractices)} | ${mark(`${(m.lcpMs / 1000).toFixed(1)} s`, p.met.lcp)} | ${mark(String(m.cls), p.met.cls)} | ${mark(`${m.tbtMs} ms`, p.met.tbt)} | ${yesNo(p.met.all)} |`;
    }),
    '',
    `Each figure is the median of ${bench.runs} runs (the runs: \`runs\` in the JSON). Lighthouse's defaults: ${bench.settings.formFactor} emulation, ${bench.settings.throttlingMethod === 'simulate' ? 'simulated' : bench.settings.throttlingMethod} throttling (${t.rttMs} ms RTT, ${Math.round(((t.throughputKbps ?? 0) / 1024) * 10) / 10} Mbit/s, CPU slowed ${t.cpuSlowdownMultiplier}×), categories performance, accessibility and best practices. The pages run round after round, so a busy moment of the machine weighs on one run of each page. The sign-in page is a first visit, signed out (everything the origin keeps and the HTTP cache emptied before each run); the signed-in pages are Camille's (the demo data's admin of Atelier Horizon, whose sphere report is audited), signed in through the sign-in page in Playwright, then audited in a new tab of the same browser with \`disableStorageReset\` and the HTTP cache emptied before each run, so they load the SPA as a first visit does, with her session. The feeling flow is the \`feeling\` overlay over home, opened by its URL. The stack serves the build gzipped, as CloudFront does (infra/web.ts, \`compress: true\`). Lighthouse's estimate of this machine's speed (BenchmarkIndex): ${bench.pages.map((p) => p.benchmarkIndex ?? 'n/a').join(', ')}; a slower machine reads a longer TBT and LCP under simulated throttling.`,
    '',
    "What the pages lose points on (the run of each page whose performance score is the median): LCP's element, the opportunities that weigh most on performance, and the accessibility and best-practice audits that did not pass.",
    '',
    ...bench.pages.flatMap((p) => [
      `- **${p.name}**: LCP element ${p.lcpElement ? `\`${p.lcpElement}\`` : 'n/a'}. ${
        p.opportunities.length
          ? p.opportunities
              .slice(0, 4)
              .map(
                (o) =>
                  `${o.title} (\`${o.id}\`${o.savingsMs ? `, ${o.savingsMs} ms` : ''}${
                    o.savingsBytes ? `, ${(o.savingsBytes / 1024).toFixed(0)} KB` : ''
                  }${o.items.length ? `: ${o.items.slice(0, 3).join('; ')}` : ''})`,
              )
              .join('. ') + '.'
          : 'No opportunity.'
      }${
        p.findings.length
          ? ` Not passed: ${p.findings.map((f) => `\`${f.id}\` (${f.category}${f.items.length ? `: ${f.items.slice(0, 3).join('; ')}` : ''})`).join(', ')}.`
          : ' Every accessibility and best-practice audit passed.'
      }`,
    ]),
    '',
  ];
  return lines;
}
