import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, signInWithCodeThroughThePage, tabTo } from './support';

/**
 * Nora, an Essentials demo user in English, in no sphere yet, with an address of Atelier Horizon's
 * domain (tools/demo/seed.ts). She signs in twice in this file: sign-in codes are limited to three
 * an address in ten minutes, and no other spec signs her in.
 */
const NORA = 'nora@demo.wellbeing.local';

/** An item of the strategy editor, by its title. */
const row = (page: Page, title: string) =>
  page.locator('li[data-testid^="strategy-item-"]').filter({
    has: page.locator('[data-testid^="strategy-title-"]', { hasText: new RegExp(`^${title}$`) }),
  });
const titles = (page: Page) => page.locator('[data-testid^="strategy-title-"]');

async function addItem(
  page: Page,
  item: { type: string; title: string; description: string; level?: string },
) {
  await page.getByTestId('strategy-add-open').click();
  // The form opens on its title.
  await expect(page.getByTestId('strategy-form-title')).toBeFocused();
  await page.keyboard.type(item.title);
  await page.getByTestId('strategy-form-type').selectOption(item.type);
  // A new item starts at the level of the last one.
  if (item.level) await page.getByTestId('strategy-form-level').selectOption({ label: item.level });
  await page.getByTestId('strategy-form-description').fill(item.description);
  await page.getByTestId('strategy-form-save').click();
  await expect(page.getByTestId('strategy-form')).toBeHidden();
  await expect(row(page, item.title)).toBeVisible();
}

test('a subscriber writes a life compass with indents and reorders it by keyboard; the order and levels are kept', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInWithCodeThroughThePage(page, NORA);
  const section = page.getByTestId('home-life-compass');
  await expect(section).toContainText('Your life compass is still empty');
  await tabTo(page, page.getByTestId('life-compass-open'), 120);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('life-compass')).toBeVisible();
  await expect(page.getByTestId('strategy-empty')).toContainText('start with a vision');
  await expectNoSeriousAxeViolations(page);

  // A life-compass item needs a title and a description: refused before anything is sent.
  await page.getByTestId('strategy-add-open').click();
  await page.getByTestId('strategy-form-save').click();
  await expect(page.getByText('Give it a title.')).toBeVisible();
  await expect(page.getByText('Please check that every strategy item has a description.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('strategy-form-cancel').click();

  await addItem(page, {
    type: 'vision',
    title: 'Live closer to nature',
    description: 'A life with more time outdoors, for me and for the people I love.',
  });
  await addItem(page, {
    type: 'strategicAxis',
    title: 'Health',
    description: 'Move every day, sleep well.',
  });
  await addItem(page, {
    type: 'goal',
    title: 'Run a half marathon',
    description: 'The Ghent half marathon in October.',
    level: 'Level 2',
  });
  await addItem(page, {
    type: 'strategicAxis',
    title: 'Family',
    description: 'Be there, not just around.',
    level: 'Level 1',
  });
  await addItem(page, {
    type: 'goal',
    title: 'Sunday lunch with my parents',
    description: 'Twice a month, at their place or ours.',
  });
  await expect(row(page, 'Run a half marathon').getByTestId(/^strategy-level-/)).toHaveText('Level 2');

  // By keyboard: "Sunday lunch" goes under "Family"; the focus stays on the button pressed.
  const indent = row(page, 'Sunday lunch with my parents').locator('[data-testid^="strategy-indent-"]');
  await indent.focus();
  await page.keyboard.press('Enter');
  await expect(row(page, 'Sunday lunch with my parents').getByTestId(/^strategy-level-/)).toHaveText(
    'Level 2',
  );
  await expect(indent).toBeFocused();
  // Once there, going deeper is refused, and the button says why.
  await expect(indent).toHaveAttribute('aria-disabled', 'true');
  await expect(indent).toHaveAccessibleDescription('It is already one level below the item above.');

  // "Family" moves up past "Health", taking its goal along; Space moves it as Enter does.
  const familyUp = row(page, 'Family').locator('[data-testid^="strategy-up-"]');
  await familyUp.focus();
  await page.keyboard.press('Space');
  await expect(titles(page)).toHaveText([
    'Live closer to nature',
    'Family',
    'Sunday lunch with my parents',
    'Health',
    'Run a half marathon',
  ]);
  await expect(familyUp).toBeFocused();
  await expect(page.getByTestId('strategy-announcer')).toHaveText('“Family” moved up: item 2 of 5, level 1.');
  // The first item cannot move up: the button stays reachable and says so.
  const visionUp = row(page, 'Live closer to nature').locator('[data-testid^="strategy-up-"]');
  await expect(visionUp).toHaveAttribute('aria-disabled', 'true');
  await expect(visionUp).toHaveAccessibleDescription('It is already first in the list.');
  await expectNoSeriousAxeViolations(page);

  // Deleting asks first and says where the sub-items go.
  await row(page, 'Health').locator('[data-testid^="strategy-delete-"]').click();
  await expect(page.getByTestId('strategy-remove-dialog')).toContainText(
    'Its sub-item stays in the list: it moves up one level, into its place.',
  );
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('strategy-remove-cancel').click();
  await expect(page.getByTestId('strategy-remove-dialog')).toBeHidden();

  // Saved as it shows: the same order and levels after a reload.
  await page.reload();
  await expect(page.getByTestId('life-compass')).toBeVisible();
  await expect(titles(page)).toHaveText([
    'Live closer to nature',
    'Family',
    'Sunday lunch with my parents',
    'Health',
    'Run a half marathon',
  ]);
  await expect(row(page, 'Sunday lunch with my parents').getByTestId(/^strategy-level-/)).toHaveText(
    'Level 2',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('life-compass')).toBeHidden();
  await expect(section).toContainText('5 items in your compass.');
  await expect(section).toContainText('Your vision: Live closer to nature');
});

