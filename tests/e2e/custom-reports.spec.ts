import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectNoSeriousAxeViolations, sidewaysScroll, signInWithPassword } from './support';

/**
 * Custom reports (issue 13, spec 02 §2 custom reports and render overlay): Camille, Atelier Horizon's
 * admin, reads the demo report (tools/demo/demo-custom-report.ts) and its small groups' hidden
 * cards, then builds a report of her own with a part and three cards, renders it to PDF through the
 * overlay and the render worker, and downloads it.
 */
const CAMILLE = 'camille@demo.wellbeing.local';
const SPHERE = 'demo-atelier-horizon';

test('an admin reads the demo custom report, whose small groups say why they are hidden', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, CAMILLE);
  await page.goto(`/apps/spheres/${SPHERE}?lang=en`);
  await page.getByTestId('reports-card-custom-link').click();
  await expect(page).toHaveURL(new RegExp(`/apps/spheres/${SPHERE}/custom-reports`));
  await expect(page.getByTestId('custom-report-row-demo-horizon-year')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByTestId('custom-report-row-demo-horizon-year').getByRole('link').first().click();
  await expect(page.getByTestId('part-demo-part-groups')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // Its first render, made when the demo was seeded, is ready to download.
  await page.getByTestId('custom-report-tab-documents').click();
  await expect(page.getByTestId('document-download-demo-render-first')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.goto(`/apps/spheres/${SPHERE}/custom-reports/demo-horizon-year/parts/demo-part-groups?lang=en`);
  // People under 25 are too few: the card says so, and shows no number for them.
  const youngest = page.getByTestId('card-demo-card-under25-people');
  await expect(youngest).toContainText('Hidden: fewer than 8 people');
  await expect(youngest).not.toContainText(/People\s*\d/);
  await expect(page.getByTestId('card-demo-card-senior-people')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('an admin builds a custom report with a part and three cards, renders it to PDF and downloads it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInWithPassword(page, CAMILLE);
  await page.goto(`/apps/spheres/${SPHERE}/custom-reports?lang=en`);
  await page.getByTestId('custom-report-new').click();
  const name = `Team check ${Date.now()}`;
  await page.getByTestId('custom-report-create-name').fill(name);
  // English only: the render's language is then fixed.
  await page.getByTestId('custom-report-create-lang-fr').uncheck();
  await page.getByTestId('custom-report-create-lang-nl').uncheck();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('custom-report-create-submit').click();
  await expect(page).toHaveURL(/\/custom-reports\/[0-9a-f]+$/);

  await page.getByTestId('part-add-name').fill('Climate');
  await page.getByTestId('part-add-submit').click();
  const part = page.getByRole('link', { name: 'Climate', exact: true });
  await expect(part).toBeVisible();
  await part.click();
  await expect(page).toHaveURL(/\/parts\/[0-9a-f]+$/);

  // Three cards: a text, the whole workshop's people, and its colours month by month.
  const addCard = async (fill: () => Promise<void>) => {
    await page.getByTestId('card-add').click();
    const dialog = page.getByRole('dialog', { name: 'New card' });
    await expect(dialog).toBeVisible();
    await fill();
    await page.getByTestId('card-add-submit').click();
    await expect(dialog).toBeHidden();
  };
  await addCard(async () => {
    await page.getByTestId('card-add-type-text').check();
    await page.getByTestId('card-add-title').fill('Why we look');
    await page.getByTestId('card-add-result').fill('Once a quarter we read the workshop’s mood together.');
  });
  await addCard(async () => {
    await page.getByTestId('card-add-type-dataShot').check();
    await page.getByTestId('card-add-title').fill('Who answered');
    await expectNoSeriousAxeViolations(page);
  });
  await addCard(async () => {
    await page.getByTestId('card-add-type-dataShot').check();
    await page.getByTestId('card-add-title').fill('Colours by month');
    await page.getByTestId('card-add-measure').selectOption('colors');
    await page.getByTestId('card-add-view-series').check();
  });
  await expect(page.getByRole('heading', { name: 'Colours by month' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Who answered' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Why we look' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // The "card added" toasts leave first: one fading out while axe reads the overlay reads as low contrast.
  // The pointer leaves them too (the last click was where they appear): a hovered toast stays.
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });

  // Render: the overlay, then the Documents tab until the file is ready, then the download.
  await page.getByRole('link', { name: `Back to ${name}` }).click();
  await page.getByTestId('custom-report-render').click();
  await expect(page.getByTestId('render-form')).toBeVisible();
  await expect(page.getByTestId('render-name')).toHaveValue(new RegExp(`${name}$`));
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('render-submit').click();
  await expect(page.getByTestId('render-form')).toBeHidden();
  const download = page.locator('[data-testid^="document-download-"]').first();
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousAxeViolations(page);
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test('the report pages fit a 390-pixel phone screen without sideways scrolling', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithPassword(page, CAMILLE);
  const pages = [
    { path: `/apps/spheres/${SPHERE}/reports?lang=en`, ready: page.getByTestId('report-table') },
    {
      path: `/apps/spheres/${SPHERE}/custom-reports?lang=en`,
      ready: page.getByTestId('custom-reports-list'),
    },
    {
      path: `/apps/spheres/${SPHERE}/custom-reports/demo-horizon-year?lang=en`,
      ready: page.getByTestId('part-demo-part-overview'),
    },
    {
      path: `/apps/spheres/${SPHERE}/custom-reports/demo-horizon-year/parts/demo-part-overview?lang=en`,
      ready: page.getByTestId('card-form-title-demo-card-wellbeing-check'),
    },
    {
      path: '/apps/sessions/demo-horizon-nord/custom-reports?lang=en',
      ready: page.getByTestId('custom-report-row-demo-horizon-nord-quarter'),
    },
    {
      path: '/apps/sessions/demo-horizon-nord/custom-reports/demo-horizon-nord-quarter/parts/demo-nord-part-quarter?lang=en',
      ready: page.getByTestId('card-demo-nord-card-colors'),
    },
    {
      path: '/apps/campaigns/demo-horizon-pulse/reports?lang=en',
      ready: page.getByTestId('campaign-report-cycle-results'),
    },
    {
      path: '/apps/campaigns/demo-horizon-pulse/custom-reports?lang=en',
      ready: page.getByTestId('custom-report-row-demo-horizon-pulse-autumn-report'),
    },
    {
      path: `/apps/spheres/${SPHERE}/custom-reports/demo-horizon-pulse-autumn-report/parts/demo-pulse-part-autumn?lang=en`,
      ready: page.getByTestId('card-campaign-demo-pulse-card-climate'),
    },
  ];
  for (const { path, ready } of pages) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    // Wide tables scroll inside their own box; the page itself never does.
    const overflow = await sidewaysScroll(page);
    expect(overflow, path).toBeLessThanOrEqual(1);
    await expectNoSeriousAxeViolations(page);
  }
});
