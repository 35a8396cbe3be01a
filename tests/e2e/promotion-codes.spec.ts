import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signInWithPassword, signUpThroughThePage } from './support';

/**
 * Promotion codes (spec 02 §6, §9; decision 0048): Hugo, the demo's ambassador, finds his codes from
 * the navigation, creates one for two people and copies it; then a person who has just created an
 * account redeems it on the plans overlay and reads when their free month of Essentials ends. The
 * same code twice is refused, in words, and Hugo sees it used once.
 */
const HUGO = 'hugo@demo.wellbeing.local';

test('an ambassador creates a promotion code that a new user redeems for a month of Essentials, once', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInWithPassword(page, HUGO);
  await page.locator('a[href="/apps/global/promotion-codes"]').first().click();
  const table = page.getByTestId('promotion-codes-table');
  await expect(table.getByTestId('promotion-code-row')).toHaveCount(2);
  await expectNoSeriousAxeViolations(page);

  await page.getByTestId('promotion-code-add').click();
  const form = page.getByTestId('promotion-code-form');
  await expect(form).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await form.getByTestId('promotion-code-submit').click();
  await expect(form.getByTestId('promotion-code-name')).toHaveAttribute('aria-invalid', 'true');
  await form.getByTestId('promotion-code-name').fill('Portes ouvertes');
  await form.getByTestId('promotion-code-count').fill('2');
  await form.getByTestId('promotion-code-submit').click();
  const created = page.getByTestId('promotion-code-created-text');
  await expect(created).toHaveText(/^P\d{4,}-[A-Z2-9]{5}$/);
  const code = (await created.textContent()) ?? '';
  await page.getByTestId('promotion-code-done').click();
  await expect(table.getByTestId('promotion-code-row')).toHaveCount(3);
  await expect(table.getByTestId('promotion-code-row').filter({ hasText: code })).toContainText('0 sur 2');

  // A person who has just created an account redeems it.
  const newcomerContext = await browser.newContext();
  const newcomer = await newcomerContext.newPage();
  await signUpThroughThePage(newcomer, 'manon.promo@example.be', 'Manon');
  await newcomer.goto('/?show=subscription');
  await expect(newcomer.getByTestId('subscription-overlay')).toBeVisible();
  await newcomer.getByTestId('promotion-code-input').fill(code.toLowerCase());
  await newcomer.getByTestId('promotion-code-redeem').click();
  await expect(newcomer.getByTestId('promotion-code-redeemed')).toBeVisible();
  await expect(newcomer.getByTestId('subscription-until')).toBeVisible();
  await expect(newcomer.getByTestId('tier-essentials').getByTestId('tier-current')).toBeVisible();
  await expectNoSeriousAxeViolations(newcomer);

  await newcomer.getByTestId('promotion-code-input').fill(code);
  await newcomer.getByTestId('promotion-code-redeem').click();
  await expect(newcomer.getByTestId('promotion-code-redeem-error')).toContainText('déjà utilisé');
  await newcomerContext.close();

  // Hugo's list counts it.
  await page.reload();
  await expect(table.getByTestId('promotion-code-row').filter({ hasText: code })).toContainText('1 sur 2');
});
