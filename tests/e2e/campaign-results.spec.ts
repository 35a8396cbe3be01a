import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectNoSeriousAxeViolations, signInWithPassword } from './support';

/**
 * A campaign's results (issue 13, spec 02 §2; decision 0035): Camille, Atelier Horizon's admin,
 * opens the results of the demo campaign from its page, reads its autumn cycle (stopped, its
 * answers rolled up: tools/demo/demo-campaigns.ts), its feelings, team climate and the ideas its
 * people wrote, narrows it to two tags whose few people are hidden with their reason, and exports
 * Excel. The winter cycle still collects and says its results come when it stops.
 */
const CAMILLE = 'camille@demo.wellbeing.local';
const CAMPAIGN = 'demo-horizon-pulse';

test('an admin reads a campaign’s stopped cycle, its free texts, a hidden small group with its reason, and exports Excel', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInWithPassword(page, CAMILLE);
  await page.goto(`/apps/campaigns/${CAMPAIGN}?lang=en`);
  await page.getByTestId('campaign-results-link').click();
  await expect(page).toHaveURL(new RegExp(`/apps/campaigns/${CAMPAIGN}/reports`));

  const results = page.getByTestId('campaign-report-cycle-results');
  await expect(results).toBeVisible();
  await expect(page.getByTestId('campaign-report-participation')).toContainText('people finished');
  const feeling = page.getByTestId('campaign-step-feeling');
  await expect(feeling.getByTestId('report-people')).toHaveText(/^\d+$/);
  // The team climate: its statements' averages, and the ideas people wrote, the group being large.
  const climate = page.getByTestId('campaign-step-climate');
  await expect(climate.getByText('on a scale from 1 to 5')).toBeVisible();
  await expect(climate.locator('[data-testid$="-texts-idea-list"] li').first()).toBeVisible();
  // The winter cycle still collects: no figure yet.
  await expect(page.getByTestId('campaign-report-waiting-demo-horizon-pulse-winter')).toContainText(
    'once its collection has stopped',
  );
  await expectNoSeriousAxeViolations(page);

  // Two tags: the few people aged 25 to 34 with 1 to 4 years in the company are hidden, with why.
  const group = page.getByTestId('report-group');
  await group.click();
  await page.getByRole('option', { name: '25 to 34' }).click();
  await group.click();
  await page.getByRole('option', { name: '1 to 4 years' }).click();
  await page.keyboard.press('Escape');
  const hidden = page.getByTestId('campaign-step-hidden-feeling');
  await expect(hidden).toHaveText(
    /Hidden: fewer than \d people|Hidden: too close to another group|Hidden so that a smaller group cannot be worked out/,
  );
  await expect(climate.locator('[data-testid$="-texts-idea-list"]')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // Excel of what the page shows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('campaign-report-export-xlsx').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^campaign-report-.*\.xlsx$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
});