test('a member joins Atelier Horizon and assesses its strategy by keyboard, then changes the assessment; an admin turns strategies on for her own sphere and writes its strategy', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInWithCodeThroughThePage(page, NORA);
  await page.goto('/apps/spheres/demo-atelier-horizon/join/demo-horizon-key');
  await page.getByTestId('join-submit').click();
  await expect(page.getByTestId('sphere-title')).toHaveText('Atelier Horizon');

  // "Our strategy": what members read, without the item only the admins see.
  const card = page.getByTestId('strategy-card');
  await expect(card).toContainText('Des meubles qui durent');
  await expect(card).toContainText('Santé et sécurité à l’atelier');
  await expect(card).not.toContainText('Projet d’extension à Gand');
  await expect(card.getByTestId('strategy-card-edit')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await tabTo(page, card.getByTestId('strategy-assess'), 80);
  await page.keyboard.press('Enter');
  const form = page.getByTestId('assessment-form');
  await expect(form).toBeVisible();
  // Saving without any answer is refused with the reason.
  await page.getByTestId('assessment-save').click();
  await expect(page.getByTestId('assessment-none')).toHaveText('Answer at least one item to save.');

  // An unanswered radio group is one Tab stop; Space chooses, the arrows move.
  const items = form.locator('[data-testid^="assessment-item-"]');
  const first = items.nth(0);
  await tabTo(page, first.locator('[data-testid$="-veryUnhappy"]'));
  await page.keyboard.press('Space');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(first.locator('[data-testid$="-happy"]')).toBeChecked();
  await tabTo(page, items.nth(1).locator('[data-testid$="-veryUnhappy"]'));
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(items.nth(1).locator('[data-testid$="-unhappy"]')).toBeChecked();
  await expect(page.getByTestId('assessment-progress')).toContainText('2 of');
  await expectNoSeriousAxeViolations(page);
  await tabTo(page, page.getByTestId('assessment-save'), 200);
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  await expect(page.getByText('Your assessment is saved.', { exact: false })).toBeVisible();

  // Her assessments, each opened to change within the hour.
  const mine = card.getByTestId('strategy-my-assessments');
  await expect(mine).toContainText('2 answers');
  await mine.locator('[data-testid^="strategy-open-assessment-"]').first().click();
  await expect(form).toBeVisible();
  await expect(items.nth(0).locator('[data-testid$="-happy"]')).toBeChecked();
  await items.nth(2).locator('[data-testid$="-veryHappy"]').check();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('assessment-save').click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Your assessment is updated.')).toBeVisible();
  await expect(mine).toContainText('3 answers');

  // Her own sphere: strategies are off until she turns them on in the general settings.
  await page.goto('/apps/create-sphere');
  const name = `Cercle des marcheurs ${Date.now()}`;
  await page.getByTestId('sphere-name').fill(name);
  await page.getByTestId('sphere-category').selectOption('non-profit');
  await page.getByTestId('sphere-submit').click();
  await expect(page.getByTestId('sphere-title')).toHaveText(name);
  await expect(page.getByTestId('strategy-card')).toHaveCount(0);
  const sphere = new URL(page.url()).pathname;
  await page.goto(`${sphere}/settings?tab=strategy`);
  await expect(page.getByTestId('strategy-off')).toContainText('Turn on “Sphere strategy”');
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('strategy-off-general').click();
  await expect(page.getByTestId('settings-tab-admin')).toBeFocused();
  await page.getByTestId('sphere-strategy-enabled').check();
  await page.getByTestId('sphere-submit').click();
  await expect(page.getByText('The settings are saved.')).toBeVisible();

  await page.getByTestId('settings-tab-strategy').click();
  await expect(page).toHaveURL(/\?tab=strategy$/);
  await expect(page.getByTestId('strategy-empty')).toBeVisible();
  // A sphere's items need no title; a description is enough.
  await page.getByTestId('strategy-add-open').click();
  await page.getByTestId('strategy-form-description').fill('Walk together every week, whatever the weather.');
  await page.getByTestId('strategy-form-save').click();
  await expect(titles(page)).toHaveText(['Vision']);
  await addItem(page, {
    type: 'custom',
    title: 'Meet the town council',
    description: 'About safer footpaths.',
  });
  await row(page, 'Meet the town council').locator('[data-testid^="strategy-toggle-hidden-"]').click();
  await expect(row(page, 'Meet the town council')).toContainText('Hidden');
  await expectNoSeriousAxeViolations(page);

  // Her members read it on the sphere's page, without the hidden item.
  await page.goto(sphere);
  await expect(page.getByTestId('strategy-card')).toContainText('Walk together every week');
  await expect(page.getByTestId('strategy-card')).not.toContainText('Meet the town council');

  // A group's strategy, in the group's settings.
  await page.getByTestId('sphere-add-session').click();
  await expect(page.getByTestId('create-session')).toBeVisible();
  await page.getByTestId('session-name-en').fill('Sunday walkers');
  await page.getByTestId('session-publicName-en').fill('Sunday walkers');
  await page.getByTestId('session-save').click();
  await expect(page.getByTestId('session-title')).toHaveText('Sunday walkers');
  await page.getByTestId('session-settings').click();
  await page.getByTestId('session-tab-strategy').click();
  await expect(page.getByTestId('strategy-empty')).toBeVisible();
  await addItem(page, { type: 'action', title: 'Plan the routes', description: 'One new route a month.' });
  await expectNoSeriousAxeViolations(page);
});
