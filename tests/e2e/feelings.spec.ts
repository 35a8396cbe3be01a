import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import * as XLSX from '@e965/xlsx';
import {
  expectNoSeriousAxeViolations,
  signInWithCodeThroughThePage,
  signUpThroughThePage,
  tabTo,
} from './support';

/** Camille, the Essentials demo user (tools/demo/seed.ts). */
const CAMILLE = 'camille@demo.wellbeing.local';

/**
 * Records a feeling by keyboard alone: Tab into each radio group, Space chooses the first step,
 * the arrow keys move to the step wanted; the first word of the quadrant; a note; Save with Enter.
 */
async function recordByKeyboard(
  page: Page,
  reading: {
    mood: 'Agréable' | 'Désagréable';
    intensity: number;
    energy: number;
    note: string;
    goal?: boolean;
  },
) {
  await tabTo(page, page.getByTestId('feeling-shortcut'));
  await page.keyboard.press('Enter');
  const overlay = page.getByTestId('feeling-overlay');
  await expect(overlay).toBeVisible();
  await expect(page.getByTestId('feeling-save')).toBeDisabled();

  // An unchosen radio group is one Tab stop, on its first radio; the arrows move and choose.
  await tabTo(page, overlay.getByRole('radio', { name: 'Agréable', exact: true }));
  await page.keyboard.press(reading.mood === 'Agréable' ? 'Space' : 'ArrowRight');
  await expect(overlay.getByRole('radio', { name: reading.mood, exact: true })).toBeChecked();
  await tabTo(page, page.getByTestId('intensity-step-1'));
  await page.keyboard.press('Space');
  for (let i = 1; i < reading.intensity; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId(`intensity-step-${reading.intensity}`)).toBeChecked();
  await tabTo(page, page.getByTestId('energy-step-1'));
  await page.keyboard.press('Space');
  for (let i = 1; i < reading.energy; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId(`energy-step-${reading.energy}`)).toBeChecked();

  const firstWord = page.getByTestId('feeling-words').getByRole('radio').first();
  await tabTo(page, firstWord);
  await page.keyboard.press('Space');
  await expect(firstWord).toBeChecked();
  await expect(page.getByTestId('word-description')).toContainText('—');

  if (reading.goal) {
    await tabTo(page, page.getByTestId('goal-add'));
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('goals-editor').getByTestId(/^goal-level-/)).toHaveCount(1);
  }
  await tabTo(page, page.getByTestId('note-add'));
  await page.keyboard.press('Enter');
  // The new note takes the focus.
  await expect(page.getByTestId('note-text-0')).toBeFocused();
  await page.keyboard.type(reading.note);

  await expectNoSeriousAxeViolations(page);
  await tabTo(page, page.getByTestId('feeling-save'));
  await page.keyboard.press('Enter');
  await expect(overlay).toBeHidden();
  await expect(page.getByTestId('feeling-saved-detail').last()).toBeVisible();
}

