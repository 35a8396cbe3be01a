import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signInWithPassword } from './support';

/**
 * Individual plans bought by card (decision 0051): Jules, on Starter, buys Essentials from the
 * plans overlay on the local Stripe's checkout (a failing card first, then the test card), comes
 * back with thinking open on home, sees his subscription and invoice, and cancels in the portal,
 * which locks thinking again, so that the demo is left as seeded.
 */
const JULES = 'jules@demo.wellbeing.local';

test('a Starter user buys Essentials on the local checkout and gets thinking; cancelling locks it again', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInWithPassword(page, JULES);
  await expect(page.getByTestId('thinking-home-reserved')).toBeVisible();

  await page.goto('/?show=subscription');
  const overlay = page.getByTestId('subscription-overlay');
  await expect(overlay.getByTestId('tier-essentials').locator('li')).toHaveCount(10);
  await expect(overlay.getByTestId('tier-premium').locator('li')).toHaveCount(10);
  const buy = overlay.getByTestId('buy-essentials');
  await expect(buy).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The local checkout, labelled as such; a failing card is refused there and nothing is bought.
  await buy.click();
  await expect(page.getByText('Local test checkout — no real payment.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Subscribe to Essentials' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Pay with a failing card' }).click();
  await expect(page.getByRole('alert')).toContainText('declined');
  // Keyboard: the test card's button is reached and pressed without a mouse.
  await page.getByRole('button', { name: 'Pay with the local test card' }).focus();
  await page.keyboard.press('Enter');

  // Back in the product: paid, the trial under way, its invoice listed.
  await expect(page.getByTestId('checkout-success')).toBeVisible();
  await expect(page.getByTestId('card-billing-state')).toContainText('Essentials');
  await expect(page.getByTestId('invoices')).toContainText('LOCAL-');
  await expect(page.getByTestId('tier-essentials').getByTestId('tier-current')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.goto('/');
  await expect(page.getByTestId('home-greeting')).toBeVisible();
  await expect(page.getByTestId('thinking-home-reserved')).toHaveCount(0);

  // The provider's portal: cancel at once, then back to the product, where thinking is locked again.
  await page.goto('/?show=subscription');
  await page.getByTestId('manage-subscription').click();
  await expect(page.getByRole('heading', { name: 'Your subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel now' }).click();
  await expect(page.getByText(/canceled/)).toBeVisible();
  await page.getByRole('link', { name: 'Back to the product' }).click();
  await expect(page.getByTestId('subscription-overlay')).toBeVisible();
  await expect(page.getByTestId('tier-starter').getByTestId('tier-current')).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('thinking-home-reserved')).toBeVisible();
});
