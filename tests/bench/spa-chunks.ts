import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { replaceDocSection } from './doc-section';

/** One chunk of Vite's manifest (`build.manifest`): its file and the chunks it imports. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const KB = 1024;
/** The name BENCH_ONLY selects this section by. */
export const SPA_SECTION = 'spa';
const STRINGS = 'src/i18n/bundles/fr.ts';
const APP_STRINGS = 'src/i18n/bundles/fr-app.ts';
/** Amplify Auth, loaded by a page that needs the session (web/src/lib/amplify-auth.ts). */
const AMPLIFY = [
  '../node_modules/aws-amplify/dist/esm/index.mjs',
  '../node_modules/aws-amplify/dist/esm/auth/index.mjs',
];
/** ECharts with the parts the product draws (web/src/lib/chart.tsx). */
const ECHARTS = ['src/lib/echarts-parts.ts'];
const F = 'src/features/';
/** The home page and the sections it shows (their code is fetched with it: `preloadHomeSections`). */
const HOME = [
  `${F}home/home-page.tsx`,
  `${F}feelings/home/feelings-home.tsx`,
  `${F}thinking/thinking-home.tsx`,
  `${F}spheres/sessions-home.tsx`,
  `${F}forms-centre/centre-home.tsx`,
  `${F}strategies/life-compass-home.tsx`,
];

/**
 * A first view a person opens, with what it downloads: the entry and its static imports, then the
 * modules it loads (its page, the strings of the language read, here French, the largest; the auth
 * library where a session is needed; the charts where it draws one), each with its static imports.
 * The budget is the most it may weigh, gzipped: a test fails past it (tests/bench/spa-budgets.test.ts).
 */
export interface SpaRoute {
  name: string;
  modules: readonly string[];
  budgetBytes: number;
  /** The target of issue 39 for a first route, when it is not the budget yet. */
  targetBytes: number;
}

export const SPA_ROUTES: readonly SpaRoute[] = [
  {
    name: 'sign-in',
    modules: [STRINGS, `${F}auth/sign-in-page.tsx`],
    budgetBytes: 295 * KB,
    targetBytes: 150 * KB,
  },
  {
    name: 'home',
    modules: [STRINGS, APP_STRINGS, ...AMPLIFY, ...HOME],
    budgetBytes: 405 * KB,
    targetBytes: 150 * KB,
  },
  {
    name: 'feeling flow (home, then the feeling overlay)',
    modules: [STRINGS, APP_STRINGS, ...AMPLIFY, ...HOME, `${F}feelings/feeling-overlay.tsx`],
    budgetBytes: 415 * KB,
    targetBytes: 150 * KB,
  },
  {
    name: 'history',
    modules: [STRINGS, APP_STRINGS, ...AMPLIFY, `${F}feelings/history/history-page.tsx`, ...ECHARTS],
    budgetBytes: 600 * KB,
    targetBytes: 150 * KB,
  },
  {
    name: "a sphere's report",
    modules: [STRINGS, APP_STRINGS, ...AMPLIFY, `${F}reports/place-reports/report-page.tsx`, ...ECHARTS],
    budgetBytes: 640 * KB,
    targetBytes: 150 * KB,
  },
];

/** Heavy parts loaded beyond the route that opens them: what they add, and their budget. */
export const SPA_CHUNKS: readonly { name: string; source: string; budgetBytes?: number }[] = [
  { name: 'survey editor (route)', source: 'src/features/forms/form-editor-page.tsx' },
  // The runner brings the Mantine inputs its questions use (no longer in every page's entry).
  { name: 'form runner', source: 'src/components/form-runner/index.ts', budgetBytes: 85 * KB },
];

export interface SpaRouteWeight extends SpaRoute {
  /** JavaScript files fetched, gzipped at level 9 as CloudFront serves them. */
  jsFiles: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** The largest files, with their gzipped size. */
  largest: { file: string; gzipBytes: number }[];
}

export interface SpaChunk {
  name: string;
  source: string;
  /** What loading it fetches beyond the entry: its own chunk and the chunks only it needs. */
  files: string[];
  gzipBytes: number;
  budgetBytes?: number;
}

export interface SpaSizes {
  /** The entry and the chunks it imports statically (JavaScript and CSS), gzipped. */
  shellGzipBytes: number;
  routes: SpaRouteWeight[];
  chunks: SpaChunk[];
}

/** The static-import closure of a manifest key, the key included. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(manifest, next, seen);
  return seen;
}

function filesOf(manifest: Manifest, keys: Iterable<string>): string[] {
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return [...files].sort();
}

function chunkOf(manifest: Manifest, key: string): ManifestChunk {
  const chunk = manifest[key];
  if (!chunk)
    throw new Error(`${key} is not a chunk of the build: was it moved, or is it no longer loaded lazily?`);
  return chunk;
}

/**
 * Weights of the SPA in a production build (`outDir` built with `build.manifest`): what each first
 * view downloads, and what the heavy parts add beyond the entry.
 */
