import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, signUpThroughThePage } from './support';

function signIn(page: Page, firstName: string) {
  return signUpThroughThePage(page, `${firstName.toLowerCase()}.${Date.now()}@example.be`, firstName);
}

/** Account-menu entries that open a `?show=` overlay, by test id. */
const OVERLAY_ENTRIES = [
  'profile',
  'subscription',
  'emails',
  'password',
  'registration',
  'connect',
  'myData',
];
const OTHER_ENTRIES = ['logout', 'signOutEverywhere', 'feedback', 'terms', 'support', 'super-admin'];

test('the shell: cookie notice, account menu by keyboard, overlays close with Escape, not-found notice', async ({
  page,
}) => {
  await page.goto('/login');
  const cookies = page.getByRole('region', { name: 'Cookies et stockage local' });
  await expect(cookies).toBeVisible();
  await expect(cookies).toContainText('strictement nécessaire');
  await expectNoSeriousAxeViolations(page);

  await signIn(page, 'Iris');
  await expect(cookies).toBeVisible();
  await cookies.getByRole('button', { name: 'Accepter' }).click();
  await expect(cookies).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('home-greeting')).toBeVisible();
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);

  // The account menu opens from the keyboard and shows the version.
  await page.getByTestId('account-menu').focus();
  await page.keyboard.press('Enter');
  const menu = page.getByTestId('account-menu-dropdown');
  await expect(menu).toBeVisible();
  await expect(page.getByTestId('app-version')).toHaveText('Version 3.15.3');
  await expectNoSeriousAxeViolations(page);

  // Only known entries, and each overlay entry opens its overlay (so it is registered).
  const ids = await menu
    .locator('[data-testid^="menu-"]')
    .evaluateAll((items) => items.map((i) => (i.getAttribute('data-testid') ?? '').slice('menu-'.length)));
  expect(ids).toContain('logout');
  // The local configuration names a support address, so feedback and support mail it.
  expect(ids).toEqual(expect.arrayContaining(['feedback', 'support']));
  await expect(menu.getByTestId('menu-support')).toHaveAttribute('href', /^mailto:support@wellbeing\.local/);
  expect(ids.filter((id) => !OVERLAY_ENTRIES.includes(id) && !OTHER_ENTRIES.includes(id))).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByTestId('account-menu')).toBeFocused();

  for (const id of ids.filter((i) => OVERLAY_ENTRIES.includes(i))) {
    const before = new URL(page.url()).search;
    await page.getByTestId('account-menu').click();
    await page.getByTestId(`menu-${id}`).click();
    await expect(page).toHaveURL(/[?&]show=/);
    await expect(page.getByRole('dialog')).toBeVisible();
    // A dialog's header is not a second banner of the page.
    await expect(page.getByRole('dialog').getByRole('banner')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    expect(new URL(page.url()).search).toBe(before);
    // Focus goes back to what opened the overlay (the menu's button), not to the page's body.
    await expect(page.getByTestId('account-menu')).toBeFocused();
  }

  // Sign out everywhere asks first; the question is accessible and Escape keeps the user signed in.
  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-signOutEverywhere').click();
  const everywhere = page.getByRole('dialog', { name: 'Se déconnecter partout' });
  await expect(everywhere).toContainText('Tous les appareils connectés à votre compte');
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(everywhere).toBeHidden();
  await expect(page.getByTestId('home-greeting')).toBeVisible();

  // An unknown path lands on the home page with the not-found notice.
  await page.goto('/apps/nothing-here');
  await expect(page.getByTestId('not-found-notice')).toBeVisible();
  await expect(page).toHaveURL(/\/\?noMatch=1$/);
  await expectNoSeriousAxeViolations(page);
});

test('the top bar of a new user: myself and no sphere yet, no galaxies shortcut, reload keeps the page', async ({
  page,
}) => {
  const socket = page.waitForEvent('websocket', (ws) => new URL(ws.url()).searchParams.has('token'));
  await signIn(page, 'Rui');
  // The realtime channel opens with the id token once signed in.
  expect(new URL((await socket).url()).searchParams.get('token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

  await expect(page.getByTestId('galaxies-shortcut')).toHaveCount(0);
  await page.getByTestId('context-switcher').click();
  await expect(page.getByTestId('context-myself')).toHaveText('Moi-même');
  await expect(page.getByTestId('context-no-sphere')).toHaveText('Aucune sphère pour le moment');
  await page.keyboard.press('Escape');

  const refreshed = page.waitForResponse((r) => r.url().endsWith('/v1/me') && r.request().method() === 'GET');
  await page.getByRole('button', { name: 'Actualiser les données' }).click();
  await refreshed;
  await expect(page.getByTestId('home-greeting')).toHaveText('Bonjour Rui');
});

test('a profile saved in another tab reaches this one through the realtime channel', async ({
  page,
  context,
}) => {
  await signIn(page, 'Sol');
  await expect(page.getByTestId('account-menu')).toBeVisible();
  const other = await context.newPage();
  await other.goto('/?show=profile');
  const firstName = other.getByTestId('profile-first-name');
  await expect(firstName).toHaveValue('Sol');
  await firstName.fill('Solène');
  await other.getByTestId('profile-save').click();
  await expect(other.getByTestId('home-greeting')).toHaveText('Bonjour Solène');

  // No reload here: the 'profile' event made GET /v1/me stale and the page asked again.
  await expect(page.getByTestId('home-greeting')).toHaveText('Bonjour Solène');
  // The menu's name starts with what it shows (label in name), then says what it opens.
  await expect(page.getByTestId('account-menu')).toHaveAccessibleName('Solène, Menu du compte');
});
