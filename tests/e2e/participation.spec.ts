import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  acceptLegalConsentsIfAsked,
  codeFor,
  expectNoSeriousAxeViolations,
  mailCount,
  outbox,
  sidewaysScroll,
  signInWithPassword,
  tabTo,
} from './support';

/**
 * Campaign participation (spec 02 §2, §4): Camille, Atelier Horizon's admin (tools/demo), sets up
 * a campaign through the API (a feeling measure and a questionnaire) and starts its cycle by hand,
 * which mails the invitation to the sphere's contributors. Sam opens the mailed link, signs in,
 * accepts, answers both steps watching the ring fill, and sees the thanks page; Lotte opens the
 * same link and declines with a reason.
 */
const CAMILLE = 'camille@demo.wellbeing.local';
const SAM = 'sam@demo.wellbeing.local';
const LOTTE = 'lotte@demo.wellbeing.local';
const SPHERE = 'demo-atelier-horizon';
const FORM = 'demo-wellbeing-check';
const API = process.env.E2E_API as string;

interface OutboxMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

/** The participation link of the newest mail to `email` whose subject names `subject`. */
async function invitationPath(email: string, subject: string): Promise<string> {
  let path: string | null = null;
  await expect
    .poll(
      async () => {
        const { emails } = (await (await fetch(`${outbox}/store`)).json()) as { emails: OutboxMail[] };
        const mail = emails
          .filter((m) => m.destination.to.some((to) => to.toLowerCase().includes(email)))
          .filter((m) => m.subject.includes(subject))
          .at(-1);
        const link = mail
          ? /https?:\/\/[^\s"'<>]+\/apps\/participation\/[^\s"'<>)]+/.exec(
              `${mail.body.text ?? ''} ${mail.body.html ?? ''}`,
            )?.[0]
          : undefined;
        if (link) {
          const url = new URL(link.replace(/&amp;/g, '&'));
          path = `${url.pathname}${url.search}`;
        }
        return path;
      },
      { timeout: 20_000 },
    )
    .not.toBeNull();
  return path as unknown as string;
}

/** Camille's token, as her own calls send it. */
async function adminAuthorization(page: Page): Promise<string> {
  await signInWithPassword(page, CAMILLE);
  const me = page.waitForRequest(
    (r) => r.url().includes('/v1/me') && r.headers().authorization !== undefined,
  );
  await page.reload();
  return (await me).headers().authorization ?? '';
}

/** The campaign and its started cycle, set up as an admin would through the API. */
async function setUpCampaign(request: APIRequestContext, authorization: string, subject: string) {
  const headers = { authorization, 'content-type': 'application/json' };
  const created = await request.post(`${API}/v1/campaigns/spheres/${SPHERE}`, {
    headers,
    data: {
      name: `Pulse ${subject}`,
      publicName: { fr: `Pulse ${subject}`, en: `Pulse ${subject}`, nl: `Pulse ${subject}` },
      templateModel: 'blank',
      welcomeMessage: { fr: 'Bienvenue !', en: 'Welcome!', nl: 'Welkom!' },
      endMessage: { fr: 'Merci, à bientôt.', en: 'Thank you, see you soon.', nl: 'Bedankt, tot snel.' },
    },
  });
  expect(created.status()).toBe(201);
  const campaign = (await created.json()) as { campaignId: string; updateDate: string };
  const measured = await request.put(`${API}/v1/campaigns/${campaign.campaignId}/measures`, {
    headers,
    data: {
      updateDate: campaign.updateDate,
      measures: [
        {
          id: 'feeling',
          type: 'feeling',
          title: { fr: 'Votre ressenti', en: 'Your feeling', nl: 'Je gevoel' },
          wordSelection: false,
        },
        { id: 'check', type: 'form', title: { fr: 'Bilan', en: 'Check', nl: 'Check' }, formId: FORM },
      ],
    },
  });
  expect(measured.status()).toBe(200);
  const cycled = await request.post(`${API}/v1/campaigns/${campaign.campaignId}/cycles`, {
    headers,
    data: {
      internalLabel: 'Spring',
      allowRefuse: true,
      notifications: [
        {
          id: 'invite',
          protocol: 'email',
          target: 'participant',
          subject,
          message: 'Your opinion counts: {url}',
          anchor: 'start',
          delayMinutes: 0,
        },
      ],
    },
  });
  expect(cycled.status()).toBe(201);
  const cycle = (await cycled.json()) as { cycleId: string };
  const started = await request.post(
    `${API}/v1/campaigns/${campaign.campaignId}/cycles/${cycle.cycleId}/commands`,
    { headers, data: { action: 'startCollection' } },
  );
  expect(started.status()).toBe(200);
  return campaign.campaignId;
}

