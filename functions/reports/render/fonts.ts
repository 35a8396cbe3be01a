import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * The files rendering reads at run time: the DejaVu Sans fonts embedded in every PDF and given to
 * the chart rasteriser (DejaVu covers œ, ĳ and every accent of French and Dutch), and resvg's
 * WebAssembly module, which draws the PNG fallback of a chart in a DOCX.
 *
 * Where they come from:
 * - unbundled (tests, the local stack), from node_modules, where npm installed them;
 * - in the render Lambda, from the folder named by `RENDER_ASSETS_DIR`. The bundle cannot carry
 *   binary files inside its JavaScript, so the build copies each file of `renderAssetFiles()` next
 *   to the bundle (infra/function.ts, `RENDER_BUNDLING`), and the function's environment points
 *   `RENDER_ASSETS_DIR` at that folder (`/var/task` in Lambda). Nothing is fetched over the network.
 */
export const RENDER_ASSETS_DIR = 'RENDER_ASSETS_DIR';

/** Each asset: its file name in the assets folder and its module path in node_modules. */
const ASSETS = {
  regular: { name: 'DejaVuSans.ttf', module: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf' },
  bold: { name: 'DejaVuSans-Bold.ttf', module: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf' },
  resvg: { name: 'index_bg.wasm', module: '@resvg/resvg-wasm/index_bg.wasm' },
} as const;
type Asset = keyof typeof ASSETS;

/** The family name charts ask for: the one font the PDF and the rasteriser know. */
export const FONT_FAMILY = 'DejaVu Sans';

function resolveFromModules(asset: Asset): string {
  return createRequire(import.meta.url).resolve(ASSETS[asset].module);
}

function assetPath(asset: Asset): string {
  const dir = process.env[RENDER_ASSETS_DIR];
  if (dir) return join(dir, ASSETS[asset].name);
  try {
    return resolveFromModules(asset);
  } catch (cause) {
    throw new Error(
      `${ASSETS[asset].name} is not in node_modules and ${RENDER_ASSETS_DIR} is not set: the render bundle needs its assets copied next to it`,
      { cause },
    );
  }
}

const loaded = new Map<Asset, Buffer>();
function read(asset: Asset): Buffer {
  let bytes = loaded.get(asset);
  if (!bytes) {
    bytes = readFileSync(assetPath(asset));
    loaded.set(asset, bytes);
  }
  return bytes;
}

/** DejaVu Sans, regular and bold, as TrueType files (read once). */
export function renderFonts(): { regular: Buffer; bold: Buffer } {
  return { regular: read('regular'), bold: read('bold') };
}

/** resvg's WebAssembly module (read once). */
export function resvgWasm(): Buffer {
  return read('resvg');
}

/**
 * The files a render bundle needs beside it: where each is now (absolute path in node_modules) and
 * the name it must have in the `RENDER_ASSETS_DIR` folder.
 */
export function renderAssetFiles(): { from: string; name: string }[] {
  return (Object.keys(ASSETS) as Asset[]).map((asset) => ({
    from: resolveFromModules(asset),
    name: ASSETS[asset].name,
  }));
}
