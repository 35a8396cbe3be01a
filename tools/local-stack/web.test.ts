import { PERMISSIONS_POLICY, SCAN_PAGE_PATH, SCAN_PAGE_PERMISSIONS_POLICY } from '../../infra/headers';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebConfigSchema, type WebConfig } from '@shared/contracts/web-config';
import { startWeb, type LocalWeb } from './web';

const config: WebConfig = {
  environment: 'local',
  apiUrl: 'http://127.0.0.1:3000',
  wsUrl: 'ws://127.0.0.1:3001/local',
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_LocalPool',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://127.0.0.1:9100',
};

describe('local SPA server (dist)', () => {
  const dist = mkdtempSync(join(tmpdir(), 'wellbeing-dist-'));
  let web: LocalWeb;

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    web = await startWeb({ mode: 'dist', config, distDir: dist });
  });
  afterAll(async () => {
    await web?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the runtime configuration as /config.json', async () => {
    const response = await fetch(`${web.url}/config.json`);
    expect(WebConfigSchema.parse(await response.json())).toEqual(config);
  });

  it('answers index.html for the routes of the SPA', async () => {
    for (const path of ['/', '/feelings', '/spheres/s1?show=tag']) {
      const response = await fetch(`${web.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<title>app</title>');
    }
  });

  it('sends the Permissions-Policy CloudFront sends: camera on the scan page only, geolocation self', async () => {
    const home = await fetch(`${web.url}/feelings`);
    expect(home.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    expect(home.headers.get('permissions-policy')).toContain('camera=()');
    expect(home.headers.get('permissions-policy')).toContain('geolocation=(self)');
    const scan = await fetch(`${web.url}${SCAN_PAGE_PATH}`);
    expect(scan.headers.get('permissions-policy')).toBe(SCAN_PAGE_PERMISSIONS_POLICY);
    expect(scan.headers.get('permissions-policy')).toContain('camera=(self)');
  });

  it('serves fingerprinted assets as immutable, and 404 for a missing file', async () => {
    const asset = await fetch(`${web.url}/assets/app-1234.js`);
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${web.url}/assets/missing.js`)).status).toBe(404);
  });

  it('never serves a file outside the build folder', async () => {
    const response = await fetch(`${web.url}/..%2f..%2fetc%2fpasswd`);
    expect(await response.text()).not.toContain('root:');
  });
});
