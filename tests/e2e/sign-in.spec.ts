import { expect, test, type Page } from '@playwright/test';
import { codeFor, expectNoSeriousAxeViolations } from './support';

/** The creation form asks for every current legal document: "create" waits until all are ticked. */
async function tickLegalDocuments(page: Page) {
  const checks = page.locator('[data-testid^="signin-legal-check-"]');
  await expect(checks).toHaveCount(2);
  await expect(page.getByTestId('signin-create')).toBeDisabled();
  for (const checkbox of await checks.all()) await checkbox.check();
  await expect(page.getByTestId('signin-create')).toBeEnabled();
}

/** The documents accepted at creation leave nothing for the blocking modal. */
async function expectNoConsentModal(page: Page) {
  await expect(page.getByTestId('legal-consent-modal')).toHaveCount(0);
}

test('a new user signs in with the code from the outbox, lands on the home page in French, switches to English', async ({
  page,
}) => {
  const email = `noa.${Date.now()}@example.be`;

  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The email is trimmed and lower-cased; after the debounce the unknown address opens creation.
  await page.getByTestId('signin-email').fill(`  ${email.toUpperCase()} `);
  await expect(page.getByTestId('signin-first-name')).toBeFocused();
  // The disabled button says what it waits for.
  await expect(page.getByTestId('signin-create')).toBeDisabled();
  await expect(page.getByTestId('signin-create-missing')).toHaveText(
    'Indiquez votre prénom. Acceptez les conditions d’utilisation et la politique de confidentialité.',
  );
  await page.getByTestId('signin-first-name').fill('Noa');
  await expect(page.getByTestId('signin-create-missing')).not.toContainText('prénom');
  await expect(page.getByTestId('signin-legal-link-terms-of-use')).toHaveAttribute(
    'href',
    '/legal/terms-of-use-1-fr.html',
  );
  await expect(page.getByTestId('signin-legal-link-terms-of-use')).toHaveAttribute('target', '_blank');
  await tickLegalDocuments(page);
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('signin-create').click();

  await expect(page.getByTestId('signin-code')).toBeFocused();
  const code = await codeFor(email);
  await page.getByTestId('signin-code').fill(code);
  await page.getByTestId('signin-submit-code').click();

  await expect(page.getByTestId('home-greeting')).toHaveText('Bonjour Noa');
  await expectNoConsentModal(page);
  await expect(page.getByTestId('home-email')).toContainText(email);
  await expect(page.getByTestId('home-date')).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expectNoSeriousAxeViolations(page);

  await page.getByTestId('language-switch').getByText('EN', { exact: true }).click();
  await expect(page.getByTestId('home-greeting')).toHaveText('Hello Noa');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // The language is kept across a reload, and the session too.
  await page.reload();
  await expect(page.getByTestId('home-greeting')).toHaveText('Hello Noa');

  // An unknown path lands on the home page with the not-found notice.
  await page.goto('/apps/this-does-not-exist');
  await expect(page.getByTestId('not-found-notice')).toBeVisible();
  await expect(page.getByTestId('home-greeting')).toHaveText('Hello Noa');

  await page.getByTestId('signout').click();
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong code shows the code error and the right one then signs in', async ({ page }) => {
  const email = `lou.${Date.now()}@example.be`;
  await page.goto('/login?lang=en');
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-first-name').fill('Lou');
  await tickLegalDocuments(page);
  await page.getByTestId('signin-create').click();
  const code = await codeFor(email);
  const wrong = code === '000000' ? '111111' : '000000';

  await page.getByTestId('signin-code').fill(wrong);
  await page.getByTestId('signin-submit-code').click();
  await expect(page.getByTestId('signin-error')).toBeVisible();

  await page.getByTestId('signin-code').fill(code);
  await page.getByTestId('signin-submit-code').click();
  await expect(page.getByTestId('home-greeting')).toHaveText('Hello Lou');
  await expectNoConsentModal(page);
});
