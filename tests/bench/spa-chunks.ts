import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's manifest (`build.manifest`): its file and the chunks it imports. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface SpaChunk {
  /** The module the chunk is loaded for (a route's page, the form runner). */
  name: string;
  source: string;
  /** What loading it fetches beyond the app shell: its own chunk and the chunks only it needs. */
  files: string[];
  gzipBytes: number;
  /** The budget, when it has one (the runner: 60 KB gzipped, issue 11). */
  budgetBytes?: number;
}

export interface SpaSizes {
  /** The app shell: the entry and the chunks it imports, gzipped. */
  shellGzipBytes: number;
  chunks: SpaChunk[];
}

/** The chunks the bench reports: the survey editor's route and the runner a participant opens. */
export const SPA_CHUNKS: readonly { name: string; source: string; budgetBytes?: number }[] = [
  { name: 'survey editor (route)', source: 'src/features/forms/form-editor-page.tsx' },
  { name: 'form runner', source: 'src/components/form-runner/index.ts', budgetBytes: 60 * 1024 },
];

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

/**
 * Sizes of the SPA's chunks in a production build (`outDir` built with `build.manifest`): what
 * opening the editor or the runner downloads beyond the shell, gzipped as CloudFront serves it.
 */
export function spaSizes(outDir: string): SpaSizes {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const gz = (file: string) => gzipSync(readFileSync(resolve(outDir, file)), { level: 9 }).length;
  const entries = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  const shell = new Set<string>();
  for (const entry of entries) closure(manifest, entry, shell);
  const shellFiles = filesOf(manifest, shell);
  const chunks = SPA_CHUNKS.map(({ name, source, budgetBytes }) => {
    if (!manifest[source])
      throw new Error(`${source} is not a chunk of the build: is it still lazily loaded?`);
    const own = [...closure(manifest, source)].filter((k) => !shell.has(k));
    const files = filesOf(manifest, own);
    return {
      name,
      source,
      files,
      gzipBytes: files.reduce((sum, f) => sum + gz(f), 0),
      ...(budgetBytes !== undefined ? { budgetBytes } : {}),
    };
  });
  return { shellGzipBytes: shellFiles.reduce((sum, f) => sum + gz(f), 0), chunks };
}
