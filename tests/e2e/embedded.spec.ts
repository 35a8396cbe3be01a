import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/**
 * The SPA inside a parent page (docs/embedding.md). The parent is a tiny server of its own on
 * 127.0.0.1 (another port, so another origin; a real local server, since Chromium's local-network
 * checks keep a page of unknown address from framing a local one), and the SPA's /config.json is
 * answered with that origin in `parentOrigins`, as a deploy with `-c parentOrigins=…` would.
 */
const app = process.env.E2E_WEB as string;
let PARENT = '';
let parentServer: Server;
let parentHtml = '';

test.beforeAll(async () => {
  parentServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(parentHtml);
  });
  await new Promise<void>((resolve) => parentServer.listen(0, '127.0.0.1', resolve));
  PARENT = `http://127.0.0.1:${(parentServer.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => parentServer.close(resolve));
});

/** A parent that welcomes the SPA, records its locations and can call it. */
function parentPage(appPath: string): string {
  return `<!doctype html><html lang="fr"><head><title>Portail</title></head><body>
<main><h1>Portail</h1><iframe id="app" title="Bien-être" src="${app}${appPath}" width="1100" height="800"></iframe></main>
<script>
  const APP_ORIGIN = ${JSON.stringify(new URL(app).origin)};
  const frame = document.getElementById('app');
  const envelope = { channel: 'wellbeing-bridge', version: 1 };
  window.locations = [];
  window.hellos = 0;
  const pending = new Map();
  let next = 0;
  const send = (message) => frame.contentWindow.postMessage({ ...envelope, ...message }, APP_ORIGIN);
  window.callApp = (method, path) =>
    new Promise((resolve) => {
      const id = 'call-' + ++next;
      pending.set(id, resolve);
      send({ type: 'call', id, method, path });
    });
  window.sendToApp = send;
  window.addEventListener('message', (event) => {
    if (event.origin !== APP_ORIGIN || event.source !== frame.contentWindow) return;
    const message = event.data;
    if (!message || message.channel !== 'wellbeing-bridge' || message.version !== 1) return;
    if (message.type === 'hello') {
      window.hellos += 1;
      send({ type: 'welcome', breadcrumb: [{ label: 'Portail', href: '${PARENT}/' }, { label: 'Bien-être' }] });
    }
    if (message.type === 'location') window.locations.push(message.path);
    if (message.type === 'result') pending.get(message.id)?.(message);
  });
</script></body></html>`;
}

async function serveParent(page: Page, appPath: string, parentOrigins: string[]) {
  parentHtml = parentPage(appPath);
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, parentOrigins } });
  });
}

const callApp = (page: Page, method: string, path?: string) =>
  page.evaluate(
    ([m, p]) =>
      (globalThis as unknown as { callApp: (m: string, p?: string) => Promise<unknown> }).callApp(m!, p),
    [method, path] as const,
  );
const locations = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { locations: string[] }).locations);

test('embedded by an allowed parent: breadcrumb, calls, navigation and location sync both ways', async ({
  page,
}) => {
  await serveParent(page, '/login', [PARENT]);
  await page.goto(`${PARENT}/`);
  const frame = page.frameLocator('#app');

  await expect(frame.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  const breadcrumb = frame.getByRole('navigation', { name: "Fil d'Ariane" });
  await expect(breadcrumb).toBeVisible();
  await expect(breadcrumb.getByRole('link', { name: 'Portail' })).toHaveAttribute('href', `${PARENT}/`);
  await expect(breadcrumb.getByText('Bien-être')).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => locations(page)).toEqual(['/login']);

  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  expect(await callApp(page, 'isKnownRoute', '/guest')).toMatchObject({ ok: true, value: true });
  expect(await callApp(page, 'isKnownRoute', '/no/such/page')).toMatchObject({ ok: true, value: false });
  expect(await callApp(page, 'getAccessToken')).toMatchObject({ ok: true, value: null });
  expect(await callApp(page, 'navigate', '//evil.example')).toMatchObject({
    ok: false,
    error: 'invalid-path',
  });

  // The parent moves the app; the app tells the parent where it went.
  expect(await callApp(page, 'navigate', '/guest')).toMatchObject({ ok: true, value: true });
  await expect(frame.getByRole('heading', { level: 1, name: 'Continuer en invité' })).toBeVisible();
  await expect.poll(() => locations(page)).toEqual(['/login', '/guest']);

  // The parent's location moves the app without being echoed back.
  await page.evaluate(() =>
    (globalThis as unknown as { sendToApp: (m: unknown) => void }).sendToApp({
      type: 'location',
      path: '/login',
    }),
  );
  await expect(frame.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  expect(await locations(page)).toEqual(['/login', '/guest']);
});

test('a parent whose origin is not allowed gets no connection: the app runs standalone with a warning', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await serveParent(page, '/login', ['https://portal.example.com']);
  await page.goto(`${PARENT}/`);
  const frame = page.frameLocator('#app');
  await expect(frame.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect.poll(() => warnings.some((w) => w.includes('the app runs standalone'))).toBe(true);
  await expect(frame.getByRole('navigation', { name: "Fil d'Ariane" })).toHaveCount(0);
  expect(await page.evaluate(() => (globalThis as unknown as { hellos: number }).hellos)).toBe(0);
  expect(await locations(page)).toEqual([]);
});
