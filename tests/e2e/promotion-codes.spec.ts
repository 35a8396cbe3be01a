import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signInWithPassword } from './support';

/**
 * Promotion codes (spec 02 §6, §9; decision 0048): Hugo, the demo's ambassador, finds his codes from
 * the navigation, creates one for two people and copies it; then, on the plans overlay, he redeems
 * it and reads when his free month of Essentials ends. The same code twice is refused, in words.
 */
const HUGO = 'hugo@demo.wellbeing.local';

test('an ambassador creates a promotion code, and redeeming it gives a month of Essentials once', async ({
  page,
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

  await page.goto('/?show=subscription');
  await expect(page.getByTestId('subscription-overlay')).toBeVisible();
  await page.getByTestId('promotion-code-input').fill(code.toLowerCase());
  await page.getByTestId('promotion-code-redeem').click();
  await expect(page.getByTestId('promotion-code-redeemed')).toBeVisible();
  await expect(page.getByTestId('subscription-until')).toBeVisible();
  await expect(page.getByTestId('tier-essentials').getByTestId('tier-current')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByTestId('promotion-code-input').fill(code);
  await page.getByTestId('promotion-code-redeem').click();
  await expect(page.getByTestId('promotion-code-redeem-error')).toContainText('déjà utilisé');
});
