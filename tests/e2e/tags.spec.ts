import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signUpThroughThePage } from './support';

test('an admin starts the sphere’s tags, adds one, archives and restores it, and a rule tags members by age', async ({
  page,
}) => {
  // A sphere set up from scratch, with its tags and a rule: longer than one page's work.
  test.setTimeout(180_000);
  const stamp = Date.now();
  await signUpThroughThePage(page, `ines.${stamp}@example.be`, 'Inès');
  // Her age, which the rule reads.
  const birthYear = new Date().getFullYear() - 30;
  await page.goto('/?show=profile');
  await page.getByTestId('profile-birth-year').fill(String(birthYear));
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-form')).toHaveCount(0);

  await page.goto('/apps/create-sphere');
  await page.getByTestId('sphere-name').fill('Maison des Tilleuls');
  await page.getByTestId('sphere-category').selectOption('company');
  await page.getByTestId('sphere-submit').click();
  await expect(page.getByTestId('sphere-title')).toHaveText('Maison des Tilleuls');
  await page.getByTestId('sphere-settings').click();

  // No tags yet: the starter set in one click.
  await page.getByTestId('settings-tab-tags').click();
  await expect(page.getByTestId('tags-empty')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('tags-initialize').click();
  const table = page.getByTestId('tags-table');
  await expect(table).toContainText('25 à 34 ans');
  await expect(table).toContainText('12 étiquettes');

  // A tag of our own, in the overlay.
  await page.getByTestId('tag-add').click();
  const form = page.getByTestId('tag-form');
  await expect(form).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await form.getByTestId('tag-save').click();
  await expect(form.getByTestId('tag-name-fr')).toHaveAttribute('aria-invalid', 'true');
  await form.getByTestId('tag-name-fr').fill('Atelier Nord');
  await form.getByTestId('tag-type').click();
  await page.getByRole('option', { name: 'Département' }).click();
  await form.getByTestId('tag-save').click();
  await expect(form).toHaveCount(0);
  const row = table.getByRole('row', { name: /Atelier Nord/ });
  await expect(row).toContainText('Département');

  // Archive, confirmed; it leaves the active list and waits in the archived one; restore it.
  await row.getByRole('button', { name: 'Archiver Atelier Nord' }).click();
  await expect(page.getByTestId('tag-state-confirm')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('tag-state-confirm').click();
  await expect(table.getByRole('row', { name: /Atelier Nord/ })).toHaveCount(0);
  await page.getByTestId('tags-shown').getByText('Archivées').click();
  await table.getByRole('button', { name: 'Restaurer Atelier Nord' }).click();
  await page.getByTestId('tag-state-confirm').click();
  await expect(page.getByTestId('tags-empty')).toBeVisible();
  await page.getByTestId('tags-shown').getByText('Actives').click();
  await expect(table.getByRole('row', { name: /Atelier Nord/ })).toContainText('Active');

  // A rule on age: under 25, else 25 to 34, else 35 and over.
  await page.getByTestId('settings-tab-rules').click();
  await expect(page.getByTestId('tag-rules-user_age')).toContainText('Aucune règle.');
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('tag-rules-edit-user_age').click();
  const rules = page.getByTestId('tag-selection-form');
  await expect(rules).toBeVisible();
  const pick = async (testId: string, option: string) => {
    await rules.getByTestId(testId).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  // A multi-select's field is its box of chosen tags.
  const pickTag = async (rule: number, option: string) => {
    await rules.getByTestId(`tag-rule-${rule}`).locator('.mantine-MultiSelect-input').click();
    await page.getByRole('option', { name: option, exact: true }).click();
    // Its list stays open for more: a click beside it closes it.
    await rules.getByText(/Chaque membre reçoit/).click();
  };
  await rules.getByTestId('tag-rule-add').click();
  await pick('tag-rule-0-operator', 'est inférieur à');
  await rules.getByTestId('tag-rule-0-value').fill('25');
  await pickTag(0, 'Moins de 25 ans');
  await rules.getByTestId('tag-rule-add').click();
  await pick('tag-rule-1-operator', 'est inférieur à');
  await rules.getByTestId('tag-rule-1-value').fill('35');
  await pickTag(1, '25 à 34 ans');
  await rules.getByTestId('tag-rule-add').click();
  await pick('tag-rule-2-condition', 'Sinon');
  await pickTag(2, '35 à 44 ans');
  await expectNoSeriousAxeViolations(page);
  await rules.getByTestId('tag-selection-save').click();
  await expect(page.getByText('les étiquettes de 1 membre ont changé')).toBeVisible();
  await expect(page.getByTestId('tag-rules-user_age')).toContainText(
    'Sinon, si âge est inférieur à 35 : 25 à 34 ans',
  );

  // Inès, 30, now holds the 25-to-34 tag, given by the rule.
  await page.getByTestId('settings-tab-members').click();
  const inès = page.getByTestId('members-table').getByRole('row', { name: /Inès/ });
  await expect(inès).toContainText('25 à 34 ans · auto');
  await expectNoSeriousAxeViolations(page);
});
