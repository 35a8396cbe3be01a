import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, signInWithPassword } from './support';

/**
 * A sphere's entitlements (issue 37 point 7, decision 0047): Camille, Atelier Horizon's admin, reads
 * them in the settings and opens the Engagement-Up page, its campaign templates granted; Alex, a
 * super-admin in the super-admin mode, grants Clinique des Tilleuls Sales-Up and withdraws it again
 * after a confirmation that says what follows.
 */
const CAMILLE = 'camille@demo.wellbeing.local';
const ALEX = 'alex@demo.wellbeing.local';

async function superAdminMode(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-super-admin').click();
  await page.waitForLoadState('networkidle');
}

test('a sphere’s admin reads the entitlements and opens the Engagement-Up page', async ({ page }) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, CAMILLE);
  await page.goto('/apps/spheres/demo-atelier-horizon/settings?tab=entitlements');
  const tab = page.getByTestId('entitlements-tab');
  await expect(tab.getByTestId('entitlements-read-only')).toBeVisible();
  await expect(tab.getByTestId('entitlements-editor')).toHaveCount(0);
  await expect(tab.getByTestId('entitlements-status-engagementUp')).toHaveText('Actif');
  await expectNoSeriousAxeViolations(page);

  await tab.getByTestId('engagement-up-link').click();
  await expect(page).toHaveURL(/\/apps\/spheres\/demo-atelier-horizon\/engagement-up$/);
  await expect(page.getByTestId('eu-templates-state')).toHaveText('Disponible');
  await expect(page.getByTestId('eu-template-aripso')).toContainText('proposé');
  await expect(page.getByTestId('eu-remoteVoting')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('a super-admin grants Sales-Up and withdraws it after a confirmation', async ({ page }) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, ALEX);
  await superAdminMode(page);
  await page.goto('/apps/spheres/demo-clinique-tilleuls/settings?tab=entitlements');
  const editor = page.getByTestId('entitlements-editor');
  await expect(editor).toBeVisible();
  const salesUp = page.getByTestId('entitlements-status-salesUp');
  // Alex reads the product in English.
  await expect(salesUp).toHaveText('Inactive');
  await expectNoSeriousAxeViolations(page);

  await editor.getByRole('switch', { name: /Sales-Up/ }).check({ force: true });
  await editor.getByTestId('entitlements-save').click();
  await expect(salesUp).toHaveText('Active');
  await expect(page.getByTestId('sales-up-link')).toBeVisible();

  await editor.getByRole('switch', { name: /Sales-Up/ }).uncheck({ force: true });
  await editor.getByTestId('entitlements-save').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('entitlements-confirm-removed')).toContainText('sales-up');
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('entitlements-confirm-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(salesUp).toHaveText('Inactive');
});
