import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signInWithPassword, signUpThroughThePage } from './support';

/**
 * Promotion codes (spec 02 §6, §9; decision 0048): Hugo, the demo's ambassador, finds his codes from
 * the navigation, creates one for four people and copies it; then a person who has just created an
 * account redeems it on the plans overlay and reads when their free month of Essentials ends. The
 * same code twice is refused, in words. Redeeming is also a step of account creation: a second
 * newcomer types the code while creating their account and lands with Essentials; a third makes a
 * typo, is signed in all the same, and lands on the plans with the code, the reason and the field
 * to correct it. Hugo sees his code used three times.
 */
const HUGO = 'hugo@demo.wellbeing.local';

test('an ambassador creates a promotion code that a new user redeems for a month of Essentials, once', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
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
  await form.getByTestId('promotion-code-count').fill('4');
  await form.getByTestId('promotion-code-submit').click();
  const created = page.getByTestId('promotion-code-created-text');
  await expect(created).toHaveText(/^P\d{4,}-[A-Z2-9]{5}$/);
  const code = (await created.textContent()) ?? '';
  await page.getByTestId('promotion-code-done').click();
  await expect(table.getByTestId('promotion-code-row')).toHaveCount(3);
  await expect(table.getByTestId('promotion-code-row').filter({ hasText: code })).toContainText('0 sur 4');

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

  // A person types the code while creating their account: it is redeemed once they are signed in.
  const earlyContext = await browser.newContext();
  const early = await earlyContext.newPage();
  await signUpThroughThePage(early, 'louis.promo@example.be', 'Louis', code);
  await expect(early.getByTestId('signin-promotion-code-redeemed')).toContainText(
    /Essentials est à vous jusqu’au \d{2}\/\d{2}\/\d{4}\./,
  );
  await expectNoSeriousAxeViolations(early);
  await early.goto('/?show=subscription');
  await expect(early.getByTestId('subscription-until')).toBeVisible();
  await expect(early.getByTestId('tier-essentials').getByTestId('tier-current')).toBeVisible();
  await earlyContext.close();

  // A typo in the code does not stop the account: the plans open with the code and the reason, the
  // field has the focus, and the corrected code is redeemed from the keyboard.
  const typoContext = await browser.newContext();
  const typo = await typoContext.newPage();
  const mistyped = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
  await signUpThroughThePage(typo, 'zoe.promo@example.be', 'Zoé', mistyped);
  await expect(typo).toHaveURL(/\/\?show=subscription$/);
  await expect(typo.getByTestId('promotion-code-redeem-error')).toContainText('n’existe pas');
  const field = typo.getByTestId('promotion-code-input');
  await expect(field).toHaveValue(mistyped);
  await expect(field).toBeFocused();
  await expectNoSeriousAxeViolations(typo);
  await field.fill(code);
  await typo.keyboard.press('Enter');
  await expect(typo.getByTestId('promotion-code-redeemed')).toBeVisible();
  await expect(typo.getByTestId('tier-essentials').getByTestId('tier-current')).toBeVisible();
  // Closing the plans leaves them on the home page.
  await typo.keyboard.press('Escape');
  await expect(typo.getByTestId('subscription-overlay')).toBeHidden();
  await expect(typo).toHaveURL(/\/$/);
  await expect(typo.getByTestId('home-greeting')).toHaveText('Bonjour Zoé');
  await typoContext.close();

  // Hugo's list counts the three.
  await page.reload();
  await expect(table.getByTestId('promotion-code-row').filter({ hasText: code })).toContainText('3 sur 4');
});
