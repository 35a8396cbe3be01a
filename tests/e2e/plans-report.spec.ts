import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signInWithPassword } from './support';

/**
 * The super-admins' report of plans (spec 02 §7; decision 0053): Alex, in the super-admin mode,
 * finds it in the navigation, reads who holds a plan now (Lotte's free month from Hugo's code), the
 * changes of each period as a table beside the chart, and Hugo's codes with their use, and takes it
 * all as an Excel file. Out of the mode, the page is refused. Alex reads the product in English.
 */
const ALEX = 'alex@demo.wellbeing.local';

test('a super-admin reads the plans held, their changes over time and the codes used, and downloads them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, ALEX);
  await page.goto('/apps/global/subscriptions');
  await expect(page.getByTestId('plans-report-forbidden')).toBeVisible();

  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-super-admin').click();
  await page.waitForLoadState('networkidle');
  await page.locator('a[href="/apps/global/subscriptions"]').first().click();
  await expect(page).toHaveURL(/\/apps\/global\/subscriptions$/);

  const freeMonth = page.getByTestId('plans-report-holders-freeMonth');
  await expect(freeMonth).toContainText('Free month from a code');
  expect(Number((await freeMonth.locator('td').first().textContent()) ?? '0')).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('plans-report-period').last()).toBeVisible();
  const salon = page.getByTestId('plans-report-code').filter({ hasText: 'Salon Bien-être au travail' });
  await expect(salon).toContainText('Hugo Peeters');
  await expect(salon).toContainText('1 of 20');
  await expectNoSeriousAxeViolations(page);

  await page.getByTestId('plans-report-interval').selectOption('day');
  await expect(page.getByTestId('plans-report-period').first()).toBeVisible();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('plans-report-download').click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^plans-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
});
