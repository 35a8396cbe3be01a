import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signInWithPassword } from './support';

/**
 * Campaign administration (spec 02 §2, issue 12): Camille, Atelier Horizon's admin (tools/demo),
 * creates a campaign from the sphere's settings, gives it a feeling measure and a questionnaire
 * measure, adds a cycle, starts its collection from the scheduler, and finds the campaign's join
 * link and QR code on its page.
 */
const CAMILLE = 'camille@demo.wellbeing.local';
const SPHERE = 'demo-atelier-horizon';
const FORM = 'demo-wellbeing-check';

test('an admin creates a campaign with a feeling measure, a form measure and a cycle, starts collection, and sees the join link', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInWithPassword(page, CAMILLE);

  // The sphere's Campaigns tab, in English.
  await page.goto(`/apps/spheres/${SPHERE}/settings?tab=campaigns&lang=en`);
  await expect(page.getByTestId('campaigns-tab')).toBeVisible();
  await expect(page.getByTestId('campaigns-loading')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // The campaign overlay: a name is required; then created, its settings open.
  await page.getByTestId('campaign-new').click();
  const create = page.getByRole('dialog', { name: 'New campaign' });
  await expect(create).toBeVisible();
  await create.getByTestId('campaign-create-submit').click();
  await expect(create.getByText('This field is required.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const name = `Spring pulse ${Date.now()}`;
  await create.getByTestId('campaign-create-name').fill(name);
  await create.getByTestId('campaign-create-public-name-fr').fill('Comment allons-nous ?');
  await create.getByTestId('campaign-create-public-name-en').fill('How are we doing?');
  await create.getByTestId('campaign-create-public-name-nl').fill('Hoe gaat het met ons?');
  await create.getByTestId('campaign-create-submit').click();
  await expect(page).toHaveURL(/\/apps\/campaigns\/[^/]+\/settings/);
  const campaignId = /\/apps\/campaigns\/([^/]+)\/settings/.exec(page.url())?.[1] ?? '';
  expect(campaignId).not.toBe('');
  await expect(page.getByTestId('campaign-settings-form')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Measures: a feeling, then a questionnaire that needs its form before it saves.
  await page.getByTestId('campaign-tab-measures').click();
  await expect(page.getByTestId('measures-empty')).toBeVisible();
  await page.getByTestId('measure-add-type').selectOption('feeling');
  await page.getByTestId('measure-add').click();
  await page.getByTestId('measure-0-title-en').fill('Your feeling');
  await page.getByTestId('measure-add-type').selectOption('form');
  await page.getByTestId('measure-add').click();
  await page.getByTestId('measures-save').click();
  await expect(page.getByTestId('measures-invalid')).toBeVisible();
  await expect(page.getByTestId('measure-1').getByText('This field is required.')).toBeVisible();
  await page.getByTestId('measure-1-form').selectOption(FORM);
  const measuresSaved = page.waitForResponse(
    (r) => r.url().endsWith(`/v1/campaigns/${campaignId}/measures`) && r.request().method() === 'PUT',
  );
  await page.getByTestId('measures-save').click();
  expect((await measuresSaved).status()).toBe(200);
  await expectNoSeriousAxeViolations(page);

  // A cycle, without dates: started by hand.
  await page.getByTestId('campaign-tab-cycles').click();
  await expect(page.getByTestId('cycles-empty')).toBeVisible();
  await page.getByTestId('cycle-add').click();
  await page.getByTestId('cycle-label').fill('Spring');
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('cycle-save').click();
  await expect(page.getByTestId('cycles-list')).toContainText('Spring');
  await expect(page.locator('[data-testid^="cycle-status-"]')).toHaveText('Draft');

  // The scheduler: start the collection behind its confirmation.
  await page.getByTestId('campaign-tab-scheduler').click();
  const start = page.locator('[data-testid^="scheduler-"][data-testid$="-startCollection"]');
  await expect(start).toBeVisible();
  await start.click();
  const confirm = page.getByRole('dialog', { name: /Spring/ });
  await expect(confirm).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('scheduler-confirm-confirm').click();
  await expect(confirm).toBeHidden();
  await expect(page.locator('[data-testid^="scheduler-"][data-testid$="-status"]')).toHaveText('Collecting');
  await expect(page.locator('[data-testid^="scheduler-"][data-testid$="-stopCollection"]')).toBeVisible();

  // The campaign's page: collecting, with its join link and QR code.
  await page.goto(`/apps/campaigns/${campaignId}`);
  await expect(page.getByTestId('campaign-page')).toBeVisible();
  await expect(page.getByTestId('campaign-status')).toHaveText('Collecting');
  await expect(page.getByTestId('campaign-cycle-status')).toHaveText('Collecting');
  const link = page.getByTestId('campaign-join-url');
  await expect(link).toBeVisible();
  await expect(link).toHaveValue(new RegExp(`/apps/participation/${campaignId}\\?code=.+`));
  await expect(page.getByTestId('campaign-join-qr')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
