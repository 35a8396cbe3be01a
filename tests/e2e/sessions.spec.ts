import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signUpThroughThePage } from './support';

test('an admin creates a group (read until ready) and shares its link; a member of the sphere joins it and records a feeling in it from the group’s smiley', async ({
  page,
  browser,
}) => {
  // Two people sign up and go through a dozen pages.
  test.setTimeout(180_000);
  const stamp = Date.now();
  await signUpThroughThePage(page, `lea.${stamp}@example.be`, 'Léa');
  await page.goto('/apps/create-sphere');
  await page.getByTestId('sphere-name').fill('Coopérative Verger');
  await page.getByTestId('sphere-category').selectOption('non-profit');
  await page.getByTestId('sphere-submit').click();
  await expect(page.getByTestId('sphere-title')).toHaveText('Coopérative Verger');
  await expect(page.getByTestId('sphere-sessions-empty')).toBeVisible();
  const sphereLink = page.url();

  // A group, through the createSession overlay.
  await page.getByTestId('sphere-add-session').click();
  await expect(page.getByTestId('create-session')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('session-save').click();
  await expect(page.getByTestId('session-name-fr')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('session-name-fr').fill('Cueillette – équipe du matin');
  await page.getByTestId('session-publicName-fr').fill('Équipe du matin');
  await page.getByTestId('session-public').check();
  await page.getByTestId('session-save').click();
  await expect(page.getByTestId('session-title')).toHaveText('Cueillette – équipe du matin');
  await expect(page.getByTestId('session-badges')).toContainText('Groupe');
  await expectNoSeriousAxeViolations(page);

  // Its settings: the link and its QR code.
  await page.getByTestId('session-settings').click();
  await expectNoSeriousAxeViolations(page);
  const groupSettings = new URL(page.url()).pathname;
  await page.getByTestId('session-tab-link').click();
  await expect(page.getByTestId('join-link-qr')).toBeVisible();
  const groupLink = await page.getByTestId('join-link-url').inputValue();
  expect(groupLink).toMatch(/\/apps\/sessions\/[0-9a-f-]{36}\/join\/[\w-]{20,}$/);

  // The sphere's link, for the person to become a member first.
  await page.goto(new URL(sphereLink).pathname + '/settings');
  await page.getByTestId('settings-tab-link').click();
  const joinSphere = await page.getByTestId('join-link-url').inputValue();

  const other = await browser.newContext();
  const member = await other.newPage();
  await signUpThroughThePage(member, `hugo.${stamp}@example.be`, 'Hugo');
  // Not yet a member of the sphere: the group says so.
  await member.goto(new URL(groupLink).pathname);
  await expect(member.getByTestId('session-join-submit')).toBeVisible();
  await expectNoSeriousAxeViolations(member);
  await member.getByTestId('session-join-submit').click();
  await expect(member.getByTestId('session-join-error')).toContainText('membre actif de la sphère');
  await member.goto(new URL(joinSphere).pathname);
  await member.getByTestId('join-submit').click();
  await expect(member.getByTestId('sphere-title')).toHaveText('Coopérative Verger');
  await member.goto(new URL(groupLink).pathname);
  await member.getByTestId('session-join-submit').click();
  // A member sees the group's public name, never the admins' one.
  await expect(member.getByTestId('session-title')).toHaveText('Équipe du matin');

  // Home lists the group with its smileys; the good one opens the flow in the group.
  await member.goto('/');
  const card = member.getByTestId('home-sessions').getByTestId('session-card');
  await expect(card).toContainText('Équipe du matin');
  await expectNoSeriousAxeViolations(member);
  await card.getByTestId('session-card-good').click();
  await expect(member.getByTestId('feeling-overlay')).toBeVisible();
  await expect(member.getByTestId('feeling-context')).toHaveValue(/^session:/);
  for (const radio of [member.getByTestId('intensity-step-7'), member.getByTestId('energy-step-3')]) {
    await radio.focus();
    await member.keyboard.press('Space');
    await expect(radio).toBeChecked();
  }
  await member.getByTestId('feeling-save').click();
  await expect(member.getByTestId('feeling-overlay')).toBeHidden();
  await expect(member.getByTestId('feeling-saved-detail').last()).toBeVisible();
  await expect(member.getByTestId('feeling-context-dropped')).toHaveCount(0);

  // The admin finds Hugo among the group's members.
  await page.goto(groupSettings);
  await page.getByTestId('session-tab-members').click();
  await expect(page.getByTestId('session-members-table')).toContainText('Hugo');
  await expectNoSeriousAxeViolations(page);

  // Hugo leaves the group after a confirmation; a link to record there is then dropped, and said.
  await member.getByTestId('session-card-title').click();
  await member.getByTestId('session-leave').click();
  await member.getByTestId('session-leave-confirm').click();
  await expect(member.getByTestId('home-greeting')).toBeVisible();
  await member.goto(`/?show=feeling&mode=good&sessionId=${new URL(groupLink).pathname.split('/')[3]}`);
  await expect(member.getByTestId('feeling-context-dropped')).toBeVisible();
  await expectNoSeriousAxeViolations(member);
  await other.close();
});

test('an admin adds a member by address, is told when adding them twice, and removes them after a confirmation', async ({
  page,
}) => {
  const stamp = Date.now();
  await signUpThroughThePage(page, `maud.${stamp}@example.be`, 'Maud');
  await page.goto('/apps/create-sphere');
  await page.getByTestId('sphere-name').fill('Maison des Aulnes');
  await page.getByTestId('sphere-category').selectOption('company');
  await page.getByTestId('sphere-submit').click();
  await expect(page.getByTestId('sphere-title')).toHaveText('Maison des Aulnes');
  await page.getByTestId('sphere-settings').click();
  await page.getByTestId('settings-tab-members').click();

  const addMember = async (name: string, email: string) => {
    await page.getByTestId('member-add-open').click();
    await page.getByTestId('member-add-name').fill(name);
    await page.getByTestId('member-add-email').fill(email);
    await page.getByTestId('member-add-first-day').fill('2020-09-01');
    await page.getByTestId('member-add-submit').click();
  };
  // Nobody has an account with this address yet: the member waits for that person.
  await addMember('Théo Lenoir', `theo.${stamp}@example.be`);
  const row = page.getByTestId('members-table').getByRole('row', { name: /Théo Lenoir/ });
  await expect(row).toContainText('En attente de cette personne');
  await expectNoSeriousAxeViolations(page);
  // The same address again names the member already there, inactive.
  await addMember('Théo L.', `theo.${stamp}@example.be`);
  await expect(page.getByTestId('member-add-error')).toContainText(
    `déjà membre, inactive, avec l’adresse theo.${stamp}@example.be`,
  );
  await expectNoSeriousAxeViolations(page);

  await row.getByRole('button', { name: 'Supprimer Théo Lenoir' }).click();
  await expect(page.getByTestId('member-delete-confirm')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('member-delete-confirm').click();
  await expect(page.getByTestId('members-table')).not.toContainText('Théo Lenoir');

  // Many at once: each line gets its result.
  await page.getByTestId('members-bulk-open').click();
  await page.getByTestId('members-bulk-text').fill(`Iris Noël; iris.${stamp}@example.be\nSans adresse`);
  await page.getByTestId('members-bulk-submit').click();
  const results = page.getByTestId('members-bulk-results');
  await expect(results.getByRole('row', { name: /iris/ })).toContainText('En attente de la personne');
  await expect(results.getByRole('row').nth(2)).toContainText('Non ajouté');
  await expect(page.getByTestId('members-table')).toContainText('Iris Noël');
  await expectNoSeriousAxeViolations(page);
});