/** From the participation page's sign-in choice, with a password, back to the participation. */
async function signInWithPasswordFromLink(page: Page, email: string, password: string) {
  await page.getByTestId('participation-sign-in-button').click();
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-use-password').click();
  await page.getByTestId('signin-password').fill(password);
  await page.keyboard.press('Enter');
  await page.waitForLoadState('networkidle');
  await acceptLegalConsentsIfAsked(page);
}

/** From the participation page's sign-in choice, with an emailed code, back to the participation. */
async function signInWithCodeFromLink(page: Page, email: string) {
  await page.getByTestId('participation-sign-in-button').click();
  await page.getByTestId('signin-email').fill(email);
  const before = await mailCount(email);
  await page.getByTestId('signin-send-code').click();
  await page.getByTestId('signin-code').fill(await codeFor(email, before));
  await page.getByTestId('signin-submit-code').click();
  await page.waitForLoadState('networkidle');
  await acceptLegalConsentsIfAsked(page);
}

test('a participant opens the emailed link, accepts, completes both steps watching the ring fill, and sees the thanks; another declines with a reason', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const subject = `Invitation ${Date.now()}`;
  const authorization = await adminAuthorization(page);
  expect(authorization).not.toBe('');
  await setUpCampaign(request, authorization, subject);

  // Sam, on his own device: the mailed link, then signing in, comes back to the campaign.
  const samPath = await invitationPath(SAM, subject);
  const samContext = await browser.newContext();
  const sam = await samContext.newPage();
  await sam.goto(samPath);
  await expect(sam.getByTestId('participation-sign-in')).toBeVisible();
  await expectNoSeriousAxeViolations(sam);
  await signInWithPasswordFromLink(sam, SAM, 'Wellbeing1');
  await expect(sam.getByTestId('participation-welcome')).toBeVisible();
  await expect(sam.getByTestId('participation-welcome-message')).toContainText('Welcome!');
  await expectNoSeriousAxeViolations(sam);

  // Accept: the first step, the ring at 0 %.
  await sam.getByTestId('participation-accept').click();
  await expect(sam.getByTestId('participation-step')).toHaveAttribute('data-type', 'feeling');
  await expect(sam.getByTestId('participation-ring-text')).toHaveText('0%');
  await expect(sam.getByTestId('participation-step-check')).toBeDisabled();
  await expectNoSeriousAxeViolations(sam);

  // The feeling, with the keyboard alone: good, 7 of 10, 4 of 10; saved, the ring reads 50 % and the questionnaire opens.
  await tabTo(sam, sam.getByTestId('participation-mood-good'));
  await sam.keyboard.press('Enter');
  await expect(sam.getByTestId('participation-mood-good')).toHaveAttribute('aria-pressed', 'true');
  await tabTo(sam, sam.getByTestId('participation-intensity-step-1'));
  await sam.keyboard.press('Space');
  for (let i = 1; i < 7; i++) await sam.keyboard.press('ArrowRight');
  await expect(sam.getByTestId('participation-intensity-step-7')).toBeChecked();
  await tabTo(sam, sam.getByTestId('participation-energy-step-1'));
  await sam.keyboard.press('Space');
  for (let i = 1; i < 4; i++) await sam.keyboard.press('ArrowRight');
  await expect(sam.getByTestId('participation-energy-step-4')).toBeChecked();
  await tabTo(sam, sam.getByTestId('participation-save'));
  await sam.keyboard.press('Enter');
  await expect(sam.getByTestId('participation-ring-text')).toHaveText('50%');
  await expect(sam.getByTestId('participation-step')).toHaveAttribute('data-type', 'form');
  await expect(sam.getByTestId('participation-step-feeling')).toHaveAttribute('data-status', 'done');

  // The questionnaire: every statement "most of the time"; saved, the ring is full and thanks show.
  const runner = sam.getByTestId('participation-form-runner');
  await expect(runner).toBeVisible();
  await expectNoSeriousAxeViolations(sam);
  for (const option of await runner.locator('[data-testid^="form-likert-"][data-testid$="-4"]').all())
    await option.check();
  await runner.getByTestId('participation-form-runner-save').click();
  await expect(sam.getByTestId('participation-thanks')).toBeVisible();
  await expect(sam.getByTestId('participation-thanks')).toContainText('Thank you, see you soon.');
  await expect(sam.getByTestId('participation-ring-text')).toHaveText('100%');
  await expect(sam.getByTestId('participation-step-thanks')).toBeVisible();
  await expectNoSeriousAxeViolations(sam);

  // Opened again later: already done.
  await sam.goto(samPath);
  await expect(sam.getByTestId('participation-page')).toHaveAttribute('data-screen', 'already-done');
  await samContext.close();

  // Lotte declines, with a reason and a comment, on a narrow screen.
  const lottePath = await invitationPath(LOTTE, subject);
  const lotteContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const lotte = await lotteContext.newPage();
  await lotte.goto(lottePath);
  await signInWithCodeFromLink(lotte, LOTTE);
  await expect(lotte.getByTestId('participation-welcome')).toBeVisible();
  await lotte.getByTestId('participation-refuse').click();
  await lotte.getByTestId('participation-reason-no-time').check();
  await lotte.getByTestId('participation-refusal-comment').fill('Busy month');
  await expectNoSeriousAxeViolations(lotte);
  await lotte.getByTestId('participation-refusal-send').click();
  await expect(lotte.getByTestId('participation-screen-refused')).toBeVisible();
  await expectNoSeriousAxeViolations(lotte);
  await lotteContext.close();
});

