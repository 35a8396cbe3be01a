import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { Campaign, Cycle } from '@shared/contracts/campaigns';
import type { Sphere } from '@shared/contracts/spheres';
import { spheresDb } from '../../functions/spheres/store';
import { usersDb } from '../../functions/users/store';
import { advanceSchedulerClock } from '../../tools/local-stack/scheduler';
import { mailTo, type OutboxMail } from '../../tools/local-stack/ses';
import { smsTo, type OutboxSms } from '../../tools/local-stack/sms';
import { eventually, startTestStack, type TestStack, type Tokens } from '../integration/harness';

/**
 * Finding 9 of the hostile probe: the links of campaign invitations and reminders pointed at a
 * hard-coded `http://localhost:5173` on the local stack (no web origin was configured), while the
 * app is served at 127.0.0.1 on the port chosen at start, so the links opened nothing. Every link
 * of a mail or a text message now starts with the one configured web origin, which the local stack
 * sets to the origin it serves the SPA at (or would serve it at: this test stack serves none) and
 * reports as `webOrigin`.
 */

let stack: TestStack;
let ada: Tokens;
let sphere: Sphere;
const email = 'ada.origin@example.be';
const phone = '+32470000909';
const hour = 60 * 60 * 1000;

const api = <T>(path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: ada.accessToken, ...(body !== undefined ? { body } : {}) });

/** Every absolute http(s) address of a text. */
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);

beforeAll(async () => {
  stack = await startTestStack();
  ada = await stack.signInWithCode(email, { firstName: 'Ada', locale: 'en' });
  const created = await api<Sphere>('/v1/spheres', 'POST', {
    name: 'Maison Origine',
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'en' },
  });
  expect(created.status).toBe(201);
  sphere = created.body;
  // Text messages too: the sphere may send them and Ada has a number.
  await spheresDb().entities.sphere.patch({ sphereId: sphere.id }).set({ campaignSmsEnabled: true }).go();
  await usersDb()
    .entities.user.patch({ userId: decodeJwt(ada.accessToken).sub as string })
    .set({ phone })
    .go();
});
afterAll(async () => {
  await stack?.stop();
});

describe('links in mails and text messages', () => {
  it('the stack reports the origin its SPA is served at, never a guessed localhost:5173', () => {
    expect(stack.webOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(stack.webOrigin).not.toBe('http://localhost:5173');
    expect(stack.handlerEnv.WEB_ORIGIN).toBe(stack.webOrigin);
    // This stack serves no SPA; one that does serves it at that same origin.
    if (stack.endpoints.web) expect(new URL(stack.endpoints.web).origin).toBe(stack.webOrigin);
  });

  it('a cycle reminder by mail and by text links to the participation at that origin', async () => {
    const campaign = await api<Campaign>(`/v1/campaigns/spheres/${sphere.id}`, 'POST', {
      name: 'Origin',
      publicName: { en: 'Origin pulse' },
      defaultLocale: 'en',
    });
    expect(campaign.status).toBe(201);
    const measured = await api<Campaign>(`/v1/campaigns/${campaign.body.campaignId}/measures`, 'PUT', {
      measures: [{ id: 'mood', type: 'feeling', title: { en: 'How do you feel?' }, period: 'week' }],
      updateDate: campaign.body.updateDate,
    });
    expect(measured.status).toBe(200);
    const now = Date.now();
    const reminderDate = new Date(now + 0.5 * hour).toISOString();
    const cycle = await api<Cycle>(`/v1/campaigns/${campaign.body.campaignId}/cycles`, 'POST', {
      internalLabel: 'Origin',
      start: new Date(now + hour).toISOString(),
      end: new Date(now + 3 * hour).toISOString(),
      notifications: [
        {
          id: 'mail',
          target: 'admin',
          subject: 'Origin starts soon',
          message: 'Starts soon: {url}',
          reminderDate,
        },
        { id: 'text', target: 'admin', protocol: 'sms', message: 'Starts soon: {url}', reminderDate },
      ],
    });
    expect(cycle.status).toBe(201);
    const scheduled = await api(
      `/v1/campaigns/${campaign.body.campaignId}/cycles/${cycle.body.cycleId}/commands`,
      'POST',
      { action: 'schedule' },
    );
    expect(scheduled.status).toBe(200);
    await advanceSchedulerClock(stack.endpoints.scheduler, { advanceSeconds: 0.5 * 3600 + 5 });

    const mail = await eventually<OutboxMail>(
      async () => (await mailTo(stack.endpoints.outbox, email)).find((m) => m.subject.includes('Origin')),
      { what: 'the reminder mail', tries: 600 },
    );
    const text = await eventually<OutboxSms>(async () => (await smsTo(stack.services.sms, phone))[0], {
      what: 'the reminder text',
      tries: 600,
    });
    const links = [
      ...linksIn(mail.body.text ?? ''),
      ...linksIn(mail.body.html ?? ''),
      ...linksIn(text.message),
    ];
    const participation = links.filter((link) => link.includes('/apps/participation/'));
    // One in the mail's text, one in its HTML, one in the text message at least.
    expect(participation.length).toBeGreaterThanOrEqual(3);
    for (const link of participation) {
      expect(new URL(link).origin).toBe(stack.webOrigin);
      expect(new URL(link).pathname).toBe(`/apps/participation/${campaign.body.campaignId}`);
    }
    expect(links.filter((link) => link.includes('localhost:5173'))).toEqual([]);
  });
});
