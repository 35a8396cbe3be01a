import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, signInWithPassword } from './support';

/**
 * Global (VIP) members (spec 01 §2 `/apps/global/members`, §6; spec 02 §6): Alex, super-admin,
 * lists the people with a global role, gives Nora preview access, is warned before making her a
 * super-admin and steps back, takes her access away, and reads each change in the log.
 */
const ALEX = 'alex@demo.wellbeing.local';
const NORA = 'nora@demo.wellbeing.local';

async function superAdminMode(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-super-admin').click();
  await page.waitForLoadState('networkidle');
}

test('a super-admin gives a person a global role, is warned before super-admin, takes the access away, and reads the log', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInWithPassword(page, ALEX);
  await superAdminMode(page);
  await page.goto('/apps/global/members');
  const table = page.getByTestId('global-members-table');
  await expect(table.getByTestId('global-member-row').filter({ hasText: ALEX })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Nora is given preview access.
  await page.getByTestId('global-member-add').click();
  const form = page.getByTestId('global-member-form');
  await expect(form).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await form.getByTestId('global-member-name').fill('Nora Vermeulen');
  await form.getByTestId('global-member-email').fill(NORA);
  await form.getByTestId('global-member-role-preview-access').check();
  await form.getByTestId('global-member-submit').click();
  await expect(form).toBeHidden();
  const nora = table.getByTestId('global-member-row').filter({ hasText: NORA });
  await expect(nora).toBeVisible();

  // Making her a super-admin asks first; Alex steps back and nothing changes.
  await nora.getByTestId('global-member-edit').click();
  await expect(form).toBeVisible();
  await form.getByTestId('global-member-role-super-admin').check();
  await form.getByTestId('global-member-submit').click();
  const warning = page.getByTestId('global-member-super-admin-confirm');
  await expect(warning).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('global-member-super-admin-cancel').click();
  await expect(warning).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  // Her access is taken away, after a confirmation: she stays listed, as a member.
  await nora.getByTestId('global-member-remove-button').click();
  await page.getByTestId('global-member-remove-confirm').click();
  await expect(nora.getByTestId('global-member-remove-button')).toBeHidden();

  // The log names both changes, newest first.
  const log = page.getByTestId('global-role-change').filter({ hasText: NORA });
  await expect(log).toHaveCount(2);
});
