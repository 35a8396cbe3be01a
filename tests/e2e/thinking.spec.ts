import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signInWithCodeThroughThePage, tabTo } from './support';

/**
 * Alex, a Premium demo user and super-admin (infra/local/seed.ts). Sign-in codes are limited to
 * three an address in ten minutes, and other specs sign Camille in three times.
 */
const ALEX = 'alex@demo.wellbeing.local';

test('a subscriber gives their thinking on two axes by keyboard, finds it on home and changes it within the hour', async ({
  page,
}) => {
  await signInWithCodeThroughThePage(page, ALEX);
  const section = page.getByTestId('home-thinking');
  await expect(section).toBeVisible();
  await tabTo(page, page.getByTestId('thinking-home-give'), 80);
  await page.keyboard.press('Enter');
  const form = page.getByTestId('thinking-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('thinking-save')).toBeDisabled();

  // An unanswered radio group is one Tab stop; Space chooses, the arrows move.
  const workload = page.getByTestId('thinking-workload-m1');
  await tabTo(page, workload);
  await page.keyboard.press('Space');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('thinking-workload-p05')).toBeChecked();
  await tabTo(page, page.getByTestId('thinking-meaning-m1'));
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('thinking-meaning-0')).toBeChecked();
  await tabTo(page, page.getByTestId('thinking-meaning-comment'));
  await page.keyboard.type('A project that matters');
  await expect(page.getByTestId('thinking-progress')).toContainText('2 of');
  await expectNoSeriousAxeViolations(page);
  await tabTo(page, page.getByTestId('thinking-save'));
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  // Focus is back on the button that opened the flow.
  await expect(page.getByTestId('thinking-home-give')).toBeFocused();
  // The saved toast leaves the top bar's buttons free.
  await expect(page.getByText('Your thinking is saved.', { exact: false })).toBeVisible();
  await page.getByTestId('account-menu').click({ trial: true, timeout: 3000 });

  const recent = page.getByTestId('thinking-home-recent');
  await expect(recent).toContainText('My workload is manageable: Mostly');
  await expect(recent).toContainText('What I do has meaning: Partly');
  await recent.getByRole('button', { name: 'Change' }).first().click();
  await expect(page.getByTestId('thinking-form')).toBeVisible();
  await expect(page.getByTestId('thinking-meaning-0')).toBeChecked();
  await expect(page.getByTestId('thinking-meaning-comment')).toHaveValue('A project that matters');
  await page.getByTestId('thinking-workload-p1').check();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('thinking-save').click();
  await expect(page.getByTestId('thinking-form')).toBeHidden();
  await expect(recent).toContainText('My workload is manageable: Fully');
});

test('a super-admin sees every sphere, and manages the axis catalogue: creates, is refused an id already there, edits and deletes', async ({
  page,
}) => {
  await signInWithCodeThroughThePage(page, ALEX);
  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-super-admin').click();
  await page.waitForLoadState('networkidle');
  // Every sphere of the product, including those Alex is not a member of.
  await page.getByRole('link', { name: 'Spheres' }).click();
  await expect(page.getByTestId('spheres-admin-table')).toContainText('Atelier Horizon');
  await expect(page.getByTestId('spheres-admin-table')).toContainText('Clinique des Tilleuls');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'Thinking axes' }).click();
  await expect(page.getByTestId('axes-table')).toBeVisible();
  await expect(page.getByTestId('axis-row-workload')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // An id already in the list is refused, and what was typed stays.
  await page.getByTestId('axes-create').click();
  await page.getByTestId('axis-id').fill('workload');
  await page.getByTestId('axis-name-en').fill('Another workload');
  await page.getByTestId('axis-save').click();
  await expect(page.getByTestId('axis-error')).toContainText('already exists');
  await expect(page.getByTestId('axis-name-en')).toHaveValue('Another workload');
  await expectNoSeriousAxeViolations(page);

  const id = `e2e-${Date.now()}`;
  await page.getByTestId('axis-id').fill(id);
  await page.getByTestId('axis-save').click();
  await expect(page.getByTestId('axis-form')).toBeHidden();
  const row = page.getByTestId(`axis-row-${id}`);
  await expect(row).toContainText('Another workload');

  await page.getByTestId(`axis-edit-${id}`).click();
  await expect(page.getByTestId('axis-form')).toBeVisible();
  await page.getByTestId('axis-name-fr').fill('Une autre charge');
  await page.getByTestId('axis-allow-comment').check();
  await page.getByTestId('axis-save').click();
  await expect(page.getByTestId('axis-form')).toBeHidden();
  await expect(row).toContainText('Comments');

  await page.getByTestId(`axis-delete-${id}`).click();
  await expect(page.getByTestId('axis-delete-dialog')).toContainText('Another workload');
  await page.getByTestId('axis-delete-confirm').click();
  await expect(row).toBeHidden();

  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-super-admin').click();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('axes-not-allowed')).toBeVisible();
});
