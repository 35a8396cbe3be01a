import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectNoSeriousAxeViolations, signInWithPassword } from './support';

/**
 * The sphere report (issue 13, spec 02 §2 and §5): Camille, Atelier Horizon's admin, opens it from
 * the sphere's page, reads the year of its sixty synthetic members (tools/demo/seed.ts), narrows it
 * to the people of two tags, finds the weeks hidden with their reason, and exports the table.
 */
const CAMILLE = 'camille@demo.wellbeing.local';
const SPHERE = 'demo-atelier-horizon';

test('an admin opens the sphere report, filters by two tags, sees hidden weeks with their reason, and exports Excel', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInWithPassword(page, CAMILLE);
  await page.goto(`/apps/spheres/${SPHERE}?lang=en`);
  await page.getByTestId('reports-card-link').click();
  await expect(page).toHaveURL(new RegExp(`/apps/spheres/${SPHERE}/reports`));

  // The whole sphere: closed weeks only, figures and a table of them.
  const table = page.getByTestId('report-table');
  await expect(table).toBeVisible();
  await expect(page.getByTestId('report-covered')).toContainText('week in progress is not counted');
  await expect(page.getByTestId('report-figures')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Two tags: the people aged 25 to 34 with 1 to 4 years in the company are a few a week.
  const group = page.getByTestId('report-group');
  await group.click();
  await page.getByRole('option', { name: '25 to 34' }).click();
  await group.click();
  await page.getByRole('option', { name: '1 to 4 years' }).click();
  await page.keyboard.press('Escape');
  const hidden = table
    .getByText(
      /Hidden: fewer than \d people|Hidden: too close to another group|Hidden so that a smaller group cannot be worked out/,
    )
    .first();
  await expect(hidden).toBeVisible();
  // A hidden week reads as its reason, never as a zero.
  const hiddenRow = table.locator('tr').filter({ has: hidden });
  await expect(hiddenRow.locator('td').filter({ hasText: /^0$/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // Excel of what the table shows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('report-export-xlsx').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sphere-report-.*\.xlsx$/);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
});

/**
 * The sphere's questionnaires (spec 02 §2 report views, §5): the wellbeing check its synthetic
 * members answer (tools/demo/demo-forms.ts `demo-wellbeing-check`), question by question.
 */
test("an admin reads the sphere's wellbeing check question by question in the questionnaires report", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, CAMILLE);
  await page.goto(`/apps/spheres/${SPHERE}/reports?lang=en`);
  await expect(page.getByTestId('report-table')).toBeVisible();

  await page.getByTestId('report-kind').getByText('Questionnaires', { exact: true }).click();
  const form = page.getByTestId('form-report-form');
  await form.click();
  await page.getByRole('option', { name: 'Wellbeing check' }).click();
  await expect(form).toHaveValue('Wellbeing check');

  // Its first statement over the whole sphere: an average to two decimals, texts never counted.
  const mood = page.getByTestId('form-report-question-mood');
  await expect(mood.getByRole('rowheader')).toHaveText('My mood has been bright on most days');
  await expect(page.getByTestId('form-report-average-mood')).toHaveText(/^\d+\.\d{2}$/);
  await expect(page.getByTestId('form-report-uncounted')).toBeVisible();
  await expect(page.getByTestId('form-report-table')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The self-esteem scale: the group's average placed in one of the four quadrants, in words too.
  await form.click();
  await page.getByRole('option', { name: 'Self-esteem' }).click();
  await expect(page.getByTestId('form-report-view-selfEsteem-sentence')).toContainText('quadrant');
  await expect(page.getByTestId('form-report-view-selfEsteem-table')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

/**
 * The sphere's thinkings (spec 01 §7; decisions 0030, 0033): its members' statements axis by axis,
 * and their comments over the whole period, given only to a group shown with at least 8 people.
 */
test("an admin reads the sphere's thinkings axis by axis with their comments over the period", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, CAMILLE);
  await page.goto(`/apps/spheres/${SPHERE}/reports?lang=en`);
  await expect(page.getByTestId('report-table')).toBeVisible();

  await page.getByTestId('report-kind').getByText('Thinking', { exact: true }).click();
  await expect(page.getByTestId('thinking-report')).toBeVisible();
  const comments = page.getByTestId('thinking-comments');
  await expect(comments).toBeVisible();
  await expect(comments.getByRole('heading', { name: 'Comments over the whole period' })).toBeVisible();
  await expect(comments.locator('li').first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

/**
 * The sphere's strategy as its members judged it (spec 02 §2 "strategy assessment (tree or graphic
 * view)"; decision 0034): the review week of tools/demo/demo-strategies.ts, item by item.
 */
test("an admin reads how the members judged the sphere's strategy, as a tree and as a graphic", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, CAMILLE);
  await page.goto(`/apps/spheres/${SPHERE}/reports?lang=en`);
  await expect(page.getByTestId('report-table')).toBeVisible();

  await page.getByTestId('report-kind').getByText('Strategy', { exact: true }).click();
  const tree = page.getByTestId('strategy-report-tree');
  await expect(tree).toBeVisible();
  await expect(page.getByTestId('strategy-report-people')).toBeVisible();
  // Each item judged by enough people: an average to two decimals and the nearest level in words.
  await expect(
    tree.getByText(/^\d\.\d{2} — (Very unhappy|Unhappy|Neutral|Happy|Very happy)$/).first(),
  ).toBeVisible();
  // The item hidden from the members is the admin's to see, marked so.
  await expect(tree.getByText('Hidden from members').first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByTestId('strategy-view').getByText('Graphic', { exact: true }).click();
  await expect(page.getByTestId('strategy-report-chart')).toBeVisible();
  await expect(page.getByTestId('strategy-report-averages')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("a group's member opens the group's report from its page, and is not shown the sphere's", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, 'sam@demo.wellbeing.local');
  await page.goto('/apps/sessions/demo-horizon-nord?lang=en');
  await page.getByTestId('reports-card-link').click();
  await expect(page).toHaveURL(/\/apps\/sessions\/demo-horizon-nord\/reports/);
  await expect(page.getByTestId('report-table')).toBeVisible();
  await expect(page.getByTestId('report-figures')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The sphere's report is its admins': Sam, a contributor, finds none on the sphere's page or by its address.
  await page.goto(`/apps/spheres/${SPHERE}?lang=en`);
  await expect(page.getByTestId('reports-card')).toHaveCount(0);
  await page.goto(`/apps/spheres/${SPHERE}/reports?lang=en`);
  await expect(page.getByTestId('sphere-report-not-allowed')).toBeVisible();
});
