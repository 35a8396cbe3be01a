import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signInWithCodeThroughThePage, tabTo } from './support';

/**
 * Alex, a Premium demo user and super-admin (tools/demo/seed.ts). Sign-in codes are limited to
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

test('a sphere admin chooses the statements asked to its contributors; a group that may not choose its own asks them, its member answers them from the group page, and records a feeling through the group’s quick-answer link', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Alex's third sign-in of this file: the limit is three codes an address in ten minutes.
  await signInWithCodeThroughThePage(page, ALEX);
  await page.goto('/apps/spheres/demo-clinique-tilleuls/settings');
  await page.getByTestId('settings-tab-contributors').click();
  const editor = page.getByTestId('sphere-axes-contributor');
  await expect(page.getByTestId('sphere-axes-contributor-empty')).toBeVisible();
  for (const axis of ['team-spirit', 'support']) {
    await page.getByTestId('sphere-axes-contributor-pick').selectOption(axis);
    await page.getByTestId('sphere-axes-contributor-add').click();
  }
  // Support first: moved up by its button.
  await editor
    .getByRole('button', { name: /^Move up: / })
    .last()
    .click();
  await expect(editor.locator('li').first()).toHaveAttribute(
    'data-testid',
    'sphere-axes-contributor-axis-support',
  );
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('sphere-axes-contributor-save').click();
  await expect(page.getByText('The list of statements is saved.')).toBeVisible();
  await expect(page.getByTestId('sphere-axes-contributor-save')).toBeDisabled();

  // The clinic's groups may not choose their own: the group's settings say so and show the list.
  await page.goto('/apps/sessions/demo-tilleuls-soins/settings');
  await page.getByTestId('session-tab-thinking').click();
  await expect(page.getByTestId('session-axes-locked')).toBeVisible();
  const asked = page.getByTestId('session-axes-asked').locator('li');
  await expect(asked).toHaveCount(2);
  await expect(asked.first()).toContainText('I can count on the people around me');
  await expectNoSeriousAxeViolations(page);

  // From the group's page, the thinking flow asks the group's statements, in that order.
  await page.goto('/apps/sessions/demo-tilleuls-soins');
  await page.getByTestId('session-thinking').click();
  const form = page.getByTestId('thinking-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('thinking-context')).toHaveValue('session:demo-tilleuls-soins');
  await expect(page.getByTestId('thinking-axis-workload')).toHaveCount(0);
  await expect(form.locator('[data-testid^="thinking-axis-"]').first()).toHaveAttribute(
    'data-testid',
    'thinking-axis-support',
  );
  await page.getByTestId('thinking-team-spirit-p1').check();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('thinking-save').click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Your thinking is saved.', { exact: false })).toBeVisible();

  // The group's quick-answer link (a poster's QR code) opens two faces that record a feeling there.
  await page.goto('/apps/sessions/demo-tilleuls-soins/settings');
  await page.getByTestId('session-tab-link').click();
  await expect(page.getByTestId('quick-link-qr')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const quickLink = new URL(await page.getByTestId('quick-link-url').inputValue());
  await page.goto(quickLink.pathname + quickLink.search);
  await expect(page.getByTestId('quick-answer-place')).toHaveText('Service A');
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('quick-answer-good').click();
  await expect(page.getByTestId('feeling-context')).toHaveValue('session:demo-tilleuls-soins');
  for (const radio of [page.getByTestId('intensity-step-6'), page.getByTestId('energy-step-4')]) {
    await radio.focus();
    await page.keyboard.press('Space');
    await expect(radio).toBeChecked();
  }
  await page.getByTestId('feeling-save').click();
  await expect(page.getByTestId('feeling-overlay')).toBeHidden();
  await expect(page.getByTestId('feeling-saved-detail').last()).toBeVisible();

  // A link with a wrong code says so and goes to the root.
  await page.goto('/apps/quick-answer?sessionId=demo-tilleuls-soins&validationCode=not-the-code');
  await expect(page.getByText('Invalid link')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
