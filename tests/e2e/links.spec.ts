import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  acceptLegalConsentsIfAsked,
  expectNoSeriousAxeViolations,
  signInWithPassword,
  tabTo,
} from './support';

/**
 * Campaign links and the scan page (spec 01 §2, spec 02 §2, issue 12): a campaign that welcomes
 * guests gets a link from Camille, Atelier Horizon's admin; a visitor without an account opens it,
 * continues as a guest, lands on the campaign's participation and answers.
 * The scan page's enter-code form opens a link typed by hand and refuses what is not one.
 * An end address on another host is only offered by the leaving notice that names it (decision 0027).
 */
const CAMILLE = 'camille@demo.wellbeing.local';
const SPHERE = 'demo-atelier-horizon';
const API = process.env.E2E_API as string;
/** Where the campaign and the link send people at the end: another host, answered by the test. */
const AFTER = 'https://www.example.be/after-the-pulse';

/** Answers for the other host, so following the leaving notice's button lands somewhere. */
async function serveOtherHost(page: Page) {
  await page.route('https://www.example.be/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>After</title><h1>After</h1>' }),
  );
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

/** A collecting campaign open to guests, with one feeling step, and its link. */
async function guestCampaignLink(request: APIRequestContext, authorization: string): Promise<string> {
  const headers = { authorization, 'content-type': 'application/json' };
  const name = `Open pulse ${Date.now()}`;
  const created = await request.post(`${API}/v1/campaigns/spheres/${SPHERE}`, {
    headers,
    data: {
      name,
      publicName: { fr: name, en: name, nl: name },
      allowGuest: true,
      endMessage: { fr: 'Merci !', en: 'Thank you!', nl: 'Bedankt!' },
      endRedirectUrl: AFTER,
    },
  });
  expect(created.status()).toBe(201);
  const campaign = (await created.json()) as { campaignId: string; updateDate: string };
  const measured = await request.put(`${API}/v1/campaigns/${campaign.campaignId}/measures`, {
    headers,
    data: {
      updateDate: campaign.updateDate,
      measures: [{ id: 'feeling', type: 'feeling', wordSelection: false, title: { en: 'Your feeling' } }],
    },
  });
  expect(measured.status()).toBe(200);
  const cycle = await request.post(`${API}/v1/campaigns/${campaign.campaignId}/cycles`, {
    headers,
    data: { internalLabel: 'Open' },
  });
  expect(cycle.status()).toBe(201);
  const { cycleId } = (await cycle.json()) as { cycleId: string };
  const started = await request.post(
    `${API}/v1/campaigns/${campaign.campaignId}/cycles/${cycleId}/commands`,
    {
      headers,
      data: { action: 'startCollection' },
    },
  );
  expect(started.status()).toBe(200);
  const link = await request.post(`${API}/v1/shorten-urls`, {
    headers,
    data: {
      category: 'campaign',
      sphereId: SPHERE,
      campaignId: campaign.campaignId,
      name: `Poster ${name}`,
      defaultLanguage: 'en',
    },
  });
  expect(link.status()).toBe(201);
  return ((await link.json()) as { id: string }).id;
}

