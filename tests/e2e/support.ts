import { expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Base URL of the SES emulator of the stack under test (set by tests/e2e/run.ts). */
export const outbox = process.env.E2E_OUTBOX as string;

interface OutboxMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}

async function mailTo(email: string): Promise<OutboxMail[]> {
  const { emails } = (await (await fetch(`${outbox}/store`)).json()) as { emails: OutboxMail[] };
  return emails.filter((m) => m.destination.to.some((to) => to.toLowerCase().includes(email)));
}

/** How many mails an address has received so far. */
export async function mailCount(email: string): Promise<number> {
  return (await mailTo(email)).length;
}

/** The newest 6-digit code mailed to an address once it has more than `after` mails. */
export async function codeFor(email: string, after = 0): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const mine = await mailTo(email);
        const newest = mine.length > after ? mine[mine.length - 1] : undefined;
        code = newest
          ? (/(?<!\d)(\d{6})(?!\d)/.exec(`${newest.subject} ${newest.body.text ?? ''}`)?.[1] ?? null)
          : null;
        return code;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return code as unknown as string;
}

/** axe finds no serious or critical violation on the page (or inside `include`). */
export async function expectNoSeriousAxeViolations(page: Page, include?: string) {
  // Colours are judged once transitions have ended (a toast fading in is not yet its colour).
  await page
    .waitForFunction(
      () =>
        (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document
          .getAnimations()
          // Transitions only: a loader's endless animation never ends.
          .every((a) => a.constructor.name !== 'CSSTransition' || a.playState !== 'running'),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')})`,
    ),
  ).toEqual([]);
}

/** How far the page scrolls sideways, in pixels (0 or less when it fits its viewport). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

/** The blocking legal-consent modal, when documents are pending: accept all. */
export async function acceptLegalConsentsIfAsked(page: Page) {
  const accept = page.getByTestId('legal-accept');
  if (!(await accept.isVisible().catch(() => false))) return;
  const dialog = page.getByRole('dialog');
  for (const box of await dialog.getByRole('checkbox').all()) await box.check();
  await accept.click();
  await expect(accept).toBeHidden();
}

/**
 * Creates an account through the sign-in page as a person would (first name, a promotion code when
 * one is given, every legal document ticked, the code from the outbox) and waits for the French
 * home page.
 */
export async function signUpThroughThePage(
  page: Page,
  email: string,
  firstName: string,
  promotionCode?: string,
) {
  await page.goto('/login');
  await page.getByTestId('signin-email').fill(email);
  await expect(page.getByTestId('signin-first-name')).toBeVisible();
  await page.getByTestId('signin-first-name').fill(firstName);
  if (promotionCode !== undefined) await page.getByTestId('signin-promotion-code').fill(promotionCode);
  await expect(page.getByTestId('signin-legal-check-privacy-policy')).toBeVisible();
  for (const box of await page.locator('[data-testid^="signin-legal-check-"]').all()) await box.check();
  await page.getByTestId('signin-create').click();
  await page.getByTestId('signin-code').fill(await codeFor(email));
  await page.getByTestId('signin-submit-code').click();
  await expect(page.getByTestId('home-greeting')).toHaveText(`Bonjour ${firstName}`);
  // The legal-consent modal may open a moment after the home page.
  await page.waitForLoadState('networkidle');
  await acceptLegalConsentsIfAsked(page);
}

/** Presses Tab until `target` has the focus (at most `limit` times), as a keyboard user would. */
export async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * Signs a demo account that has a password in with it, and waits for home: the browser tests of a
 * run share each address's three codes per ten minutes, so the admins' longer tests use passwords.
 */
export async function signInWithPassword(page: Page, email: string, password = 'Wellbeing1') {
  await page.goto('/login');
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-use-password').click();
  await page.getByTestId('signin-password').fill(password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('home-greeting')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await acceptLegalConsentsIfAsked(page);
}

/** Signs an existing account in with an email code, as a person would, and waits for home. */
export async function signInWithCodeThroughThePage(page: Page, email: string) {
  await page.goto('/login');
  await page.getByTestId('signin-email').fill(email);
  // An earlier sign-in mailed codes too: wait for the one this sign-in sends.
  const before = await mailCount(email);
  await page.getByTestId('signin-send-code').click();
  await page.getByTestId('signin-code').fill(await codeFor(email, before));
  await page.getByTestId('signin-submit-code').click();
  await expect(page.getByTestId('home-greeting')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await acceptLegalConsentsIfAsked(page);
}
