import { relative, sep } from 'node:path';
import {
  cycles,
  foldGraph,
  importBase,
  importGraph,
  reaches,
  resolveImport,
  targetsOf,
} from './import-graph.js';

/**
 * The import rules of the product's layers (docs/layers.md):
 *
 * Server (`functions/`), floors from the top:
 * - entries (a Lambda's `handler.ts`, the auth triggers, the queue workers, `seeding.ts`) and
 *   `functions/access` (the caller: rights and the start call) wire domains together; the
 *   registries (`functions/domains.ts`, `functions/cascades.ts`) list them. No domain file imports
 *   an entry, `access` or a registry;
 * - a domain imports another only through its public face, `functions/<domain>/index.ts`;
 * - ground domains (`rollups`) import no other domain; `lib` imports no domain at all.
 *
 * Shared (`shared/`): `domain` is the ground, `contracts` above it (a domain rule may name a wire
 * shape's type, never load a contract); neither imports the server, the SPA, infra or tools.
 *
 * SPA (`web/src/`), which points one way, app → features → components and lib:
 * - the app reads a feature only through its face, `web/src/features/<feature>/index.ts`;
 * - `components` and `lib` import no feature and not the app;
 * - a feature imports no other feature and not the app.
 *
 * Tools (`tools/`): the local stack and the demo read domain faces, their `seeding.ts`, `lib` and
 * the registries; nothing of the product imports a tool.
 *
 * And everywhere: no import cycle, between files or between server domains and SPA features
 * (`boundaries/no-cycle`). Test files are wiring, not layers: they may reach what they test.
 */

const ROOT = process.cwd();

const ENTRY_FILES = new Set(['handler.ts', 'seeding.ts']);
const DOMAIN_ENTRIES = {
  auth: [
    'create-auth-challenge.ts',
    'define-auth-challenge.ts',
    'verify-auth-challenge.ts',
    'pre-sign-up.ts',
    'pre-token-generation.ts',
  ],
  workers: ['notify.ts'],
  reports: ['worker.ts'],
};
/** Domains on the ground floor: every domain may read them, they read none. */
const GROUND_DOMAINS = new Set(['rollups']);
const REGISTRIES = /^(domains|cascades)(\.ts)?$/;

/** Which layer a repository file belongs to, or null when no rule applies to it. */
export function layerOf(file) {
  const parts = relative(ROOT, file).split(sep);
  if (parts[0] === 'functions') {
    if (parts.length === 2 && REGISTRIES.test(parts[1])) return { side: 'server', layer: 'registry' };
    // Any other name right under functions/ is a domain folder (`../users` resolves to it).
    const name = parts[1]?.replace(/\.ts$/, '');
    if (name === 'lib') return { side: 'server', layer: 'lib' };
    if (name === 'access') return { side: 'server', layer: 'access', name };
    const rest = parts.slice(2).join('/');
    if (parts.length === 3 && (ENTRY_FILES.has(rest) || DOMAIN_ENTRIES[name]?.includes(rest)))
      return { side: 'server', layer: 'entry', name, rest };
    return { side: 'server', layer: 'domain', name, rest };
  }
  if (parts[0] === 'shared') return { side: 'shared', layer: parts[1] ?? '' };
  if (parts[0] === 'tools') return { side: 'tools', layer: 'tools' };
  if (parts[0] === 'infra') return { side: 'infra', layer: 'infra' };
  if (parts[0] === 'web' && parts[1] === 'src') {
    if (parts[2] === 'features')
      return { side: 'web', layer: 'feature', name: parts[3], rest: parts.slice(4).join('/') };
    if (parts[2] === 'app') return { side: 'web', layer: 'app' };
    if (parts[2] === 'components' || parts[2] === 'lib') return { side: 'web', layer: parts[2] };
    return { side: 'web', layer: 'other' };
  }
  return null;
}

export const isTest = (file) =>
  /\.test\.tsx?$/.test(file) || /\.spec\.tsx?$/.test(file) || file.includes(`${sep}test${sep}`);
const FACE = /^index(\.tsx?)?$/;
const isFace = (to) => FACE.test(to.rest || 'index');

function serverRefusal(from, to) {
  if (from.layer === 'lib' && to.layer !== 'lib')
    return 'functions/lib imports no domain: take what it needs as a parameter, supplied when a domain is wired.';
  if (from.layer === 'domain' && (to.layer === 'entry' || to.layer === 'access' || to.layer === 'registry'))
    return `A domain imports no Lambda entry, functions/access nor a registry: they are above every domain (upward import of ${to.layer}); take what it needs as a parameter its entry wires.`;
  if (
    from.layer === 'domain' &&
    GROUND_DOMAINS.has(from.name) &&
    to.layer === 'domain' &&
    to.name !== from.name
  )
    return `functions/${from.name} is on the ground floor: it imports no other domain (upward import of ${to.name}).`;
  if (
    (from.layer === 'domain' || from.layer === 'entry' || from.layer === 'access') &&
    to.layer === 'domain' &&
    from.name !== to.name &&
    !isFace(to)
  )
    return `A domain imports another only through its public face: import '../${to.name}', not '../${to.name}/${to.rest}'.`;
  return null;
}

