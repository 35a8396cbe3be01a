import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, sidewaysScroll, signInWithPassword, tabTo } from './support';

/** Camille, the Essentials demo user (tools/demo/seed.ts). */
const CAMILLE = 'camille@demo.wellbeing.local';

/** The local assistant's scripted questions for "explore", in French (functions/chat/assistant/local.ts). */
const FIRST_QUESTION = 'Camille, merci de partager cela.';
const SECOND_QUESTION = 'Où le sentez-vous dans votre corps, en ce moment ?';
const THIRD_QUESTION = 'Si ce sentiment pouvait parler, de quoi dirait-il avoir besoin ?';

/** Records an unpleasant, energetic feeling and waits for its toast. */
async function recordHardFeeling(page: Page) {
  await page.getByTestId('feeling-shortcut').click();
  const overlay = page.getByTestId('feeling-overlay');
  await expect(overlay).toBeVisible();
  for (const radio of [
    overlay.getByRole('radio', { name: 'Désagréable', exact: true }),
    page.getByTestId('intensity-step-7'),
    page.getByTestId('energy-step-8'),
    page.getByTestId('feeling-words').getByRole('radio').first(),
  ]) {
    await radio.focus();
    await page.keyboard.press('Space');
    await expect(radio).toBeChecked();
  }
  await page.getByTestId('feeling-save').click();
  await expect(overlay).toBeHidden();
  await expect(page.getByTestId('feeling-saved-chat').last()).toBeVisible();
}

/** Writes a message in the dialog's box by keyboard and sends it with Enter. */
async function say(page: Page, text: string) {
  const box = page.getByTestId('chat-input');
  await tabTo(page, box);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

const conversation = (page: Page) => page.getByTestId('chat-messages');

test('Camille talks a hard feeling through with the assistant by keyboard, ends it and keeps the summary in the feeling’s notes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, CAMILLE);
  await recordHardFeeling(page);

  // The toast leads to the chat about this feeling.
  await page.getByTestId('feeling-saved-chat').last().focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('chat-overlay');
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Parler avec l’assistant' })).toBeVisible();
  await expect(page.getByTestId('chat-assistant-label')).toContainText('Assistant local scripté');
  await expect(page.getByTestId('chat-assistant-label')).toContainText('Ce n’est pas une IA');

  await say(page, 'Je suis tendue avant la réunion de demain');
  await expect(conversation(page)).toContainText(FIRST_QUESTION);
  await expect(page.getByTestId('chat-input')).toHaveValue('');
  await expect(page.getByTestId('chat-input')).toBeFocused();
  await expect(page.getByTestId('chat-live')).toContainText(FIRST_QUESTION);

  // The next message fails once: the error is said and the text comes back, then it goes through.
  await page.route('**/v1/ai/chat-threads/*/messages', (route) => route.abort(), { times: 1 });
  await say(page, 'Le chef a changé le planning');
  await expect(page.getByText('Le serveur est injoignable', { exact: false }).last()).toBeVisible();
  await expect(page.getByTestId('chat-input')).toHaveValue('Le chef a changé le planning');
  await expect(page.getByTestId('chat-input')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(conversation(page)).toContainText(SECOND_QUESTION);
  await expect(page.getByTestId('chat-input')).toHaveValue('');

  await say(page, 'Dans les épaules');
  await expect(conversation(page)).toContainText(THIRD_QUESTION);
  await expect(conversation(page).locator('[data-testid="chat-message"][data-user="me"]')).toHaveCount(3);
  await expect(conversation(page).locator('[data-testid="chat-message"][data-user="assistant"]')).toHaveCount(
    3,
  );
  await expectNoSeriousAxeViolations(page);

  // Ending asks first, then the summary comes and goes into the feeling's notes.
  await tabTo(page, page.getByTestId('chat-end'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chat-end-dialog')).toContainText('L’assistant écrira un court résumé.');
  await tabTo(page, page.getByTestId('chat-end-confirm'));
  await page.keyboard.press('Enter');
  const summary = page.getByTestId('chat-summary');
  await expect(summary).toContainText('Je suis tendue avant la réunion de demain');
  const summaryText = (await summary.textContent()) ?? '';
  expect(summaryText.length).toBeLessThan(500);
  await expect(page.getByTestId('chat-input')).toHaveCount(0);
  await tabTo(page, page.getByTestId('chat-save-summary'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chat-summary-saved')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await tabTo(page, page.getByTestId('chat-open-feeling'));
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('update-feeling-overlay')).toBeVisible();
  // The feeling's own chat buttons, for an Essentials account.
  await expect(page.getByRole('button', { name: 'Explorer davantage cette émotion' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reprendre le contrôle' })).toBeVisible();
  const notes = page.getByTestId('notes-editor').locator('textarea');
  await expect(notes.last()).toHaveValue(summaryText);
  await expect(page.getByTestId('notes-editor').locator('select').last()).toHaveValue('private');
  // Back leads to the conversation again, ended, with its summary.
  await page.goBack();
  await expect(page.getByTestId('chat-summary')).toHaveText(summaryText);
  await expect(page.getByTestId('chat-summary-saved')).toBeVisible();

  // The page of conversations lists it, ended.
  await page.keyboard.press('Escape');
  await page.goto('/');
  await page.getByTestId('nav-chat').click();
  await expect(page.getByRole('heading', { name: 'Conversations avec l’assistant' })).toBeVisible();
  await expect(page.getByTestId('chat-threads').getByTestId('chat-thread-row').first()).toContainText(
    'Je suis tendue avant la réunion de demain',
  );
  await expect(page.getByTestId('chat-thread-row').first()).toContainText('Terminée');
  await expectNoSeriousAxeViolations(page);
});

test('a message about wanting to die leads to the safety question, and "Oui" to who to call, at 390 px wide', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithPassword(page, CAMILLE);
  await page.goto('/apps/chat');
  await page.getByTestId('chat-new-explore').click();
  await expect(page.getByTestId('chat-overlay')).toBeVisible();

  await say(page, "j'ai envie de mourir");
  const question = page.getByTestId('chat-safety-question');
  await expect(question).toBeVisible();
  await expect(conversation(page)).toContainText('pensez-vous à mettre fin à votre vie');
  await expect(question.getByRole('button', { name: 'Non' })).toBeVisible();
  await tabTo(page, question.getByRole('button', { name: 'Oui' }));
  await page.keyboard.press('Enter');

  const step = page.getByTestId('safety-step');
  await expect(step).toBeVisible();
  await expect(step).toBeFocused();
  // fr-BE: Belgium's lines, the emergency number first.
  await expect(page.getByTestId('crisis-country')).toHaveValue('BE');
  await expect(step.locator('[data-testid^="crisis-line-"]').first()).toHaveAttribute(
    'data-testid',
    'crisis-line-be-112',
  );
  await expect(page.getByTestId('crisis-call-be-112')).toHaveAttribute('href', 'tel:112');
  await expect(page.getByTestId('crisis-call-be-cps-0800-32-123')).toHaveAttribute('href', 'tel:+3280032123');
  expect(await step.locator('a[href^="tel:"]').count()).toBeGreaterThanOrEqual(5);
  await expect(page.getByTestId('safety-plan-device')).toContainText('reste uniquement sur cet appareil');
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousAxeViolations(page);
});