test('a member without a mailbox enters the demo campaign with his staff number on a phone, and each screen fits it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Jef Peeters (tools/demo): added by Atelier Horizon's admins, no account, staff number HZ-1042.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const jef = await context.newPage();
  await jef.goto('/apps/participation/demo-horizon-pulse?lang=en');
  const entry = jef.getByTestId('participation-delegation');
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Atelier Horizon');
  await expect(jef.getByLabel('Staff number')).toBeVisible();
  expect(await sidewaysScroll(jef)).toBeLessThanOrEqual(0);
  await expectNoSeriousAxeViolations(jef);

  // A wrong number says so in the sphere's words and keeps what was typed.
  await jef.getByLabel('Staff number').fill('HZ-0000');
  await jef.getByTestId('participation-delegation-submit').click();
  await expect(jef.getByTestId('participation-delegation-error')).toContainText('Staff number');
  await expect(jef.getByLabel('Staff number')).toHaveValue('HZ-0000');

  // His own number, typed as it is read out: the campaign opens, as a guest of his own.
  await jef.getByLabel('Staff number').fill(' hz-1042 ');
  await jef.keyboard.press('Enter');
  await expect(jef.getByTestId('participation-welcome')).toBeVisible({ timeout: 30_000 });
  await expect(jef.getByRole('dialog', { name: 'Documents to accept' })).toBeVisible();
  await acceptLegalConsentsIfAsked(jef);
  expect(await sidewaysScroll(jef)).toBeLessThanOrEqual(0);
  await expectNoSeriousAxeViolations(jef);

  // Accepting opens the first step: on a phone the step menu folds away and nothing scrolls sideways.
  await jef.getByTestId('participation-accept').click();
  await expect(jef.getByTestId('participation-step')).toBeVisible();
  await expect(jef.getByTestId('participation-ring-text')).toHaveText('0%');
  expect(await sidewaysScroll(jef)).toBeLessThanOrEqual(0);
  await expectNoSeriousAxeViolations(jef);
  await context.close();
});
