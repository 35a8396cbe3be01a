import { expect, test, type Page } from '@playwright/test';
import { acceptLegalConsentsIfAsked, expectNoSeriousAxeViolations, signUpThroughThePage } from './support';

async function dismissCookies(page: Page) {
  const cookies = page.getByTestId('cookie-banner');
  if (await cookies.isVisible().catch(() => false)) {
    await cookies.getByRole('button', { name: 'Accepter' }).click();
    await expect(cookies).toBeHidden();
  }
}

async function signOut(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('signin-email')).toBeVisible();
}

/** From the sign-in page: the email, "use my password" by keyboard, then the password and Enter. */
async function typePassword(page: Page, email: string, password: string) {
  await page.getByTestId('signin-email').fill(email);
  const usePassword = page.getByTestId('signin-use-password');
  await expect(usePassword).toBeVisible();
  await usePassword.focus();
  await page.keyboard.press('Enter');
  const field = page.getByTestId('signin-password');
  await expect(field).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

async function openPasswordOverlay(page: Page) {
  await page.getByTestId('account-menu').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('menu-password')).toBeVisible();
  await page.getByTestId('menu-password').click();
  const overlay = page.getByRole('dialog', { name: 'Mot de passe' });
  await expect(overlay.getByTestId('password-new')).toBeVisible();
  return overlay;
}

test('password: a code-created account sets a password, signs in with it, changes it; the old one is refused', async ({
  page,
}) => {
  const email = `pia.${Date.now()}@example.be`;
  await signUpThroughThePage(page, email, 'Pia');
  await dismissCookies(page);

  // First password: new + repeat only, the rules checked live.
  let overlay = await openPasswordOverlay(page);
  await expect(overlay.getByTestId('password-old')).toHaveCount(0);
  await overlay.getByTestId('password-new').fill('first1');
  await expect(overlay.getByTestId('password-rule-password-uppercase')).toHaveAttribute('data-met', 'false');
  await expect(overlay.getByTestId('password-rule-password-digit')).toHaveAttribute('data-met', 'true');
  await expectNoSeriousAxeViolations(page);
  await overlay.getByTestId('password-new').fill('First-pass1');
  await expect(overlay.getByTestId('password-rule-password-uppercase')).toHaveAttribute('data-met', 'true');
  // By keyboard: Tab reaches the show/hide button, Space shows the password, Tab goes on to the repetition.
  await page.keyboard.press('Tab');
  await expect(
    overlay.getByRole('button', { name: 'Afficher ou masquer le mot de passe' }).first(),
  ).toBeFocused();
  await page.keyboard.press('Space');
  await expect(overlay.getByTestId('password-new')).toHaveAttribute('type', 'text');
  await page.keyboard.press('Tab');
  await expect(overlay.getByTestId('password-repeat')).toBeFocused();
  await overlay.getByTestId('password-repeat').fill('First-pass2');
  await overlay.getByTestId('password-repeat').press('Enter');
  await expect(overlay.getByText('Les mots de passe ne sont pas identiques.')).toBeVisible();
  await overlay.getByTestId('password-repeat').fill('First-pass1');
  await overlay.getByTestId('password-repeat').press('Enter');
  await expect(page.getByText('Votre mot de passe est enregistré.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Mot de passe' })).toBeHidden();

  // Sign out, then in with the password.
  await signOut(page);
  await page.getByTestId('signin-email').fill(email);
  await expect(page.getByTestId('signin-use-password')).toBeVisible();
  await page.getByTestId('signin-use-password').click();
  await expect(page.getByTestId('signin-password')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('signin-password-back').click();
  await typePassword(page, email, 'First-pass1');
  await expect(page.getByTestId('home-greeting')).toHaveText('Bonjour Pia');
  await page.waitForLoadState('networkidle');
  await acceptLegalConsentsIfAsked(page);

  // Change it: old + new + repeat, through the user pool.
  overlay = await openPasswordOverlay(page);
  await expect(overlay.getByTestId('password-old')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await overlay.getByTestId('password-old').fill('Wrong-pass1');
  await overlay.getByTestId('password-new').fill('Second-pass2');
  await overlay.getByTestId('password-repeat').fill('Second-pass2');
  await overlay.getByTestId('password-repeat').press('Enter');
  await expect(overlay.getByTestId('password-error')).toHaveText('Le mot de passe actuel est incorrect.');
  await overlay.getByTestId('password-old').fill('First-pass1');
  await overlay.getByTestId('password-repeat').press('Enter');
  // A changed password ends every sign-in, this one too: the sign-in page opens.
  await expect(page.getByText('Votre mot de passe a été changé.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('signin-email')).toBeVisible();

  // The old password is refused with the translated message; the new one works.
  await typePassword(page, email, 'First-pass1');
  await expect(page.getByTestId('signin-error')).toHaveText('Mot de passe incorrect.');
  await expect(page.getByTestId('signin-password')).toHaveValue('');
  await page.getByTestId('signin-password').fill('Second-pass2');
  await page.getByTestId('signin-password').press('Enter');
  await expect(page.getByTestId('home-greeting')).toHaveText('Bonjour Pia');
});
