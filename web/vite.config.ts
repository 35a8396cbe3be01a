import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
/** Identifies this build: the SPA compares it with /version.json to offer a reload (spec 01 §2). */
const build = `${version}-${Date.now().toString(36)}`;

/** Writes `version.json` ({ version, build }) beside index.html. */
function versionFile(): Plugin {
  return {
    name: 'version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ version, build })}\n`,
      });
    },
  };
}

/**
 * The SPA build. Run from the repository root: `vite build --config web/vite.config.ts`.
 * The runtime configuration (`/config.json`) is not part of the build: one bundle runs everywhere.
 */
export default defineConfig({
  root: 'web',
  // `@shared/` is the repository's shared/ folder (tsconfig.base.json paths).
  resolve: { alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) } },
  plugins: [react(), versionFile()],
  define: {
    __APP_VERSION__: JSON.stringify(version),
    __APP_BUILD__: JSON.stringify(build),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The entry chunk is above Vite's 500 KB warning by design (decision 0058); what each first view
    // may weigh is held by tests/bench/spa-budgets.test.ts instead.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page needs (the entry and its static imports) in one chunk, fetched at once;
          // the rest split by route and by dependency, fetched when a page or overlay needs it.
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
    },
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
