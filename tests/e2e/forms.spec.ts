import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, sidewaysScroll, signInWithPassword, tabTo } from './support';

/**
 * Alex, the demo super-admin (tools/demo/seed.ts), designs a questionnaire, offers it to his
 * Intensive care group at Clinique des Tilleuls, answers it there as a member of that group and
 * changes his answers. He signs in with his password: the thinking browser tests use the three codes
 * his address may receive in ten minutes.
 */
const ALEX = 'alex@demo.wellbeing.local';
const SPHERE = 'demo-clinique-tilleuls';
const GROUP = 'demo-tilleuls-soins';

/** A question of the designer: its id and its English title. */
async function describeQuestion(question: Locator, id: string, title: string) {
  await question.locator('[data-testid$="-id"]').first().fill(id);
  await question.getByTestId(`${await question.getAttribute('data-testid')}-title-en`).fill(title);
}

async function addQuestion(page: Page, step: number, type: string): Promise<Locator> {
  const count = await page.locator(`section[data-testid^="step-${step}-answer-"]`).count();
  await page.getByTestId(`step-${step}-add-answer-type`).selectOption(type);
  await page.getByTestId(`step-${step}-add-answer`).click();
  const question = page.getByTestId(`step-${step}-answer-${count}`);
  await expect(question).toBeVisible();
  return question;
}