function webRefusal(from, to) {
  if ((from.layer === 'components' || from.layer === 'lib') && (to.layer === 'feature' || to.layer === 'app'))
    return `web/src/${from.layer} imports no feature and not the app: move what it needs down to components or lib.`;
  if (from.layer === 'app' && to.layer === 'feature' && !isFace(to))
    return `The app reads a feature through its face: import '../features/${to.name}', not '…/${to.name}/${to.rest}'.`;
  if (from.layer === 'feature' && to.layer === 'app')
    return 'A feature does not import the app: the app imports features (web/src/app/features.ts).';
  if (from.layer === 'feature' && to.layer === 'feature' && from.name !== to.name)
    return `A feature does not import another feature (${to.name}): move what both need down to components or lib.`;
  return null;
}

/** The message when `from` may not import `to` (`typeOnly`: an `import type`), or null. */
export function refusal(from, to, typeOnly = false) {
  if (!from || !to) return null;
  if (to.side === 'tools' && from.side !== 'tools')
    return 'Nothing of the product imports a tool: tools/ (the local stack, the demo) sit above it.';
  if (from.side === 'shared' && to.side !== 'shared')
    return `shared/ is read by the server and the SPA alike: it imports neither (upward import of ${to.side}).`;
  if (from.side === 'shared' && from.layer === 'domain' && to.layer === 'contracts' && !typeOnly)
    return 'shared/domain is the ground: it loads no contract (name a wire shape with `import type`, or move the rule down).';
  if (from.side === 'tools' && to.side === 'server') {
    const allowed =
      to.layer === 'lib' ||
      to.layer === 'registry' ||
      (to.layer === 'domain' && isFace(to)) ||
      (to.layer === 'entry' && to.rest === 'seeding.ts');
    return allowed
      ? null
      : `Tools read a domain through its face or its seeding section: '…/functions/${to.name}' or '…/functions/${to.name}/seeding', not '${to.rest}'.`;
  }
  if (from.side !== to.side) return null;
  if (from.side === 'server') return serverRefusal(from, to);
  if (from.side === 'web') return webRefusal(from, to);
  return null;
}

const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layers of docs/layers.md' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    // Tools' tests are held to the tools rule too: they run the product as the local stack does.
    if (!from || (isTest(file) && from.side !== 'tools')) return {};
    const check = (node, source, typeOnly) => {
      if (typeof source !== 'string') return;
      // The file it names (a folder's face: its index.ts), or the path as written for one not there.
      const target = resolveImport(ROOT, file, source) ?? importBase(ROOT, file, source);
      if (!target) return;
      const message = refusal(from, layerOf(target), typeOnly);
      if (message) context.report({ node, message });
    };
    const typeOnly = (node) => node.importKind === 'type' || node.exportKind === 'type';
    return {
      ImportDeclaration: (node) => check(node, node.source.value, typeOnly(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, typeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.source.value, typeOnly(node)),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
    };
  },
};

/** The unit a file counts in for cycles between parts: a server domain's files, an SPA feature. */
function unitOf(file) {
  const layer = layerOf(file);
  if (!layer) return null;
  if (layer.side === 'server' && layer.layer === 'domain') return `functions/${layer.name}`;
  if (layer.side === 'web' && layer.layer === 'feature') return `web/src/features/${layer.name}`;
  if (layer.side === 'shared') return `shared/${layer.layer}`;
  return null;
}

let graphs;
/** The value-import graph of the repository's sources, read once per lint run. */
function repositoryGraphs() {
  if (!graphs) {
    const files = importGraph(ROOT, ['functions', 'shared', 'web/src', 'infra', 'bin', 'tools'], false);
    const inCycle = new Map();
    for (const component of cycles(files)) for (const f of component) inCycle.set(f, new Set(component));
    graphs = { files, inCycle, units: foldGraph(files, unitOf) };
  }
  return graphs;
}

const noCycleRule = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle between files, server domains or SPA features' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (isTest(file) || !layerOf(file)) return {};
    return {
      'Program:exit'(program) {
        const { files, inCycle, units } = repositoryGraphs();
        const text = context.sourceCode.text;
        const onDisk = files.get(file);
        const mine = targetsOf(ROOT, file, text, false);
        const same = onDisk && onDisk.size === mine.size && [...mine].every((t) => onDisk.has(t));
        const unit = unitOf(file);
        for (const node of program.body) {
          const source =
            (node.type === 'ImportDeclaration' && node.importKind !== 'type') ||
            (node.type === 'ExportNamedDeclaration' && node.source && node.exportKind !== 'type') ||
            node.type === 'ExportAllDeclaration'
              ? node.source.value
              : null;
          if (typeof source !== 'string') continue;
          const target = resolveImport(ROOT, file, source);
          if (!target || isTest(target)) continue;
          const back = same ? inCycle.get(file)?.has(target) : reaches(files, target, file);
          if (back) {
            context.report({
              node,
              message: `Import cycle: ${relative(ROOT, target)} imports ${relative(ROOT, file)} back, directly or through others. Move what both need down a floor.`,
            });
            continue;
          }
          const to = unitOf(target);
          if (unit && to && to !== unit && reaches(units, to, unit))
            context.report({
              node,
              message: `Import cycle between parts: ${to} imports ${unit} back, directly or through others. Wire it from above (an entry, a registry) or move it down.`,
            });
        }
      },
    };
  },
};

export default { rules: { layers: layersRule, 'no-cycle': noCycleRule } };
