import { dirname, join, relative, sep } from 'node:path';

/**
 * The import rules of the product's layers (docs/layers.md), on relative imports:
 *
 * Server (`functions/`):
 * - `lib` is the ground floor: it imports no domain and not the registry;
 * - a domain imports another domain only through its public face, `functions/<domain>/index.ts`
 *   (the registry, `functions/domains.ts`, reads each `domain.ts`);
 *
 * SPA (`web/src/`), which points one way, app → features → components and lib:
 * - the app reads a feature only through its face, `web/src/features/<feature>/index.ts`;
 * - `components` and `lib` import no feature and not the app;
 * - a feature imports no other feature and not the app.
 *
 * Test files are wiring, not layers: they may reach what they test.
 */

const ROOT = process.cwd();

/** Which layer a repository file belongs to, or null when no rule applies to it. */
export function layerOf(file) {
  const parts = relative(ROOT, file).split(sep);
  if (parts[0] === 'functions') {
    // `functions/domains.ts` is the registry; any other name right under functions/ is a domain
    // folder (an import of its face, `../users`, resolves to `functions/users`).
    if (parts.length === 2 && /^domains(\.test)?(\.ts)?$/.test(parts[1]))
      return { side: 'server', layer: 'registry' };
    if (parts.length === 2) return { side: 'server', layer: 'domain', name: parts[1], rest: '' };
    if (parts[1] === 'lib') return { side: 'server', layer: 'lib' };
    return { side: 'server', layer: 'domain', name: parts[1], rest: parts.slice(2).join('/') };
  }
  if (parts[0] === 'web' && parts[1] === 'src') {
    if (parts[2] === 'features')
      return { side: 'web', layer: 'feature', name: parts[3], rest: parts.slice(4).join('/') };
    if (parts[2] === 'app') return { side: 'web', layer: 'app' };
    if (parts[2] === 'components' || parts[2] === 'lib') return { side: 'web', layer: parts[2] };
    return { side: 'web', layer: 'other' };
  }
  return null;
}

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.includes(`${sep}test${sep}`);
const FACE = /^index(\.tsx?)?$/;

/** The message when `from` may not import `to`, or null when it may. */
export function refusal(from, to) {
  if (!from || !to || from.side !== to.side) return null;
  if (from.side === 'server') {
    if (from.layer === 'lib' && (to.layer === 'domain' || to.layer === 'registry'))
      return 'functions/lib imports no domain: take what it needs as a parameter, supplied when a domain is wired.';
    if (
      from.layer === 'domain' &&
      to.layer === 'domain' &&
      from.name !== to.name &&
      !FACE.test(to.rest || 'index')
    )
      return `A domain imports another only through its public face: import '../${to.name}', not '../${to.name}/${to.rest}'.`;
    return null;
  }
  if ((from.layer === 'components' || from.layer === 'lib') && (to.layer === 'feature' || to.layer === 'app'))
    return `web/src/${from.layer} imports no feature and not the app: move what it needs down to components or lib.`;
  if (from.layer === 'app' && to.layer === 'feature' && !FACE.test(to.rest || 'index'))
    return `The app reads a feature through its face: import '../features/${to.name}', not '…/${to.name}/${to.rest}'.`;
  if (from.layer === 'feature' && to.layer === 'app')
    return 'A feature does not import the app: the app imports features (web/src/app/features.ts).';
  if (from.layer === 'feature' && to.layer === 'feature' && from.name !== to.name)
    return `A feature does not import another feature (${to.name}): move what both need down to components or lib.`;
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layers of docs/layers.md' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (isTest(file)) return {};
    const from = layerOf(file);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const message = refusal(from, layerOf(join(dirname(file), source)));
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { layers: rule } };
