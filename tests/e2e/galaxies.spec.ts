import { expect, test, type Page } from '@playwright/test';
import * as XLSX from '@e965/xlsx';
import { readFile } from 'node:fs/promises';
import { expectNoSeriousAxeViolations, signInWithPassword, tabTo } from './support';

/**
 * Galaxies (spec 02 §2, §3, §4, §8): Camille, admin of the galaxy "Groupe Horizon", reads its quotas
 * and asks for a change from the keyboard only; Alex, super-admin, validates it and the new value
 * shows; the Excel report downloads and holds the quotas. Without the demo galaxy, Alex creates one
 * through the API and names Camille its admin.
 */
const CAMILLE = 'camille@demo.wellbeing.local';
const ALEX = 'alex@demo.wellbeing.local';
const API = process.env.E2E_API as string;
const GALAXY_NAME = 'Groupe Horizon';

async function authorizationOf(page: Page, email: string): Promise<string> {
  await signInWithPassword(page, email);
  const me = page.waitForRequest(
    (r) => r.url().includes('/v1/me') && r.headers().authorization !== undefined,
  );
  await page.reload();
  return (await me).headers().authorization ?? '';
}

async function superAdminMode(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-super-admin').click();
  await page.waitForLoadState('networkidle');
}

/** The demo galaxy's id, made (with Camille as admin) when the demo does not hold it. */
async function galaxyId(page: Page): Promise<string> {
  const authorization = await authorizationOf(page, ALEX);
  const headers = { authorization, 'content-type': 'application/json', 'x-super-admin': 'true' };
  const found = await page.request.get(`${API}/v1/galaxies?q=${encodeURIComponent(GALAXY_NAME)}`, {
    headers,
  });
  expect(found.ok()).toBe(true);
  const items = ((await found.json()) as { items: { id: string; name: string }[] }).items;
  const existing = items.find((g) => g.name === GALAXY_NAME);
  if (existing) return existing.id;
  const created = await page.request.post(`${API}/v1/galaxies`, {
    headers,
    data: { name: GALAXY_NAME, shortName: 'HRZ', language: 'fr' },
  });
  expect(created.ok()).toBe(true);
  const id = ((await created.json()) as { id: string }).id;
  const me = (await (await page.request.get(`${API}/v1/me`, { headers })).json()) as { userId: string };
  const member = await page.request.post(`${API}/v1/galaxies/${id}/members`, {
    headers,
    data: { galaxyId: id, name: 'Camille', email: CAMILLE, roles: ['admin'], requestByUserId: me.userId },
  });
  expect(member.ok()).toBe(true);
  return id;
}

test('a galaxy admin asks for a quota change, a super-admin validates it, and the report downloads', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const alexContext = await browser.newContext();
  const alex = await alexContext.newPage();
  const id = await galaxyId(alex);

  // Camille reads the quotas, in words, and asks for a change with the keyboard only.
  const camilleContext = await browser.newContext();
  const camille = await camilleContext.newPage();
  await signInWithPassword(camille, CAMILLE);
  await camille.goto('/apps/galaxies');
  await expect(camille.getByTestId('galaxy-card').filter({ hasText: GALAXY_NAME })).toBeVisible();
  await expectNoSeriousAxeViolations(camille);
  await camille.goto(`/apps/galaxy/${id}/quotas`);
  const tags = camille.getByTestId('quota-tags');
  await expect(tags).toBeVisible();
  await expectNoSeriousAxeViolations(camille);
  // A pending request of the demo for the same kind is removed first (one pending per kind).
  const requestButton = tags.getByTestId('quota-request-button');
  await tabTo(camille, requestButton, 200);
  await camille.keyboard.press('Enter');
  const dialog = camille.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(camille, '[role="dialog"]');
  await camille.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await requestButton.focus();
  await camille.keyboard.press('Enter');
  await expect(dialog.getByTestId('request-value')).toBeFocused();
  const wanted = 4000 + Math.floor(Math.random() * 1000);
  await camille.keyboard.type(String(wanted));
  await camille.keyboard.press('Tab');
  await camille.keyboard.type('More teams this year');
  await camille.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(tags.getByTestId('quota-requested')).toContainText(String(wanted));

  // Alex validates it from the administration; the new value shows on the galaxy's quotas.
  await superAdminMode(alex);
  await alex.goto('/apps/galaxies/admin');
  await expect(alex.getByTestId('galaxies-table')).toBeVisible();
  await expectNoSeriousAxeViolations(alex);
  const row = alex.getByTestId('quota-request').filter({ hasText: String(wanted) });
  await row.getByTestId('request-validate').click();
  await expect(row).toBeHidden();
  await alex.goto(`/apps/galaxy/${id}/quotas`);
  await expect(alex.getByTestId('quota-tags').getByTestId('quota-value')).toContainText(String(wanted));

  // The other pages and the new-galaxy overlay pass axe.
  for (const tab of ['signage', 'members', 'spheres', 'context']) {
    await alex.goto(`/apps/galaxy/${id}/${tab}`);
    await expect(alex.getByTestId(`galaxy-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
    await alex.waitForLoadState('networkidle');
    await expectNoSeriousAxeViolations(alex);
  }
  await alex.goto('/apps/galaxies/admin?show=addGalaxy');
  await expect(alex.getByTestId('galaxy-form')).toBeVisible();
  await expectNoSeriousAxeViolations(alex);
  await alex.goto(`/apps/galaxy/${id}/members?show=addGalaxyMember&galaxyId=${id}`);
  await expect(alex.getByTestId('member-form')).toBeVisible();
  await expectNoSeriousAxeViolations(alex);

  // The Excel report: three sheets, the quotas with their value.
  await alex.goto(`/apps/galaxy/${id}/report`);
  await expect(alex.getByTestId('report-table').first()).toBeVisible();
  await expectNoSeriousAxeViolations(alex);
  const download = alex.waitForEvent('download');
  await alex.getByTestId('report-download').click();
  const file = await (await download).path();
  const book = XLSX.read(await readFile(file));
  expect(book.SheetNames.length).toBe(3);
  const quotaRows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[1]!]!, { header: 1 });
  expect(quotaRows.some((line) => line.includes(wanted))).toBe(true);

  await alexContext.close();
  await camilleContext.close();
});