export function spaSizes(outDir: string): SpaSizes {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const sizes = new Map<string, number>();
  const gz = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(resolve(outDir, file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
  const sum = (files: readonly string[]) => files.reduce((total, f) => total + gz(f), 0);
  // The entry: what index.html loads (its scripts, module preloads and stylesheets), with the
  // chunks those import. (The build's `shell` group takes the entry module into its chunk.)
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const referenced = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]));
  const shell = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest))
    if (referenced.has(chunk.file) || chunk.css?.some((css) => referenced.has(css)))
      closure(manifest, key, shell);
  if (shell.size === 0) throw new Error('index.html loads no chunk of the manifest');

  const routes = SPA_ROUTES.map((route) => {
    const keys = new Set(shell);
    for (const module of route.modules) {
      chunkOf(manifest, module);
      closure(manifest, module, keys);
    }
    const files = filesOf(manifest, keys);
    const js = files.filter((f) => f.endsWith('.js'));
    return {
      ...route,
      jsFiles: js.length,
      jsGzipBytes: sum(js),
      cssGzipBytes: sum(files.filter((f) => f.endsWith('.css'))),
      largest: js
        .map((file) => ({ file, gzipBytes: gz(file) }))
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .slice(0, 5),
    };
  });

  const chunks = SPA_CHUNKS.map(({ name, source, budgetBytes }) => {
    chunkOf(manifest, source);
    const files = filesOf(
      manifest,
      [...closure(manifest, source)].filter((k) => !shell.has(k)),
    );
    return {
      name,
      source,
      files,
      gzipBytes: sum(files),
      ...(budgetBytes !== undefined ? { budgetBytes } : {}),
    };
  });
  return { shellGzipBytes: sum(filesOf(manifest, shell)), routes, chunks };
}

/** The section of docs/benchmarks.md. */
export function spaLines(spa: SpaSizes & { date: string }): string[] {
  const kb = (bytes: number) => (bytes / KB).toFixed(1);
  const yes = (met: boolean) => (met ? 'yes' : '**no**');
  return [
    '## SPA JavaScript by route',
    '',
    `Measured by tests/bench/spa-chunks.ts (\`BENCH_ONLY=spa\` runs it alone), ${spa.date}, on a production build (\`vite build --manifest\`), gzipped at level 9. Raw figures: \`tests/bench/results/spa.json\`.`,
    '',
    '| first view | JavaScript (KB gzipped) | files | CSS (KB gzipped) | budget (a test fails past it) | within budget | target (issue 39) | met |',
    '|---|---|---|---|---|---|---|---|',
    ...spa.routes.map(
      (r) =>
        `| ${r.name} | ${kb(r.jsGzipBytes)} | ${r.jsFiles} | ${kb(r.cssGzipBytes)} | ≤ ${kb(r.budgetBytes)} | ${yes(
          r.jsGzipBytes <= r.budgetBytes,
        )} | ≤ ${kb(r.targetBytes)} | ${yes(r.jsGzipBytes <= r.targetBytes)} |`,
    ),
    '',
    'A view counts the entry and its static imports, the strings of the language read (French, the largest),',
    'the auth library where a session is needed (not on the sign-in page, where it loads while the email is',
    'typed), the page and what it loads to show itself (home: its sections; history and reports: the charts).',
    'The largest files of each: ' +
      spa.routes
        .map(
          (r) =>
            `${r.name}: ${r.largest.map((l) => `${l.file.replace(/^assets\//, '')} ${kb(l.gzipBytes)}`).join(', ')}`,
        )
        .join('; ') +
      '.',
    'Why the target is not met, and what meeting it would take: docs/decisions/0058-spa-weight.md.',
    '',
    '| heavy part | loaded for | KB gzipped beyond the entry | budget | met |',
    '|---|---|---|---|---|',
    ...spa.chunks.map(
      (c) =>
        `| ${c.name} | \`web/${c.source}\` | ${kb(c.gzipBytes)} | ${
          c.budgetBytes !== undefined ? `< ${kb(c.budgetBytes)}` : 'n/a'
        } | ${c.budgetBytes !== undefined ? yes(c.gzipBytes < c.budgetBytes) : 'n/a'} |`,
    ),
    '',
    `The entry with its static imports (JavaScript and CSS) is ${kb(spa.shellGzipBytes)} KB gzipped.`,
    '',
  ];
}

/** Builds the SPA for production into `outDir` with its manifest. */
export function buildSpa(outDir: string): void {
  const built = spawnSync(
    'npx',
    ['vite', 'build', '--config', 'web/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--manifest'],
    // A production build whoever runs it (vitest sets NODE_ENV=test, which would build React's
    // development code).
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (built.status !== 0) throw new Error('The SPA build failed.');
}

let last: (SpaSizes & { date: string }) | null = null;

/**
 * The SPA section (`BENCH_ONLY=spa` selects it): builds the SPA, weighs it, writes
 * tests/bench/results/spa.json and its section of docs/benchmarks.md. A few seconds; no stack.
 */
export function benchSpa(options: { selected: (name: string) => boolean; results: string }): void {
  if (!options.selected(SPA_SECTION)) return;
  const outDir = join(process.cwd(), '.local', 'bench-web');
  buildSpa(outDir);
  last = { date: new Date().toISOString(), ...spaSizes(outDir) };
  writeFileSync(join(options.results, 'spa.json'), JSON.stringify(last, null, 2) + '\n');
  replaceDocSection('docs/benchmarks.md', spaLines(last));
}

/** The section of the last run of benchSpa (nothing if none ran). */
export function spaSectionLines(): string[] {
  return last ? spaLines(last) : [];
}
