import { expect, test, type Page } from '@playwright/test';
import { acceptLegalConsentsIfAsked, expectNoSeriousAxeViolations } from './support';

/**
 * Théo, Boulangerie Soleil's Sales-Up member (tools/demo/demo-terminals.ts), sets up a terminal of
 * the counter's consumer session on the sphere's Sales-Up page. A visitor answers on the kiosk;
 * the network is cut, two more answer and wait in the kiosk's queue; the network comes back and
 * they are sent. The session's figures count the three answers once each (decision 0028).
 */
const THEO = 'theo@demo.wellbeing.local';
const SPHERE = 'demo-boulangerie-soleil';
const SESSION = 'demo-soleil-comptoir';
const API = process.env.E2E_API as string;

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-use-password').click();
  await page.getByTestId('signin-password').fill(password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('home-greeting')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await acceptLegalConsentsIfAsked(page);
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test('a terminal records a visitor’s feeling, queues two while offline and sends them once back online, counted once each', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await signInWithPassword(page, THEO, 'Wellbeing1');

  // The Sales-Up page, reached from the sphere's page; the token of its calls reads the figures.
  await page.goto(`/apps/spheres/${SPHERE}`);
  const listed = page.waitForRequest((r) => r.url().includes('/v1/terminals?') && r.method() === 'GET');
  await page.getByTestId('terminals-card-link').click();
  await expect(page.getByTestId('sales-up-page')).toBeVisible();
  const authorization = (await listed).headers().authorization ?? '';
  expect(authorization).not.toBe('');
  await expect(page.getByTestId('terminals-list')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const figures = async () => {
    const answer = await request.get(
      `${API}/v1/terminals/figures?sessionId=${SESSION}&start=${day(-2)}&end=${day(2)}`,
      { headers: { authorization } },
    );
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { count: number }).count;
  };
  const before = await figures();

  // A new terminal: the kiosk's address is shown once.
  await page.getByTestId('terminal-add').click();
  await expect(page.getByTestId('terminal-device-name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('terminal-session').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('terminal-device-name').fill(`Till ${Date.now()}`);
  await page.getByTestId('terminal-add').click();
  await expect(page.getByTestId('terminal-created')).toBeVisible();
  const kioskUrl = await page.getByTestId('terminal-url').inputValue();
  expect(kioskUrl).toMatch(/\/terminal\/[^/#]+#key=.+/);
  await expectNoSeriousAxeViolations(page);

  // The kiosk, on a device nobody signed in on.
  const device = await browser.newContext();
  const kiosk = await device.newPage();
  await kiosk.goto(kioskUrl);
  await expect(kiosk.getByTestId('kiosk-start')).toBeVisible();
  // The key leaves the address bar once kept.
  await expect.poll(() => kiosk.url()).not.toContain('key=');
  await expectNoSeriousAxeViolations(kiosk);

  // First visitor, by keyboard: sent at once.
  await kiosk.getByTestId('kiosk-good').focus();
  await kiosk.keyboard.press('Enter');
  await expect(kiosk.getByTestId('kiosk-thanks')).toBeVisible();
  await expect(kiosk.getByTestId('kiosk-countdown')).toBeVisible();
  await expectNoSeriousAxeViolations(kiosk);
  await expect(kiosk.getByTestId('kiosk-pending')).toBeHidden();
  // The countdown brings the start screen back by itself.
  await expect(kiosk.getByTestId('kiosk-start')).toBeVisible({ timeout: 15_000 });

  // The network is cut: two more visitors answer, and both wait.
  await device.setOffline(true);
  await kiosk.getByTestId('kiosk-bad').click();
  await expect(kiosk.getByTestId('kiosk-thanks')).toBeVisible();
  await kiosk.getByTestId('kiosk-next').click();
  await kiosk.getByTestId('kiosk-good').click();
  await expect(kiosk.getByTestId('kiosk-pending')).toBeVisible();
  await expect(kiosk.getByTestId('kiosk-pending')).toContainText('2');
  await expectNoSeriousAxeViolations(kiosk);

  // Back online: the queue is sent, and the session counts three answers, not more.
  await device.setOffline(false);
  await expect(kiosk.getByTestId('kiosk-pending')).toBeHidden({ timeout: 30_000 });
  await expect.poll(figures, { timeout: 15_000 }).toBe(before + 3);
  // Reloaded, the kiosk finds nothing left to send and the count stays.
  await kiosk.reload();
  await expect(kiosk.getByTestId('kiosk-start')).toBeVisible();
  await expect(kiosk.getByTestId('kiosk-pending')).toBeHidden();
  expect(await figures()).toBe(before + 3);
  await device.close();
});