test('a questionnaire goes from the designer to a group: previewed, offered, answered by keyboard (blocked on the missing required answer), then changed within 24 hours', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await signInWithPassword(page, ALEX, 'Wellbeing1');

  // Forms administration, in super-admin mode: a new form needs a title; the editor opens next.
  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-super-admin').click();
  await page.waitForLoadState('networkidle');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forms' }).click();
  await expect(page.getByTestId('forms-admin-table')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('forms-admin-create').click();
  const create = page.getByRole('dialog', { name: 'New form' });
  await expect(create).toBeVisible();
  await create.getByTestId('forms-create-submit').click();
  await expect(create.getByText('The questionnaire needs a title.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const title = `Weekly check-in ${Date.now()}`;
  await create.getByTestId('forms-create-title').fill(title);
  await create.getByTestId('forms-create-submit').click();
  await expect(page).toHaveURL(/\/apps\/form\/[^/]+\/editor/);
  const formId = /\/apps\/form\/([^/]+)\/editor/.exec(page.url())?.[1] ?? '';
  expect(formId).not.toBe('');
  await expect(page.getByTestId('designer')).toBeVisible();

  // Page 1: a likert and a multi-choice capped at two.
  await page.getByTestId('designer-add-step').click();
  await page.getByTestId('step-0-title-en').fill('Your week');
  await page.getByTestId('step-0-description-en').fill('A few questions about **the past seven days**.');
  const week = await addQuestion(page, 0, 'likert');
  await describeQuestion(week, 'week', 'How was your week overall?');
  await week.getByTestId('step-0-answer-0-required').check();
  const helped = await addQuestion(page, 0, 'choice');
  await describeQuestion(helped, 'helped', 'What helped you this week?');
  await helped.getByTestId('step-0-answer-1-multi').check();
  await helped.getByTestId('step-0-answer-1-multi-max').fill('2');
  const choices = ['Sport', 'Friends', 'Rest', 'Something else'];
  for (const [i, choice] of choices.entries()) {
    if (i > 0) await helped.getByTestId('step-0-answer-1-add-value').click();
    await helped.getByTestId(`step-0-answer-1-value-${i}-title-en`).fill(choice);
  }

  // Page 2, shown only when "Something else" is chosen, asks what it was (required).
  await page.getByTestId('designer-add-step').click();
  await page.getByTestId('step-1-title-en').fill('Something else');
  await page.getByTestId('step-1-description-en').fill('Tell us what else helped.');
  await page.getByTestId('step-1-condition-toggle').check();
  await page.getByTestId('step-1-condition-root-operator').selectOption('contains');
  await page.getByTestId('step-1-condition-root-answer').selectOption('helped');
  await page.getByTestId('step-1-condition-root-value').selectOption('4');
  const other = await addQuestion(page, 1, 'text');
  await describeQuestion(other, 'else', 'What else helped?');
  await other.getByTestId('step-1-answer-0-required').check();
  await expectNoSeriousAxeViolations(page);

  await page.getByTestId('editor-save').click();
  await expect(page.getByText('The questionnaire is saved.')).toBeVisible();
  await expect(page.getByTestId('editor-unsaved')).toBeHidden();

  // Preview: the real runner; the second page appears only with "Something else".
  await page.getByTestId('editor-tab-preview').click();
  const preview = page.getByTestId('preview-runner');
  await expect(preview.getByTestId('preview-runner-page-title')).toHaveText('Your week');
  await expect(preview.getByTestId('preview-runner-next')).toHaveCount(0);
  await preview.getByTestId('form-choice-helped-1').check();
  await preview.getByTestId('form-choice-helped-3').check();
  await expect(preview.getByTestId('form-choice-helped-counter')).toContainText('2/2');
  await expect(preview.getByTestId('form-choice-helped-2')).toBeDisabled();
  await preview.getByTestId('form-choice-helped-3').uncheck();
  await preview.getByTestId('form-choice-helped-4').check();
  await expect(preview.getByTestId('preview-runner-save')).toHaveCount(0);
  // Next is refused while the required likert is missing, and the focus goes to it.
  await preview.getByTestId('preview-runner-next').click();
  await expect(preview.getByTestId('preview-runner-status')).toHaveText(
    'One answer on this page needs your attention.',
  );
  await expect(preview.getByTestId('form-likert-week-1')).toBeFocused();
  await preview.getByTestId('form-likert-week-5').check();
  await preview.getByTestId('preview-runner-next').click();
  await expect(preview.getByTestId('preview-runner-page-title')).toHaveText('Something else');
  await expectNoSeriousAxeViolations(page);
  await preview.getByTestId('preview-runner-save').click();
  await expect(preview.getByTestId('form-text-else')).toBeFocused();
  await preview.getByTestId('form-text-else').fill('A walk by the river');
  await preview.getByTestId('preview-runner-save').click();
  await expect(page.getByTestId('preview-completed')).toBeVisible();

  // The sphere offers it to the members of its Intensive care group.
  await page.goto(`/apps/spheres/${SPHERE}/settings?tab=forms`);
  await expect(page.getByTestId('entitlements-tab')).toBeVisible();
  await page.getByTestId('entitlement-add').click();
  const offer = page.getByRole('dialog', { name: 'Form offered to the sphere' });
  await expect(offer.getByTestId('entitlement-form-choice')).toBeVisible();
  await offer.getByTestId('entitlement-form-choice').selectOption(formId);
  await offer.getByTestId('entitlement-availability-sessionMember').check();
  await offer.getByTestId(`entitlement-session-${GROUP}`).check();
  await expectNoSeriousAxeViolations(page);
  await offer.getByTestId('entitlement-save').click();
  await expect(offer).toBeHidden();
  await expect(page.getByTestId(`entitlement-who-${formId}`)).toHaveText('Members of 1 group');
  await expectNoSeriousAxeViolations(page);

  // Home: my centre offers it; answered by keyboard alone.
  await page.goto('/');
  const centre = page.getByTestId('home-forms-centre');
  await expect(centre.getByTestId(`forms-centre-form-${formId}`)).toContainText(title);
  await tabTo(page, centre.getByTestId(`forms-centre-answer-${formId}`), 200);
  await page.keyboard.press('Enter');
  const answer = page.getByRole('dialog', { name: 'Answer a form' });
  const runner = answer.getByTestId('add-form-runner');
  await expect(runner.getByTestId('add-form-runner-page-title')).toHaveText('Your week');
  await expectNoSeriousAxeViolations(page);

  // The likert: Tab reaches the group, the arrows move along it.
  await tabTo(page, runner.getByTestId('form-likert-week-1'), 30);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(runner.getByTestId('form-likert-week-4')).toBeChecked();
  // The check boxes: Space ticks; once two are ticked the others are out of reach.
  await tabTo(page, runner.getByTestId('form-choice-helped-1'), 20);
  await page.keyboard.press('Space');
  await tabTo(page, runner.getByTestId('form-choice-helped-4'), 10);
  await page.keyboard.press('Space');
  await expect(runner.getByTestId('form-choice-helped-counter')).toContainText('2/2');
  await expect(runner.getByTestId('form-choice-helped-2')).toBeDisabled();
  await tabTo(page, runner.getByTestId('add-form-runner-next'), 10);
  await page.keyboard.press('Enter');
  await expect(runner.getByTestId('add-form-runner-page-title')).toHaveText('Something else');
  await expect(runner.getByTestId('add-form-runner-page-title')).toBeFocused();
  // Save with the required text empty: refused, the focus goes to the missing answer.
  await tabTo(page, runner.getByTestId('add-form-runner-save'), 10);
  await page.keyboard.press('Enter');
  await expect(runner.getByTestId('form-text-else')).toBeFocused();
  await expect(runner.getByTestId('add-form-runner-status')).toHaveText(
    'One answer on this page needs your attention.',
  );
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.type('Cooking with my daughter');
  await tabTo(page, runner.getByTestId('add-form-runner-save'), 10);
  await page.keyboard.press('Enter');
  await expect(answer.getByTestId('add-form-completed')).toBeVisible();
  await expect(answer.getByTestId('add-form-close')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(answer).toBeHidden();

  // Within 24 hours the answers can be changed from my centre.
  const recent = centre.locator('[data-testid^="forms-centre-open-survey-"]').first();
  await expect(recent).toBeVisible();
  await recent.click();
  const update = page.getByRole('dialog', { name: 'My answers' });
  const again = update.getByTestId('update-form');
  await expect(again).toBeVisible();
  await expect(again.getByTestId('form-likert-week-4')).toBeChecked();
  await again.getByTestId('form-choice-helped-4').uncheck();
  await again.getByTestId('form-choice-helped-3').check();
  // "Something else" is no longer chosen: its page and its answer are gone, Save is on page 1.
  await expect(again.getByTestId('update-form-runner-next')).toHaveCount(0);
  await again.getByTestId('update-form-runner-save').click();
  await expect(page.getByText('Your answers have been updated.')).toBeVisible();

  // Read back: the change was kept, the hidden answer dropped.
  await page.reload();
  await centre.locator('[data-testid^="forms-centre-open-survey-"]').first().click();
  const reread = page.getByRole('dialog', { name: 'My answers' });
  await expect(reread.getByTestId('form-choice-helped-3')).toBeChecked();
  await expect(reread.getByTestId('form-choice-helped-4')).not.toBeChecked();
  await expect(reread.getByTestId('form-choice-helped-1')).toBeChecked();

  // Every forms page and overlay, at 390 px wide: no serious accessibility problem, no sideways scroll.
  const surveyLink = await centre
    .locator('[data-testid^="forms-centre-open-survey-"]')
    .first()
    .getAttribute('data-testid');
  const surveyId = surveyLink?.replace('forms-centre-open-survey-', '') ?? '';
  await page.setViewportSize({ width: 390, height: 800 });
  for (const [path, ready] of [
    ['/apps/forms/administration', 'forms-admin-table'],
    ['/apps/forms/measure-types', 'measure-types-create'],
    [`/apps/form/${formId}/editor`, 'designer'],
    [`/apps/form/${formId}/editor?tab=preview`, 'preview'],
    [`/apps/form/${formId}/editor?tab=completed`, 'completed-page'],
    [`/apps/form/${formId}/editor?tab=results`, 'results'],
    [`/apps/form/${formId}/editor?tab=logo`, 'logo-tab'],
    [`/apps/spheres/${SPHERE}/settings?tab=forms`, 'entitlements-tab'],
    [`/apps/sessions/${GROUP}/settings?tab=forms`, 'session-forms-tab'],
    ['/?show=newAddForm', 'new-add-form'],
    [`/?show=addForm&formId=${formId}`, 'add-form-runner'],
    [`/?show=updateForm&surveyId=${surveyId}`, 'update-form'],
    ['/apps/myforms-report', 'myforms-report-page'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(ready)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await sidewaysScroll(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);
  }
});