test('a campaign link opened without an account: continue as a guest, accept the documents, take part to the thanks page', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const linkId = await guestCampaignLink(request, await adminAuthorization(page));

  // The link's own page and QR code, as the admin shares it.
  await page.goto(`/?show=link&linkId=${linkId}&lang=en`);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // Its change overlay, the logo block above its fields.
  await page.goto(`/?show=updateLink&linkId=${linkId}&lang=en`);
  await expect(page.getByRole('dialog').getByTestId('link-logo-block')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/l/${linkId}?lang=en`);
  await expect(visitor.getByTestId('link-sign-in')).toBeVisible();
  await expectNoSeriousAxeViolations(visitor);
  await visitor.getByTestId('link-as-guest').click();
  await visitor.getByTestId('guest-continue').click();

  // Back on the link, which opens the campaign's participation with its code.
  await expect(visitor).toHaveURL(/\/apps\/participation\/[^?]+\?code=.+/, { timeout: 30_000 });
  await expect(visitor.getByTestId('participation-welcome')).toBeVisible();
  // A new guest first accepts the terms of use and the privacy policy, which block the app until then.
  await expect(visitor.getByRole('dialog', { name: 'Documents to accept' })).toBeVisible();
  await acceptLegalConsentsIfAsked(visitor);
  await expectNoSeriousAxeViolations(visitor);
  await visitor.getByTestId('participation-accept').click();
  await visitor.getByTestId('participation-mood-bad').click();
  // The scales' radios are visually hidden behind their bars: chosen by keyboard, as a person would.
  for (const testId of ['participation-intensity-step-3', 'participation-energy-step-8']) {
    await visitor.getByTestId(testId).focus();
    await visitor.keyboard.press('Space');
    await expect(visitor.getByTestId(testId)).toBeChecked();
  }
  await visitor.getByTestId('participation-save').click();
  await expect(visitor.getByTestId('participation-thanks')).toContainText('Thank you!');
  await expect(visitor.getByTestId('participation-ring-text')).toHaveText('100%');
  // The campaign's end address is on another host: named, offered, never gone to by itself.
  const notice = visitor.getByTestId('leaving-notice');
  await expect(notice.getByRole('heading')).toHaveText('You are leaving Sentia for www.example.be');
  await expect(visitor.getByTestId('participation-countdown')).toHaveCount(0);
  await expectNoSeriousAxeViolations(visitor);
  await serveOtherHost(visitor);
  const go = notice.getByRole('link', { name: 'Go to www.example.be' });
  await tabTo(visitor, go);
  await visitor.keyboard.press('Enter');
  await expect(visitor).toHaveURL(AFTER);
  await visitorContext.close();
});

test('a link whose end address is on another host: the leaving notice names it, the way back goes home, its button goes there', async ({
  page,
  request,
}) => {
  const authorization = await adminAuthorization(page);
  const made = await request.post(`${API}/v1/shorten-urls`, {
    headers: { authorization, 'content-type': 'application/json' },
    data: {
      category: 'sphere',
      sphereId: SPHERE,
      name: `Leaving poster ${Date.now()}`,
      defaultLanguage: 'en',
      wizards: [{ type: 'profile' }],
      redirectUrl: AFTER,
    },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: string };

  // Its steps done, the link's end.
  await page.goto(`/l/${id}?started=1&lang=en`);
  const notice = page.getByTestId('leaving-notice');
  await expect(notice.getByRole('heading', { level: 2 })).toHaveText(
    'You are leaving Sentia for www.example.be',
  );
  await expect(notice.getByTestId('leaving-address')).toHaveText(AFTER);
  await expectNoSeriousAxeViolations(page);
  await notice.getByRole('link', { name: 'Stay on Sentia' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');

  await page.goto(`/l/${id}?started=1&lang=en`);
  await serveOtherHost(page);
  await page.getByTestId('leaving-go').click();
  await expect(page).toHaveURL(AFTER);
});

test('the scan page: a code typed by hand opens its link; what is not a link is refused', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/apps/scan?lang=en');
  await expect(page.getByTestId('enter-code-form')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Not a link: refused with a message, nothing opens.
  await page.getByTestId('enter-code-input').fill('not a link!');
  await page.getByTestId('enter-code-submit').click();
  await expect(page.getByTestId('enter-code-input')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/apps\/scan/);

  // The error parameter shows its message.
  await page.goto('/apps/scan?lang=en&error=link-expired');
  await expect(page.getByTestId('scan-error')).toContainText('This link has expired.');

  // The demo campaign's link, typed as printed under its QR code.
  await page.getByTestId('enter-code-input').fill('HeF8SGe0TES');
  await page.getByTestId('enter-code-submit').click();
  await expect(page).toHaveURL(/\/l\/HeF8SGe0TES/);
  await expect(page.getByTestId('link-sign-in')).toBeVisible();
  await context.close();
});
