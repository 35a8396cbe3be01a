import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/**
 * The product's import graph, read from the source (relative imports and the `@shared/` alias),
 * without test files: what the cycle rule of the layers (eslint-rules/layers.js) walks.
 */

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

export const isTestFile = (file) =>
  /\.test\.tsx?$/.test(file) || /\.spec\.tsx?$/.test(file) || file.split(sep).includes('test');

function sourceFiles(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !isTestFile(path)) out.push(path);
  }
  return out;
}

/** The path an import names, as written (no extension resolved), or null for a package. */
export function importBase(root, from, source) {
  if (source.startsWith('@shared/')) return join(root, 'shared', source.slice('@shared/'.length));
  if (source.startsWith('.')) return join(dirname(from), source);
  return null;
}

/** The file an import names, or null for a package or a file that is not there. */
export function resolveImport(root, from, source) {
  const base = importBase(root, from, source);
  if (!base) return null;
  if (/\.tsx?$/.test(base) && existsSync(base)) return base;
  const js = base.replace(/\.js$/, '');
  for (const ext of EXTENSIONS) if (existsSync(js + ext)) return js + ext;
  return null;
}

/** The text without its comments (an import named in a comment is not one). */
const uncommented = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The imports of one file's text: [{ source, typeOnly }]. */
export function importsOf(text) {
  const found = [];
  for (const match of uncommented(text).matchAll(IMPORT)) {
    const source = match[2] ?? match[3];
    if (source) found.push({ source, typeOnly: Boolean(match[1]) });
  }
  return found;
}

/**
 * The files one file's text imports. `types`: whether `import type` counts (it is erased at
 * build, so it can form no cycle of loading; the rule's graph leaves it out).
 */
export function targetsOf(root, file, text, types = false) {
  const targets = new Set();
  for (const { source, typeOnly } of importsOf(text)) {
    if (typeOnly && !types) continue;
    const target = resolveImport(root, file, source);
    if (target && !isTestFile(target)) targets.add(target);
  }
  return targets;
}

/** file → Set of files it imports, for every non-test source file under `folders` of `root`. */
export function importGraph(root, folders, types = true) {
  const graph = new Map();
  for (const folder of folders) {
    for (const file of sourceFiles(join(root, folder))) {
      graph.set(file, targetsOf(root, file, readFileSync(file, 'utf8'), types));
    }
  }
  return graph;
}

/** Whether `to` reaches `from` in the graph (breadth first). */
export function reaches(graph, to, from) {
  const seen = new Set([to]);
  const queue = [to];
  while (queue.length) {
    const node = queue.shift();
    if (node === from) return true;
    for (const next of graph.get(node) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}

/** The strongly connected components of more than one node (or a node importing itself). */
export function cycles(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

/** The graph folded onto units (a domain folder, a feature): unit → Set of units. */
export function foldGraph(graph, unitOf) {
  const folded = new Map();
  for (const [file, targets] of graph) {
    const from = unitOf(file);
    if (!from) continue;
    if (!folded.has(from)) folded.set(from, new Set());
    for (const target of targets) {
      const to = unitOf(target);
      if (to && to !== from) folded.get(from).add(to);
    }
  }
  return folded;
}

export const rel = (root, file) => relative(root, file).split(sep).join('/');
