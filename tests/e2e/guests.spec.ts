import { expect, test, type Locator, type Page } from '@playwright/test';
import { acceptLegalConsentsIfAsked, codeFor, expectNoSeriousAxeViolations, mailCount } from './support';

/** Presses Tab until `target` has the focus (at most 20 times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 20; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function acceptCookies(page: Page) {
  const cookies = page.getByTestId('cookie-banner');
  if (await cookies.isVisible().catch(() => false)) {
    await cookies.getByRole('button', { name: 'Accepter' }).click();
    await expect(cookies).toBeHidden();
  }
}

/** From the guest page, by mouse: a new guest lands on the home page with the guest banner. */
async function continueAsGuest(page: Page) {
  await page.goto('/guest');
  await acceptCookies(page);
  await page.getByTestId('guest-continue').click();
  await expect(page.getByTestId('guest-banner')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForLoadState('networkidle');
  await acceptLegalConsentsIfAsked(page);
}

async function openAccountMenu(page: Page) {
  await page.getByTestId('account-menu').click();
  const menu = page.getByTestId('account-menu-dropdown');
  await expect(menu).toBeVisible();
  return menu;
}

test('a guest records a last name, creates an account from the banner, and finds it again after signing in', async ({
  page,
}) => {
  const email = `guest.${Date.now()}@example.be`;

  // The guest page: what guest mode is, axe-clean, and usable by keyboard only.
  await page.goto('/guest');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Continuer en invité' })).toBeVisible();
  await expect(page.getByTestId('guest-back-to-sign-in')).toHaveAttribute('href', '/login');
  await expectNoSeriousAxeViolations(page);
  const continueButton = page.getByRole('button', { name: 'Continuer en invité' });
  await tabTo(page, continueButton);
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('guest-banner')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForLoadState('networkidle');
  await acceptLegalConsentsIfAsked(page);

  // A guest's menu: create account and connect, leave instead of sign out, no emails.
  let menu = await openAccountMenu(page);
  await expect(menu.getByTestId('menu-registration')).toHaveText('Créer un compte');
  await expect(menu.getByTestId('menu-connect')).toBeVisible();
  await expect(menu.getByTestId('menu-emails')).toHaveCount(0);
  await expect(menu.getByTestId('menu-logout')).toHaveText('Quitter');

  // A name recorded as a guest (a new guest has no first name yet).
  await menu.getByTestId('menu-profile').click();
  const profile = page.getByRole('dialog', { name: 'Mon profil' });
  await profile.getByTestId('profile-first-name').fill('Augusta');
  await profile.getByTestId('profile-last-name').fill('Lovelace');
  // The birth date is typed and shown as DD/MM/YYYY, whatever the browser's own format.
  await profile.getByTestId('profile-birthdate').fill('10/12/1985');
  await profile.getByTestId('profile-birthdate').press('Tab');
  await profile.getByTestId('profile-save').click();
  await expect(profile).toBeHidden();
  // The shared success toast's close button has no name yet (an axe violation outside this
  // feature): close it before the overlays below are checked.
  const saved = page.getByRole('alert').filter({ hasText: 'Votre profil est enregistré.' });
  await saved.getByRole('button').click();
  await expect(saved).toBeHidden();

  // Create an account from the banner: email, then the mailed code, a first name, the documents.
  await page.getByTestId('guest-register').click();
  const registration = page.getByRole('dialog', { name: 'Créer un compte' });
  await expect(registration.getByTestId('registration-email')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await registration.getByTestId('registration-email').fill(` ${email.toUpperCase()} `);
  await registration.getByTestId('registration-send').click();
  await expect(registration.getByTestId('registration-code-sent')).toContainText(email);
  await registration.getByTestId('registration-code').fill(await codeFor(email));
  await expect(registration.getByTestId('registration-first-name')).toHaveValue('Augusta');
  await registration.getByTestId('registration-first-name').fill('Ada');
  for (const box of await registration.locator('[data-testid^="registration-legal-check-"]').all())
    await box.check();
  await expectNoSeriousAxeViolations(page);
  await registration.getByTestId('registration-submit').click();

  await expect(registration).toBeHidden();
  await expect(page.getByTestId('guest-banner')).toHaveCount(0);
  await expect(page.getByTestId('legal-consent-modal')).toHaveCount(0);
  menu = await openAccountMenu(page);
  await expect(menu.getByTestId('menu-emails')).toBeVisible();
  await expect(menu.getByTestId('menu-registration')).toHaveCount(0);

  // Sign out, then sign in with a code to the new address: the last name is still there.
  await menu.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByTestId('signin-email').fill(email);
  const mailsBefore = await mailCount(email);
  await page.getByTestId('signin-send-code').click();
  await page.getByTestId('signin-code').fill(await codeFor(email, mailsBefore));
  await page.getByTestId('signin-submit-code').click();
  await expect(page.getByTestId('home-greeting')).toHaveText('Bonjour Ada');
  await expect(page.getByTestId('guest-banner')).toHaveCount(0);
  menu = await openAccountMenu(page);
  await menu.getByTestId('menu-profile').click();
  await expect(page.getByRole('dialog', { name: 'Mon profil' }).getByTestId('profile-last-name')).toHaveValue(
    'Lovelace',
  );
  await expect(page.getByRole('dialog', { name: 'Mon profil' }).getByTestId('profile-birthdate')).toHaveValue(
    '10/12/1985',
  );

  // The guest credentials are forgotten on this device: the account signs in with its email now.
  expect(await page.evaluate('window.localStorage.getItem("guestCredentials")')).toBeNull();
});

test('a guest connects to an account and comes back, then leaves and is erased', async ({ page }) => {
  await continueAsGuest(page);

  // Connect: explains what stays, axe-clean; it signs out to the sign-in page.
  await page.getByTestId('guest-connect').click();
  const connect = page.getByRole('dialog', { name: 'Me connecter à un compte' });
  await expect(connect).toContainText('quitter le mode invité');
  await expectNoSeriousAxeViolations(page);
  await connect.getByTestId('connect-confirm').click();
  await expect(page).toHaveURL(/\/login$/);

  // The guest session is kept on this device and can be resumed.
  await page.goto('/guest');
  await page.getByTestId('guest-resume').click();
  await expect(page.getByTestId('guest-banner')).toBeVisible();

  // Leave: a confirmation that the guest data will be erased, then the sign-in page.
  const menu = await openAccountMenu(page);
  await menu.getByTestId('menu-logout').click();
  const leave = page.getByRole('dialog', { name: 'Quitter le mode invité' });
  await expect(leave).toContainText('effacées');
  await expectNoSeriousAxeViolations(page);
  await leave.getByTestId('guest-leave-confirm').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Vos données d'invité ont été effacées.")).toBeVisible();

  // Nothing left to resume.
  await page.goto('/guest');
  await expect(page.getByTestId('guest-continue')).toBeVisible();
  await expect(page.getByTestId('guest-resume')).toHaveCount(0);
});
