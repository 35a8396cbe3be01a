import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signUpThroughThePage, tabTo } from './support';

test('a new user creates a sphere (read until ready), finds it on home and in the context switcher, and changes its settings', async ({
  page,
}) => {
  const email = `nadia.${Date.now()}@example.be`;
  await signUpThroughThePage(page, email, 'Nadia');

  // Home offers to create a sphere while there is none.
  const section = page.getByTestId('home-spheres');
  await expect(section.getByTestId('home-spheres-empty')).toBeVisible();
  await tabTo(page, page.getByTestId('home-create-sphere'), 80);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Créer une sphère' })).toBeVisible();
  await expect(page.getByTestId('sphere-name')).toBeFocused();
  await page.keyboard.type('Atelier des Possibles');
  await page.getByTestId('sphere-category').selectOption('non-profit');
  await page.getByTestId('sphere-city').fill('Liège');
  await page.getByTestId('sphere-phone').fill('0470');
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('sphere-submit').click();
  // A bad phone is refused on its field, and what was typed stays.
  await expect(page.getByText('format international', { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId('sphere-name')).toHaveValue('Atelier des Possibles');
  await page.getByTestId('sphere-phone').fill('+32470123456');
  await page.getByTestId('sphere-submit').click();

  await expect(page.getByTestId('sphere-title')).toHaveText('Atelier des Possibles');
  await expect(page).toHaveURL(/\/apps\/spheres\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('sphere-roles')).toContainText('Admin');
  await expect(page.getByTestId('sphere-roles')).toContainText('Contributeur');
  await expect(page.getByTestId('study-program-notice')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // Settings: a study programme, offered in English too.
  await page.getByTestId('sphere-settings').click();
  await expect(page.getByRole('heading', { name: 'Paramètres — Atelier des Possibles' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('sphere-study-program').check();
  await page.getByTestId('sphere-extra-en').check();
  await page.getByTestId('sphere-submit').click();
  await expect(page.getByText('Les paramètres sont enregistrés.')).toBeVisible();
  await expect(page.getByTestId('study-program-notice')).toContainText('Anonymat non garanti');
  // English, once offered, cannot be taken back.
  await expect(page.getByTestId('sphere-extra-en')).toBeDisabled();
  await page.getByTestId('settings-tab-subscription').click();
  await expect(page.getByTestId('sphere-limits')).toContainText('2000');
  await expectNoSeriousAxeViolations(page);

  // Home and the context switcher list it.
  await expect(page.getByRole('link', { name: 'Sphères' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Mon espace' }).click();
  await expect(section.getByTestId('home-spheres-list')).toContainText('Atelier des Possibles');
  await page.getByTestId('context-switcher').click();
  await page.getByRole('menuitem', { name: 'Atelier des Possibles' }).click();
  await expect(page.getByTestId('sphere-title')).toHaveText('Atelier des Possibles');

  // A second sphere of the same name is refused, and the form keeps what was typed.
  await page.goto('/apps/create-sphere');
  await page.getByTestId('sphere-name').fill('atelier des possibles');
  await page.getByTestId('sphere-category').selectOption('company');
  await page.getByTestId('sphere-submit').click();
  await expect(page.getByTestId('sphere-form-error')).toContainText('déjà une sphère de ce nom');
  await expect(page.getByTestId('sphere-name')).toHaveValue('atelier des possibles');
  await expectNoSeriousAxeViolations(page);
});

test('an admin shares the join link; another person opens it, joins as a contributor, and the admin sees them among the members', async ({
  page,
  browser,
}) => {
  // Three people sign up and the admin's page reloads twice: longer than one page's work.
  test.setTimeout(150_000);
  const admin = `ines.${Date.now()}@example.be`;
  await signUpThroughThePage(page, admin, 'Inès');
  await page.goto('/apps/create-sphere');
  await page.getByTestId('sphere-name').fill('Jardin partagé');
  await page.getByTestId('sphere-category').selectOption('non-profit');
  await page.getByTestId('sphere-submit').click();
  await expect(page.getByTestId('sphere-title')).toHaveText('Jardin partagé');
  await page.getByTestId('sphere-settings').click();
  await page.getByTestId('settings-tab-link').click();
  await expect(page.getByTestId('join-link-qr')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const link = await page.getByTestId('join-link-url').inputValue();
  expect(link).toMatch(/\/apps\/spheres\/[0-9a-f-]{36}\/join\/[\w-]{20,}$/);

  // Another person, in another browser, opens the link and joins.
  const other = await browser.newContext();
  const visitor = await other.newPage();
  await signUpThroughThePage(visitor, `yanis.${Date.now()}@example.be`, 'Yanis');
  await visitor.goto(new URL(link).pathname);
  await expect(visitor.getByTestId('join-name')).toHaveValue('Yanis');
  await expectNoSeriousAxeViolations(visitor);
  await visitor.getByTestId('join-submit').click();
  await expect(visitor.getByTestId('sphere-title')).toHaveText('Jardin partagé');
  await expect(visitor.getByTestId('sphere-roles')).toContainText('Contributeur');
  // A contributor records a feeling in the sphere from the feeling flow.
  await visitor.getByTestId('feeling-shortcut').click();
  await expect(visitor.getByTestId('feeling-context')).toBeVisible();
  await visitor.getByTestId('feeling-context').selectOption({ label: 'Jardin partagé' });
  // The choices are native radios: focused, then chosen with Space.
  for (const radio of [
    visitor.getByTestId('feeling-overlay').getByRole('radio', { name: 'Agréable', exact: true }),
    visitor.getByTestId('intensity-step-6'),
    visitor.getByTestId('energy-step-4'),
  ]) {
    await radio.focus();
    await visitor.keyboard.press('Space');
    await expect(radio).toBeChecked();
  }
  await visitor.getByTestId('feeling-save').click();
  await expect(visitor.getByTestId('feeling-overlay')).toBeHidden();
  await expect(visitor.getByTestId('feeling-saved-detail').last()).toBeVisible();

  // A new link ends the old one: the visitor's link now says so.
  await page.getByTestId('join-link-renew-open').click();
  await page.getByTestId('join-link-renew-confirm').click();
  await expect(page.getByTestId('join-link-url')).not.toHaveValue(link);
  await page.getByTestId('settings-tab-members').click();
  await expect(page.getByTestId('members-table')).toContainText('Yanis');
  await expect(page.getByTestId('members-table')).toContainText('Contributeur');
  await expectNoSeriousAxeViolations(page);

  // The admin revokes Yanis after a confirmation, then restores him.
  const yanisRow = page.getByTestId('members-table').getByRole('row', { name: /Yanis/ });
  await yanisRow.getByRole('button', { name: 'Retirer' }).click();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('member-revoke-confirm').click();
  await expect(yanisRow).toContainText('Retiré par un admin');
  await yanisRow.getByRole('button', { name: 'Rétablir' }).click();
  await expect(yanisRow).toContainText('Actif');

  // Yanis leaves the sphere himself, after a confirmation.
  await visitor.goto(new URL(link).pathname.replace(/\/join\/.*$/, ''));
  await visitor.getByTestId('sphere-leave').click();
  await visitor.getByTestId('sphere-leave-confirm').click();
  await expect(visitor.getByTestId('home-greeting')).toBeVisible();
  await page.reload();
  await page.getByTestId('settings-tab-members').click();
  await expect(page.getByTestId('members-table').getByRole('row', { name: /Yanis/ })).toContainText('Parti');

  const third = await browser.newContext();
  const late = await third.newPage();
  await signUpThroughThePage(late, `zoe.${Date.now()}@example.be`, 'Zoé');
  await late.goto(new URL(link).pathname);
  await late.getByTestId('join-submit').click();
  await expect(late.getByTestId('join-error')).toContainText('n’est plus valable');
  await other.close();
  await third.close();
});
