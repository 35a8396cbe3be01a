import { expect, test } from '@playwright/test';
import { codeFor, expectNoSeriousAxeViolations, tabTo } from './support';

test('a new user accepts the legal documents by keyboard, then edits the profile and switches to English', async ({
  page,
}) => {
  // Sign-up, two reloads and two axe checks: over a minute on a loaded two-core machine.
  test.setTimeout(120_000);
  const email = `lea.${Date.now()}@example.be`;
  await page.goto('/login');
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-first-name').fill('Léa');
  await expect(page.getByTestId('signin-legal-check-privacy-policy')).toBeVisible();
  for (const box of await page.locator('[data-testid^="signin-legal-check-"]').all()) await box.check();
  await page.getByTestId('signin-create').click();
  // The acceptance sent right after the first sign-in fails: the blocking modal asks instead.
  await page.route('**/v1/me/legal-consents', (route) => route.abort(), { times: 1 });
  await page.getByTestId('signin-code').fill(await codeFor(email));
  await page.getByTestId('signin-submit-code').click();

  // Version 1 of both documents is still pending: the app is blocked by the modal.
  const modal = page.getByRole('dialog', { name: 'Conditions à accepter' });
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('legal-link-terms-of-use')).toHaveAttribute(
    'href',
    '/legal/terms-of-use-1-fr.html',
  );
  await expect(modal.getByTestId('legal-link-terms-of-use')).toHaveAttribute('target', '_blank');
  const terms = modal.getByLabel("J'ai lu et j'accepte : Conditions d'utilisation");
  const privacy = modal.getByLabel("J'ai lu et j'accepte : Politique de confidentialité");
  const accept = modal.getByRole('button', { name: 'Accepter' });
  await expect(accept).toBeDisabled();
  await expectNoSeriousAxeViolations(page);

  // The document's text is served by the app.
  const text = await page.request.get('/legal/privacy-policy-1-fr.html');
  expect(await text.text()).toContain('Politique de confidentialité de Sentia');

  // Keyboard only: Tab to each checkbox, Space ticks it, then Tab to Accept and Enter.
  await tabTo(page, terms);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await expect(accept).toBeDisabled();
  await tabTo(page, privacy);
  await page.keyboard.press('Space');
  await expect(privacy).toBeChecked();
  await tabTo(page, accept);
  await page.keyboard.press('Enter');

  await expect(modal).toBeHidden();
  await expect(page.getByTestId('home-greeting')).toHaveText('Bonjour Léa');

  // Accepted documents stay accepted after a reload.
  await page.reload();
  await expect(page.getByTestId('home-greeting')).toHaveText('Bonjour Léa');
  await expect(page.getByTestId('legal-consent-modal')).toHaveCount(0);

  // The profile overlay.
  await page.goto('/?show=profile');
  const overlay = page.getByRole('dialog', { name: 'Mon profil' });
  await expect(overlay.getByTestId('profile-first-name')).toHaveValue('Léa');
  await expectNoSeriousAxeViolations(page);

  await overlay.getByTestId('profile-first-name').fill('');
  await overlay.getByTestId('profile-save').click();
  await expect(overlay.getByText('Ce champ est requis.')).toBeVisible();

  await overlay.getByTestId('profile-first-name').fill('Léane');
  await overlay.getByTestId('profile-locale').selectOption('en');
  await overlay.getByTestId('profile-save').click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(page.getByTestId('home-greeting')).toHaveText('Hello Léane');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).not.toHaveURL(/show=profile/);

  // Kept after a reload: the language on this browser and the profile on the server.
  await page.reload();
  await expect(page.getByTestId('home-greeting')).toHaveText('Hello Léane');
});

test('Denied signs the user out', async ({ page }) => {
  const email = `max.${Date.now()}@example.be`;
  await page.goto('/login?lang=en');
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-first-name').fill('Max');
  await expect(page.getByTestId('signin-legal-check-privacy-policy')).toBeVisible();
  for (const box of await page.locator('[data-testid^="signin-legal-check-"]').all()) await box.check();
  await page.getByTestId('signin-create').click();
  // The acceptance sent right after the first sign-in fails: the blocking modal asks instead.
  await page.route('**/v1/me/legal-consents', (route) => route.abort(), { times: 1 });
  await page.getByTestId('signin-code').fill(await codeFor(email));
  await page.getByTestId('signin-submit-code').click();

  await page
    .getByRole('dialog', { name: 'Documents to accept' })
    .getByRole('button', { name: 'Denied' })
    .click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
});
