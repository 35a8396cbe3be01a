import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { createGzip } from 'node:zlib';
import type { Plugin, ViteDevServer } from 'vite';
import { WebConfigSchema, parseParentOrigins, type WebConfig } from '@shared/contracts/web-config';
import { permissionsPolicyFor } from '../../infra/headers';
import { closeServer } from './gateway';
import { REPOSITORY_ROOT } from './lambda';

export type WebMode = 'dev' | 'dist';

export interface LocalWeb {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The host the local SPA listens on, Vite's dev server and the dist server alike. */
export const LOCAL_WEB_HOST = '127.0.0.1';

/**
 * The origin the local SPA is served at on a port: what its URL starts with, and what the local
 * stack configures as the web origin of the links in mails and texts (`WEB_ORIGIN`).
 */
export function localWebOrigin(port: number): string {
  return `http://${LOCAL_WEB_HOST}:${port}`;
}

const WEB_ROOT = join(REPOSITORY_ROOT, 'web');
const DIST = join(WEB_ROOT, 'dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

function sendConfig(res: ServerResponse, config: WebConfig): void {
  const body = JSON.stringify(config);
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}

/** Serves `/config.json` from the Vite dev server, before Vite's own middlewares. */
function configPlugin(config: WebConfig): Plugin {
  return {
    name: 'wellbeing-local-config',
    configureServer(server) {
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const pathname = req.url?.split('?')[0] ?? '/';
        if (pathname === '/config.json') {
          sendConfig(res, config);
          return;
        }
        res.setHeader('permissions-policy', permissionsPolicyFor(pathname));
        next();
      });
    },
  };
}

async function startDev(config: WebConfig, port: number): Promise<LocalWeb> {
  const { createServer: createViteServer } = await import('vite');
  const vite: ViteDevServer = await createViteServer({
    configFile: join(WEB_ROOT, 'vite.config.ts'),
    root: WEB_ROOT,
    clearScreen: false,
    logLevel: 'warn',
    server: { host: LOCAL_WEB_HOST, port, strictPort: true },
    plugins: [configPlugin(config)],
  });
  await vite.listen();
  const address = vite.httpServer?.address() as AddressInfo | null;
  const actual = address?.port ?? port;
  return { url: localWebOrigin(actual), port: actual, stop: () => vite.close() };
}

/** Resolves a request path inside `root`, or null when it would leave it. */
function fileFor(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const file = normalize(join(root, decoded));
  if (file !== root && !file.startsWith(root + sep)) return null;
  return file;
}

/** What CloudFront compresses (infra/web.ts, `compress: true`): text of 1 000 bytes or more. */
const COMPRESSED = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/;

function serveFile(req: IncomingMessage, res: ServerResponse, file: string, cache: string): void {
  const { size } = statSync(file);
  const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  // Gzipped when the browser accepts it, as CloudFront sends it (a browser asks no Brotli over http).
  const gzip =
    size >= 1000 && COMPRESSED.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  res.writeHead(200, {
    'content-type': type,
    ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : { 'content-length': size }),
    'cache-control': cache,
    'permissions-policy': permissionsPolicyFor(pathname),
  });
  if (req.method === 'HEAD') res.end();
  else if (gzip) createReadStream(file).pipe(createGzip()).pipe(res);
  else createReadStream(file).pipe(res);
}

async function startDist(config: WebConfig, port: number, root: string): Promise<LocalWeb> {
  const index = join(root, 'index.html');
  if (!existsSync(index)) {
    throw new Error(`${index} is missing: build the SPA first (vite build --config web/vite.config.ts)`);
  }
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      res.end();
      return;
    }
    if (pathname === '/config.json') {
      sendConfig(res, config);
      return;
    }
    const file = fileFor(root, pathname);
    if (file && existsSync(file) && statSync(file).isFile()) {
      // Vite fingerprints what it puts under assets/: those never change.
      const immutable = pathname.startsWith('/assets/');
      serveFile(req, res, file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return;
    }
    if (extname(pathname) !== '' && !pathname.endsWith('.html')) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    // The SPA's own routes (/feelings, /spheres/…) all answer index.html, as CloudFront does.
    serveFile(req, res, index, 'no-cache');
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, LOCAL_WEB_HOST, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  return { url: localWebOrigin(actual), port: actual, stop: () => closeServer(server) };
}

/**
 * Locally the parent windows allowed to embed the SPA come from `PARENT_ORIGINS` (comma-separated,
 * default none), unless the caller's configuration names them (docs/embedding.md).
 */
export function withParentOrigins(config: WebConfig, env: NodeJS.ProcessEnv): WebConfig {
  if (config.parentOrigins !== undefined) return config;
  const parentOrigins = parseParentOrigins(env.PARENT_ORIGINS);
  return parentOrigins.length > 0 ? { ...config, parentOrigins } : config;
}

/**
 * Serves the SPA with its runtime `/config.json` (shared/contracts/web-config.ts): `dev` runs the
 * Vite dev server with web/vite.config.ts (hot reload), `dist` serves the built web/dist with the
 * fallback to index.html that CloudFront gives the SPA's routes.
 */
export async function startWeb(options: {
  mode: WebMode;
  config: WebConfig;
  port?: number;
  /** Folder of the built SPA (dist mode). @default web/dist */
  distDir?: string;
}): Promise<LocalWeb> {
  const config = WebConfigSchema.parse(withParentOrigins(options.config, process.env));
  const port = options.port ?? 0;
  return options.mode === 'dev'
    ? startDev(config, port)
    : startDist(config, port, resolve(options.distDir ?? DIST));
}
