import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWS_SDK_EXTERNALS, BUNDLE_ALIASES, RENDER_BUNDLING } from '../../../infra/function';

const run = promisify(execFile);
const HERE = dirname(fileURLToPath(import.meta.url));

/** A script that renders the test report in both formats into the folder given as its argument. */
const ENTRY = `
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderFile } from './index';
import { testDocument } from './test-document';

const out = process.argv[2];
Promise.all([renderFile(testDocument(), 'pdf'), renderFile(testDocument(), 'docx')]).then(
  ([pdf, docx]) => {
    writeFileSync(join(out, 'report.pdf'), pdf.body);
    writeFileSync(join(out, 'report.docx'), docx.body);
  },
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
`;

/**
 * The render code bundled the way the render Lambda is (minified CommonJS for Node, with
 * RENDER_BUNDLING's define, banner, aliases and copied assets) runs outside the repository, where no
 * node_modules exists, and writes both files.
 */
describe('the render bundle', () => {
  let dir: string;
  let bundle: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'render-bundle-'));
    bundle = join(dir, 'index.cjs');
    await build({
      stdin: { contents: ENTRY, resolveDir: HERE, sourcefile: 'render-entry.ts', loader: 'ts' },
      outfile: bundle,
      bundle: true,
      minify: true,
      platform: 'node',
      target: 'node22',
      format: 'cjs',
      mainFields: ['module', 'main'],
      external: [...AWS_SDK_EXTERNALS],
      alias: { ...BUNDLE_ALIASES, ...RENDER_BUNDLING.alias },
      define: { ...RENDER_BUNDLING.define },
      banner: { js: RENDER_BUNDLING.banner },
      logLevel: 'error',
    });
    console.log(`render bundle: ${(statSync(bundle).size / 1024).toFixed(1)} KB`);
  }, 30_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails with a clear message when its assets are not beside it', async () => {
    const env = { ...process.env };
    delete env.RENDER_ASSETS_DIR;
    await expect(run(process.execPath, [bundle, dir], { cwd: dir, env })).rejects.toThrow(
      /RENDER_ASSETS_DIR is not set/,
    );
  }, 30_000);

  it('renders a PDF and a DOCX from the assets copied beside it', async () => {
    for (const { from, name } of RENDER_BUNDLING.assets) copyFileSync(from, join(dir, name));
    await run(process.execPath, [bundle, dir], {
      cwd: dir,
      env: { ...process.env, ...RENDER_BUNDLING.environment, RENDER_ASSETS_DIR: dir },
    });

    const pdf = readFileSync(join(dir, 'report.pdf'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/FontFile2');

    expect(existsSync(join(dir, 'report.docx'))).toBe(true);
    const docx = unzipSync(new Uint8Array(readFileSync(join(dir, 'report.docx'))));
    expect(Object.keys(docx)).toContain('word/document.xml');
    expect(Object.keys(docx).filter((name) => name.endsWith('.png'))).toHaveLength(2);
  }, 30_000);
});
