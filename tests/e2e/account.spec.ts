import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { acceptLegalConsentsIfAsked, expectNoSeriousAxeViolations, signUpThroughThePage } from './support';

async function signIn(page: Page, email: string, firstName: string) {
  await signUpThroughThePage(page, email, firstName);
  const cookies = page.getByTestId('cookie-banner');
  if (await cookies.isVisible().catch(() => false)) {
    await cookies.getByRole('button', { name: 'Accepter' }).click();
    await expect(cookies).toBeHidden();
  }
}

test('my data: download the archive, then leave the product and land on the sign-in page', async ({
  page,
}) => {
  const email = `noa.${Date.now()}@example.be`;
  await signIn(page, email, 'Noa');

  await page.goto('/?show=my-data');
  await acceptLegalConsentsIfAsked(page);
  const overlay = page.getByRole('dialog', { name: 'Mes données' });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByTestId('my-data-download')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Download: the browser gets a file with the day's name, holding the account's data.
  const downloading = page.waitForEvent('download');
  await overlay.getByTestId('my-data-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^wellbeing-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path()) as string)));
  const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as {
    profile: { firstName: string };
    emails: { email: string }[];
  };
  expect(data.profile.firstName).toBe('Noa');
  expect(data.emails.map((e) => e.email)).toEqual([email]);
  await expect(overlay.getByTestId('my-data-download-status')).toContainText(download.suggestedFilename());

  // Leave, by keyboard: the red button waits for the primary email, then a last confirmation.
  const submit = overlay.getByTestId('my-data-leave-submit');
  await expect(submit).toBeDisabled();
  await overlay.getByTestId('my-data-leave-confirmation').fill('someone@example.be');
  await expect(submit).toBeDisabled();
  await overlay.getByTestId('my-data-leave-confirmation').fill(email);
  await expect(submit).toBeEnabled();
  await overlay.getByTestId('my-data-leave-confirmation').press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Quitter le produit pour de bon ?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // Escape closes the confirmation alone: my data stays open, what was typed too.
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(overlay.getByTestId('my-data-leave-confirmation')).toHaveValue(email);
  await overlay.getByTestId('my-data-leave-confirmation').press('Enter');
  await expect(confirm).toBeVisible();
  await confirm.getByTestId('my-data-leave-confirm').click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Votre compte et vos données ont été effacés.', { exact: false }),
  ).toBeVisible();

  // The address is free again: signing in with it starts an account creation.
  await page.getByTestId('signin-email').fill(email);
  await expect(page.getByTestId('signin-first-name')).toBeVisible();
});