test('Camille records a good and a bad feeling by keyboard, edits one within the hour, and finds both in her history and its files', async ({
  page,
}) => {
  // A whole journey by keyboard (two feelings, an edit, help, history, files, report, home): it
  // takes about a minute on a quiet machine, more on a busy one.
  test.setTimeout(180_000);
  await signInWithCodeThroughThePage(page, CAMILLE);
  // The demo year may already hold feelings of today, depending on the hour: count them first.
  await page.getByTestId('nav-report').click();
  await page.getByTestId('report-period').selectOption('this-day');
  const countToday = page.getByTestId('report-count').or(page.getByTestId('report-empty'));
  await expect(countToday.first()).toBeVisible();
  const before = Number(
    (await page
      .getByTestId('report-count')
      .textContent({ timeout: 1000 })
      .catch(() => '0')) ?? 0,
  );
  await page.getByTestId('nav-home').click();
  const stamp = Date.now();
  await recordByKeyboard(page, {
    mood: 'Agréable',
    intensity: 7,
    energy: 8,
    note: `Concert avec Léa ${stamp}`,
    goal: true,
  });

  // The toast leads to the feeling, which can still be changed: another word.
  await page.getByTestId('feeling-saved-detail').last().click();
  const update = page.getByTestId('update-feeling-overlay');
  await expect(update).toBeVisible();
  await expect(page.getByTestId('feeling-quadrant')).toContainText('Agréable et énergique');
  await expectNoSeriousAxeViolations(page);
  const second = page.getByTestId('feeling-words').getByRole('radio').nth(1);
  await second.focus();
  await page.keyboard.press('Space');
  await expect(second).toBeChecked();
  // Goals change as a draft: saving waits until Validate applies it.
  await page.getByTestId('goals-edit').click();
  await page.getByTestId('goals-draft').locator('[data-testid^="goal-sub-"]').first().selectOption('2');
  await expect(page.getByTestId('feeling-update-save')).toBeDisabled();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('goals-validate').click();
  await expect(page.getByTestId('goals-summary')).toBeVisible();
  await page.getByTestId('feeling-update-save').click();
  await expect(update).toBeHidden();

  await recordByKeyboard(page, {
    mood: 'Désagréable',
    intensity: 6,
    energy: 9,
    note: `Bouchons sur le ring ${stamp}`,
  });

  // Help after a bad feeling: a strategy, a technique, a time; the steps stay while it runs.
  await page.getByTestId('feeling-saved-help').last().click();
  await expect(page.getByTestId('regulation-overlay')).toBeVisible();
  await page.getByTestId('strategy-calm-body').click();
  await page.getByTestId('technique-double-sigh').click();
  await expect(page.getByTestId('technique-steps')).toContainText('Expirez lentement et longuement');
  await page.getByTestId('regulation-start').click();
  await expect(page.getByTestId('regulation-clock')).toHaveText(/^0[45]:[0-5]\d$/);
  await expect(page.getByTestId('technique-steps')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('regulation-overlay')).toBeHidden();

  // History: today's feelings, then the pleasant ones only.
  await page.getByTestId('nav-history').click();
  await expect(page.getByRole('heading', { name: 'Mon historique' })).toBeVisible();
  await page.getByTestId('history-period').selectOption('this-day');
  await expect(page.getByTestId('history-table')).toContainText(`Concert avec Léa ${stamp}`);
  await expect(page.getByTestId('history-table')).toContainText(`Bouchons sur le ring ${stamp}`);
  await page.getByTestId('history-search').fill(String(stamp));
  await expect(page.getByTestId('history-count')).toHaveText('2 émotions');
  await page.getByTestId('history-color-yellow').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('history-count')).toHaveText('1 émotion');
  await expectNoSeriousAxeViolations(page);

  // The files hold exactly the filtered rows.
  const csvDownload = page.waitForEvent('download');
  await page.getByTestId('history-export-csv').click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toMatch(/^mes-emotions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await csvFile.path()) as string, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'Date;Quadrant;Agréable ou non;Intensité (1-10);Énergie (1-10);Mot;À propos de;Objectifs;Notes',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};Agréable et énergique;Agréable;7;8;/);
  expect(lines[1]).toContain(`Concert avec Léa ${stamp}`);

  const xlsxDownload = page.waitForEvent('download');
  await page.getByTestId('history-export-xlsx').click();
  const xlsxFile = await xlsxDownload;
  const book = XLSX.read(readFileSync((await xlsxFile.path()) as string), { cellDates: true });
  const sheet = book.Sheets[book.SheetNames[0] as string];
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet as XLSX.WorkSheet, { header: 1 });
  expect(rows).toHaveLength(2);
  expect(rows[1]?.[0]).toBeInstanceOf(Date);
  expect(rows[1]?.slice(1, 5)).toEqual(['Agréable et énergique', 'Agréable', 7, 8]);
  expect(String(rows[1]?.[8])).toContain(`Concert avec Léa ${stamp}`);

  // My report: today's two feelings, and the demo year behind them.
  await page.getByTestId('nav-report').click();
  await page.getByTestId('report-period').selectOption('this-day');
  await expect(page.getByTestId('report-count')).toHaveText(String(before + 2));
  await expect(page.getByTestId('chart-quadrants').locator('svg')).toBeVisible();
  await expect(page.getByTestId('chart-time').locator('svg')).toBeVisible();
  await expect(page.getByTestId('table-quadrants')).toContainText('Agréable et énergique');
  await page.getByTestId('report-period').selectOption('last-12-months');
  await expect(page.getByTestId('table-goals')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Home: the recent feelings and the year.
  await page.getByTestId('nav-home').click();
  await expect(page.getByTestId('recent-list')).toContainText('Agréable et énergique');
  await expect(page.getByTestId('year-summary')).toContainText('douze derniers mois');
  await expectNoSeriousAxeViolations(page);
});

