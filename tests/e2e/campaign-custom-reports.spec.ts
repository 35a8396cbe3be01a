import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signInWithPassword } from './support';

/**
 * A campaign's custom reports (issue 13, spec 02 §2; decision 0036): Camille opens the Pulse
 * campaign's custom reports from its page, reads the demo report on its autumn cycle, whose cards
 * show the cycle's sealed steps as the results page does, and adds a card showing the team climate
 * of one office, by keyboard where a person would.
 */
const CAMILLE = 'camille@demo.wellbeing.local';
const CAMPAIGN = 'demo-horizon-pulse';
const REPORT = 'demo-horizon-pulse-autumn-report';

test('an admin reads a campaign’s custom report of a stopped cycle and adds a step card to it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInWithPassword(page, CAMILLE);
  await page.goto(`/apps/campaigns/${CAMPAIGN}?lang=en`);
  await page.getByTestId('campaign-custom-reports-link').click();
  await expect(page).toHaveURL(new RegExp(`/apps/campaigns/${CAMPAIGN}/custom-reports`));
  const row = page.getByTestId(`custom-report-row-${REPORT}`);
  await expect(row).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/custom-reports/${REPORT}$`));
  await page
    .getByTestId('part-demo-pulse-part-autumn')
    .getByRole('link', { name: 'Le cycle d’automne' })
    .click();
  const feeling = page.getByTestId('card-campaign-demo-pulse-card-feeling');
  await expect(feeling).toContainText('cycle Automne');
  await expect(feeling.getByTestId('report-people').first()).toHaveText(/^\d+$/);
  const climate = page.getByTestId('card-campaign-demo-pulse-card-climate');
  await expect(climate.locator('[data-testid^="form-report-question-"]').first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // A new card: the climate step of the autumn cycle, chosen from the stopped cycles' steps.
  await page.getByTestId('card-add').click();
  const dialog = page.getByTestId('card-add-dialog');
  await dialog.getByTestId('card-add-type-dataShot').check();
  await expect(dialog.getByTestId('card-add-source-campaign')).toBeChecked();
  const step = dialog.getByTestId('card-add-step');
  await expect(step).toBeEnabled();
  await step.selectOption({ label: 'Automne · Team climate' });
  await dialog.getByTestId('card-add-title').fill('Climate, again');
  await expectNoSeriousAxeViolations(page);
  await dialog.getByTestId('card-add-submit').click();
  await expect(dialog).toBeHidden();
  const added = page.getByRole('article', { name: 'Climate, again' });
  await expect(added).toBeVisible();
  await expect(added.locator('[data-testid^="form-report-question-"]').first()).toBeVisible();
});
