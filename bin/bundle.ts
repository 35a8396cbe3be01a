import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { lambdaEntries } from './lambda-entries';
import { AWS_SDK_EXTERNALS, BUNDLE_ALIASES, RENDER_BUNDLING } from '../infra/function';

/**
 * Bundles every Lambda the way CDK's NodejsFunction does (esbuild, minified CommonJS for Node 22, the AWS
 * SDK v3 left to the runtime), into
 * dist/functions/<name>/index.cjs, and prints each size. CDK bundles again at synth; this build is for
 * inspection and for the bundle-size benchmark.
 */
export async function bundleLambdas(
  outDir = 'dist/functions',
): Promise<Record<string, { file: string; bytes: number }>> {
  const results: Record<string, { file: string; bytes: number }> = {};
  for (const [name, entry] of Object.entries(lambdaEntries())) {
    if (!existsSync(entry)) throw new Error(`Lambda entry ${entry} is missing`);
    const dir = join(outDir, name);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'index.cjs');
    // The render worker's bundle needs more (infra/function.ts RENDER_BUNDLING): its own defines,
    // banner and aliases, and its fonts and WebAssembly copied beside it.
    const extras = name === 'worker-render' ? RENDER_BUNDLING : undefined;
    await build({
      entryPoints: [entry],
      outfile: file,
      bundle: true,
      minify: true,
      sourcemap: false,
      platform: 'node',
      target: 'node22',
      format: 'cjs',
      mainFields: ['module', 'main'],
      external: [...AWS_SDK_EXTERNALS],
      alias: { ...BUNDLE_ALIASES, ...extras?.alias },
      ...(extras ? { define: { ...extras.define }, banner: { js: extras.banner } } : {}),
      logLevel: 'error',
    });
    for (const asset of extras?.assets ?? []) copyFileSync(asset.from, join(dir, asset.name));
    results[name] = { file, bytes: statSync(file).size };
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await bundleLambdas();
  for (const [name, { bytes }] of Object.entries(results))
    console.log(`${name.padEnd(32)} ${(bytes / 1024).toFixed(1)} KB`);
}
