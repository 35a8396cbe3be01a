import { expect, test, type Page } from '@playwright/test';
import { codeFor, mailCount, expectNoSeriousAxeViolations } from './support';

/** The legal-consent modal blocks the app after sign-in when documents wait: accept them if it shows. */
async function acceptLegalConsentsIfAsked(page: Page, ready: ReturnType<Page['getByTestId']>) {
  const accept = page.getByTestId('legal-accept');
  await expect(ready.or(accept).first()).toBeVisible({ timeout: 15_000 });
  if (!(await accept.isVisible())) return;
  const checks = page.locator('[data-testid^="legal-check-"]');
  for (let i = 0; i < (await checks.count()); i++) await checks.nth(i).check();
  await accept.click();
  await expect(accept).toBeHidden();
}

test('a user adds an address, verifies it with the mailed code, makes it primary and deletes the old one', async ({
  page,
}) => {
  const stamp = Date.now();
  const email = `eli.${stamp}@example.be`;
  const second = `eli.new.${stamp}@example.be`;

  await page.goto('/login?lang=en');
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-first-name').fill('Eli');
  await expect(page.getByTestId('signin-legal-check-privacy-policy')).toBeVisible();
  for (const box of await page.locator('[data-testid^="signin-legal-check-"]').all()) await box.check();
  await page.getByTestId('signin-create').click();
  await page.getByTestId('signin-code').fill(await codeFor(email));
  await page.getByTestId('signin-submit-code').click();
  await acceptLegalConsentsIfAsked(page, page.getByTestId('home-greeting'));

  await page.goto('/?show=emails');
  const overlay = page.getByTestId('emails-overlay');
  await acceptLegalConsentsIfAsked(page, overlay);
  await expect(overlay).toBeVisible();
  const row = (address: string) => overlay.locator(`[data-testid="email-row"][data-email="${address}"]`);
  await expect(row(email).getByTestId('email-primary-badge')).toBeVisible();
  await expect(row(email).getByTestId('email-delete')).toHaveCount(0);

  // Add: the address arrives unverified, and its code field opens.
  const before = await mailCount(second);
  await overlay.getByTestId('email-add-input').fill(second.toUpperCase());
  await overlay.getByTestId('email-add-submit').click();
  await expect(row(second).getByTestId('email-state')).toHaveText('Not verified');
  await expectNoSeriousAxeViolations(page);
  await row(second)
    .getByTestId('email-code-input')
    .fill(await codeFor(second, before));
  await row(second).getByTestId('email-code-submit').click();
  await expect(row(second).getByTestId('email-state')).toHaveText('Verified');

  // Make it primary, by keyboard.
  await row(second)
    .getByRole('button', { name: `Make primary: ${second}` })
    .focus();
  await page.keyboard.press('Enter');
  await expect(row(second).getByTestId('email-primary-badge')).toBeVisible();
  await expect(row(email).getByTestId('email-primary-badge')).toHaveCount(0);

  // Delete the old one, after the confirmation dialog.
  await row(email)
    .getByRole('button', { name: `Delete: ${email}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete this address?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await confirm.getByTestId('email-delete-confirm').click();
  await expect(row(email)).toHaveCount(0);
  await expect(overlay.getByTestId('email-row')).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);
});
