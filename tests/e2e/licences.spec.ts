import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, signInWithPassword } from './support';

/**
 * Sphere licences (spec 02 §4, §7, §8; decision 0046): Camille, admin of Atelier Horizon, raises
 * its Essentials licences on the Licences tab and gives Sam Essentials from the members' tab; Sam
 * then has thinking and the life compass on home. Sam is made Starter again at the end, so that
 * the specs after this one find the demo as seeded.
 */
const CAMILLE = 'camille@demo.wellbeing.local';
const SAM = 'sam@demo.wellbeing.local';
const SPHERE = '/apps/spheres/demo-atelier-horizon';

const samRow = (page: Page) => page.getByTestId('members-table').locator('tr').filter({ hasText: SAM });

async function setSamPlan(page: Page, plan: 'starter' | 'essentials') {
  await page.goto(`${SPHERE}/settings?tab=members`);
  const row = samRow(page);
  await expect(row).toBeVisible();
  await row.getByTestId(/^member-plan-edit-/).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('member-plan-select')).toBeVisible();
  await dialog.getByTestId('member-plan-select').selectOption(plan);
  return dialog;
}

test('a sphere admin raises the Essentials licences and gives Sam Essentials, who then has thinking and the life compass', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // Sam, on Starter, is offered thinking and the life compass as reserved features.
  const samContext = await browser.newContext();
  const sam = await samContext.newPage();
  await signInWithPassword(sam, SAM);
  await sam.goto('/');
  await expect(sam.getByTestId('thinking-home-reserved')).toBeVisible();
  await expect(sam.getByTestId('life-compass-home-reserved')).toBeVisible();

  const camilleContext = await browser.newContext();
  const camille = await camilleContext.newPage();
  await signInWithPassword(camille, CAMILLE);

  // The Licences tab: counts, use and what is left, per tier.
  await camille.goto(`${SPHERE}/settings?tab=licences`);
  const essentials = camille.getByTestId('licence-essentials');
  await expect(essentials).toBeVisible();
  await expectNoSeriousAxeViolations(camille);
  const count = Number(await essentials.getByTestId('licence-count').innerText());
  const used = Number(await essentials.getByTestId('licence-used').innerText());
  expect(count).toBeGreaterThanOrEqual(used);

  // Below the use is refused, in words.
  const form = camille.getByTestId('licence-form-essentials');
  await form.getByTestId('licence-input-essentials').fill(String(Math.max(used - 1, 0)));
  await form.getByTestId('licence-save-essentials').click();
  await expect(form.getByTestId('licence-input-essentials')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText(String(used));

  // One more licence.
  await form.getByTestId('licence-input-essentials').fill(String(count + 1));
  await form.getByTestId('licence-save-essentials').click();
  await expect(essentials.getByTestId('licence-count')).toHaveText(String(count + 1));

  // Sam is made Essentials: one licence more in use.
  const dialog = await setSamPlan(camille, 'essentials');
  await expectNoSeriousAxeViolations(camille);
  await dialog.getByTestId('member-plan-save').click();
  await expect(dialog).toBeHidden();
  await expect(
    samRow(camille)
      .getByTestId(/^member-plan-/)
      .first(),
  ).toHaveText('Essentials');
  await camille.goto(`${SPHERE}/settings?tab=licences`);
  await expect(camille.getByTestId('licence-essentials').getByTestId('licence-used')).toHaveText(
    String(used + 1),
  );

  // Sam now has thinking and the life compass.
  await sam.reload();
  await expect(sam.getByTestId('thinking-home-reserved')).toBeHidden();
  await expect(sam.getByTestId('thinking-home-give')).toBeVisible();
  await expect(sam.getByTestId('home-life-compass')).toBeVisible();
  await sam.getByTestId('life-compass-open').click();
  await expect(sam.getByTestId('life-compass')).toBeVisible();
  await samContext.close();

  // The demo as it was: Sam on Starter, the count as found.
  const back = await setSamPlan(camille, 'starter');
  await back.getByTestId('member-plan-save').click();
  await expect(back).toBeHidden();
  await camille.goto(`${SPHERE}/settings?tab=licences`);
  const again = camille.getByTestId('licence-form-essentials');
  await again.getByTestId('licence-input-essentials').fill(String(count));
  await again.getByTestId('licence-save-essentials').click();
  await expect(camille.getByTestId('licence-essentials').getByTestId('licence-count')).toHaveText(
    String(count),
  );
  await camilleContext.close();
});