test('a starter user is told goals are part of Essentials and sees the plans', async ({ page }) => {
  await signUpThroughThePage(page, `theo.${Date.now()}@example.be`, 'Théo');
  await page.getByTestId('feeling-shortcut').click();
  await expect(page.getByTestId('goals-reserved')).toContainText('Essentials');
  await page.getByTestId('goals-reserved-upgrade').click();
  const plans = page.getByTestId('subscription-overlay');
  await expect(plans).toBeVisible();
  await expect(page.getByTestId('tier-starter')).toContainText('Votre formule');
  await expectNoSeriousAxeViolations(page);
});

test('at 390 px wide, every page shows its whole top bar and content with no horizontal scroll', async ({
  page,
}) => {
  // About thirty pages, each loaded until the network is idle.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 800 });
  await signInWithCodeThroughThePage(page, CAMILLE);
  // The group's quick-answer page needs the code its settings give.
  await page.goto('/apps/sessions/demo-horizon-nord/settings?tab=link');
  const quickLink = new URL(await page.getByTestId('quick-link-url').inputValue());
  for (const path of [
    '/',
    '/apps/history',
    '/apps/myself-report',
    '/apps/thinking-axes',
    '/apps/create-sphere',
    '/apps/spheres/demo-atelier-horizon',
    '/apps/spheres/demo-atelier-horizon/settings',
    '/apps/sessions/demo-horizon-nord',
    '/apps/spheres/demo-atelier-horizon/settings?tab=members',
    '/apps/spheres/demo-atelier-horizon/settings?tab=contributors',
    '/apps/spheres/demo-atelier-horizon/settings?tab=consumers',
    '/apps/spheres/demo-atelier-horizon/settings?tab=tags',
    '/apps/spheres/demo-atelier-horizon/settings?tab=rules',
    '/apps/spheres/demo-atelier-horizon/settings?tab=link',
    '/apps/spheres/demo-atelier-horizon/settings?tab=subscription',
    '/apps/spheres/demo-atelier-horizon/settings?tab=context',
    '/apps/spheres/demo-atelier-horizon/settings?tab=forms',
    '/apps/spheres/demo-atelier-horizon/settings?show=addOrUpdateFormEntitlement&sphereId=demo-atelier-horizon',
    '/apps/myforms-report',
    '/?show=addForm&formId=demo-wellbeing-check',
    '/apps/sessions/demo-horizon-nord/settings',
    '/apps/sessions/demo-horizon-nord/settings?tab=members',
    '/apps/sessions/demo-horizon-nord/settings?tab=thinking',
    '/apps/sessions/demo-horizon-nord/settings?tab=link',
    quickLink.pathname + quickLink.search,
    '/apps/spheres/demo-atelier-horizon/settings?show=addOrUpdateTag&sphereId=demo-atelier-horizon',
    '/apps/spheres/demo-atelier-horizon/settings?show=addOrUpdateTagsSelection&sphereId=demo-atelier-horizon&selectionId=user_age',
    '/?show=feeling',
    '/?show=thinking',
    '/?show=subscription',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => {
      const root = (
        globalThis as unknown as {
          document: { documentElement: { scrollWidth: number; clientWidth: number } };
        }
      ).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    for (const id of ['app-name', 'feeling-shortcut-compact', 'account-menu']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, `${id} on ${path}`).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390, `${id} inside on ${path}`).toBe(
        true,
      );
    }
  }
});

test('home reads right in French, English and Dutch: no untranslated key, a screenshot of each', async ({
  page,
}, testInfo) => {
  await signInWithCodeThroughThePage(page, CAMILLE);
  for (const [lang, title] of [
    ['fr', 'Mon année en émotions'],
    ['en', 'My year in feelings'],
    ['nl', 'Mijn jaar in gevoelens'],
  ] as const) {
    await page.goto(`/?lang=${lang}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('year-summary')).toBeVisible();
    await expect(page.getByTestId('recent-list').or(page.getByTestId('recent-record'))).toBeVisible();
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(
      /\b(feelings|feelingsHome|history|report|regulation|subscription|home|nav|shell|common|errors)\.[a-zA-Z]/,
    );
    await testInfo.attach(`home-${lang}.png`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
  }
});
