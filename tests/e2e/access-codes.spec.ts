import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, mailCount, signUpThroughThePage } from './support';

test('an admin lets members sign in with an access code: one with an account, one without, each with their address and code', async ({
  page,
  browser,
}) => {
  // Two people sign up and an admin sets a sphere up: longer than one page's work.
  test.setTimeout(180_000);
  const stamp = Date.now();
  const memberEmail = `yara.${stamp}@example.be`;
  // The member has an account of her own.
  const other = await browser.newContext();
  const memberPage = await other.newPage();
  await signUpThroughThePage(memberPage, memberEmail, 'Yara');
  await other.close();

  await signUpThroughThePage(page, `olivier.${stamp}@example.be`, 'Olivier');
  await page.goto('/apps/create-sphere');
  await page.getByTestId('sphere-name').fill('Fonderie du Canal');
  await page.getByTestId('sphere-category').selectOption('company');
  await page.getByTestId('sphere-submit').click();
  await expect(page.getByTestId('sphere-title')).toHaveText('Fonderie du Canal');
  const sphereId = new URL(page.url()).pathname.split('/').at(-1) as string;

  // The sphere allows sign-in with a code, which it calls a staff number.
  await page.getByTestId('sphere-settings').click();
  await page.getByTestId('sphere-low-security').click();
  await page.getByTestId('sphere-low-security-label-fr').fill('matricule');
  await expect(page.getByTestId('sphere-low-security-link')).toContainText(`/login?sphere=${sphereId}`);
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('sphere-submit').click();
  await expect(page.getByText('Les paramètres sont enregistrés.')).toBeVisible();

  // Yara, a member, gets a code.
  await page.getByTestId('settings-tab-members').click();
  await page.getByTestId('member-add-open').click();
  await page.getByTestId('member-add-name').fill('Yara Benali');
  await page.getByTestId('member-add-email').fill(memberEmail);
  await page.getByTestId('member-add-submit').click();
  const row = page.getByTestId('members-table').getByRole('row', { name: /Yara Benali/ });
  await row.getByRole('button', { name: 'Codes d’accès de Yara Benali' }).click();
  const dialog = page.getByRole('dialog', { name: 'Codes d’accès de Yara Benali' });
  await expect(dialog).toBeVisible();
  // Allowed without a code: refused.
  await dialog.getByTestId('access-codes-enabled').click();
  await dialog.getByTestId('access-codes-save').click();
  await expect(dialog.getByTestId('access-codes-error')).toBeVisible();
  await dialog.getByTestId('access-codes-add').fill('FDC-4521');
  await page.keyboard.press('Enter');
  await expectNoSeriousAxeViolations(page);
  await dialog.getByTestId('access-codes-save').click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByRole('button', { name: /connexion par code permise/ })).toBeVisible();

  // Yara signs in on the sphere's link: a wrong code names the sphere's label; the right one signs in.
  const mailsBefore = await mailCount(memberEmail);
  const elsewhere = await browser.newContext();
  const signingIn = await elsewhere.newPage();
  await signingIn.goto(`/login?sphere=${sphereId}`);
  await expect(signingIn.getByRole('heading', { name: 'Connexion à Fonderie du Canal' })).toBeVisible();
  await expectNoSeriousAxeViolations(signingIn);
  await signingIn.getByTestId('access-signin-email').fill(memberEmail);
  await signingIn.getByTestId('access-signin-code').fill('FDC-0000');
  await signingIn.getByTestId('access-signin-submit').click();
  await expect(signingIn.getByTestId('access-signin-error')).toContainText('le matricule ne correspond pas');
  await signingIn.getByTestId('access-signin-code').fill('fdc-4521');
  await signingIn.getByTestId('access-signin-submit').click();
  await expect(signingIn.getByTestId('home-greeting')).toHaveText('Bonjour Yara');
  // No code was mailed for this sign-in.
  expect(await mailCount(memberEmail)).toBe(mailsBefore);
  await elsewhere.close();

  // Piet has no account yet: the admin adds him by address, with a code, and he signs in with it
  // as a guest of his own, already a member of the sphere.
  const pietEmail = `piet.${stamp}@example.be`;
  await page.getByTestId('member-add-open').click();
  await page.getByTestId('member-add-name').fill('Piet Claes');
  await page.getByTestId('member-add-email').fill(pietEmail);
  await page.getByTestId('member-add-submit').click();
  const pietRow = page.getByTestId('members-table').getByRole('row', { name: /Piet Claes/ });
  await pietRow.getByRole('button', { name: 'Codes d’accès de Piet Claes' }).click();
  const pietDialog = page.getByRole('dialog', { name: 'Codes d’accès de Piet Claes' });
  await pietDialog.getByTestId('access-codes-enabled').click();
  await pietDialog.getByTestId('access-codes-add').fill('FDC-7788');
  await page.keyboard.press('Enter');
  await pietDialog.getByTestId('access-codes-save').click();
  await expect(pietDialog).toHaveCount(0);

  const pietContext = await browser.newContext();
  const piet = await pietContext.newPage();
  await piet.goto(`/login?sphere=${sphereId}`);
  await piet.getByTestId('access-signin-email').fill(pietEmail);
  await piet.getByTestId('access-signin-code').fill('FDC-7788');
  await piet.getByTestId('access-signin-submit').click();
  await expect(piet.getByTestId('home-greeting')).toHaveText('Bonjour Piet');
  await expect(piet.getByTestId('guest-banner')).toBeVisible();
  await expect(piet.getByTestId('home-spheres')).toContainText('Fonderie du Canal');
  expect(await mailCount(pietEmail)).toBe(0);
  await expectNoSeriousAxeViolations(piet);
  await pietContext.close();
});
