import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signInWithPassword } from './support';

/**
 * A group's custom reports (issue 13, spec 02 §2; decisions 0037 and 0038): Camille, a member of the
 * north team, opens the team's custom reports from its page, reads the demo report of its quarter,
 * and adds a card showing the team's answers to the personality questionnaire, by keyboard where a
 * person would.
 */
const CAMILLE = 'camille@demo.wellbeing.local';
const GROUP = 'demo-horizon-nord';
const REPORT = 'demo-horizon-nord-quarter';

test('a group’s member reads the group’s custom report and adds a questionnaire card to it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInWithPassword(page, CAMILLE);
  await page.goto(`/apps/sessions/${GROUP}?lang=en`);
  await page.getByTestId('reports-card-custom-link').click();
  await expect(page).toHaveURL(new RegExp(`/apps/sessions/${GROUP}/custom-reports`));
  const row = page.getByTestId(`custom-report-row-${REPORT}`);
  await expect(row).toBeVisible();
  // The workshop's own report is the sphere's, not the team's.
  await expect(page.getByTestId('custom-report-row-demo-horizon-year')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/apps/sessions/${GROUP}/custom-reports/${REPORT}$`));
  await page
    .getByTestId('part-demo-nord-part-quarter')
    .getByRole('link', { name: 'Notre trimestre' })
    .click();
  await expect(page.getByTestId('card-demo-nord-card-colors')).toBeVisible();
  await expect(page.getByTestId('card-demo-nord-card-people')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // A new card: the team's answers to the personality questionnaire, the only one its members answered.
  await page.getByTestId('card-add').click();
  const dialog = page.getByRole('dialog', { name: 'New card' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('card-add-type-dataShot').check();
  await dialog.getByTestId('card-add-source-form').check();
  const form = dialog.getByTestId('card-add-form');
  await expect(form).toBeEnabled();
  await form.selectOption({ label: 'Personality in ten questions' });
  await dialog.getByTestId('card-add-title').fill('Our personalities');
  await expectNoSeriousAxeViolations(page);
  await dialog.getByTestId('card-add-submit').click();
  await expect(dialog).toBeHidden();
  const added = page.getByRole('article', { name: 'Our personalities' });
  await expect(added).toBeVisible();
  await expect(added.locator('[data-testid^="card-form-title-"]')).toContainText(
    'Personality in ten questions',
  );
  await expectNoSeriousAxeViolations(page);
});
