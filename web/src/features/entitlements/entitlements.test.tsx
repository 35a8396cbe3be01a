// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { Me } from '@shared/contracts/me';
import type { Sphere } from '@shared/contracts/spheres';
import type { SphereEntitlements } from '@shared/domain/entitlements';
import i18n from '../../i18n';
import { sphereFixture } from '../../test/fixtures';
import { jsonResponse, renderPage } from '../../test/render';
import { meFixture } from '../../test/me';
import EntitlementsTab from './entitlements-tab';
import EngagementUpPage from './engagement-up-page';
import EngagementUpCard from './engagement-up-card';
import { entitlementsFeature } from './index';
import { expectNoAxeViolations } from '../../test/axe';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

const on = (engagementUp: boolean, templates: boolean, salesUp: boolean): SphereEntitlements => ({
  engagementUp: { active: engagementUp, campaignTemplatesAvailable: templates },
  salesUp: { active: salesUp },
});
const sphereWith = (entitlements: SphereEntitlements): Sphere =>
  sphereFixture({ id: 's1', name: 'Atelier Horizon', entitlements });

/** A super-admin in the super-admin mode: the start call's rules are `manage all`. */
const superAdmin = (): Partial<Me> => ({
  ability: {
    subscription: 'starter',
    rules: [{ action: 'manage', subject: 'all' }] as Me['ability']['rules'],
  },
});
/** The sphere's admin: everything of their sphere, not its entitlements. */
const sphereAdmin = (): Partial<Me> => ({
  ability: {
    subscription: 'starter',
    rules: [
      { action: 'get', subject: 'sphere', conditions: { sphereId: 's1' } },
      { action: 'manage', subject: ['sphere', 'member', 'session'], conditions: { sphereId: 's1' } },
    ] as Me['ability']['rules'],
  },
});
/** A contributor: reads the sphere, changes nothing. */
const contributor = (): Partial<Me> => ({
  ability: {
    subscription: 'starter',
    rules: [{ action: 'get', subject: 'sphere', conditions: { sphereId: 's1' } }] as Me['ability']['rules'],
  },
});

function serve(me: Partial<Me>, answers: Record<string, (init?: RequestInit) => Response> = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (key === 'GET /v1/me') return jsonResponse(200, meFixture(me));
    const answer = answers[key];
    return answer ? answer(init) : jsonResponse(404, { key: 'not-found' });
  });
}
const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([input, init]) => ({ url: String(input), body: JSON.parse(String(init?.body)) as unknown }));

const tab = (sphere: Sphere) => (
  <EntitlementsTab place={{ kind: 'sphere', sphere }} openGeneralTab={vi.fn()} />
);

beforeEach(async () => {
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-1' } },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

describe('the feature', () => {
  it('adds the Engagement-Up page, an Entitlements tab of a sphere’s settings and a card on its page', () => {
    expect(entitlementsFeature.pages.map((p) => p.path)).toEqual(['/apps/spheres/:sphereId/engagement-up']);
    expect(entitlementsFeature.settingsTabs.map((t) => [t.id, t.places])).toEqual([
      ['entitlements', ['sphere']],
    ]);
    expect(entitlementsFeature.placeSections.map((s) => s.id)).toEqual(['engagement-up']);
  });
});

describe('the Entitlements tab', () => {
  it('shows a sphere’s admin what it holds, with the way to its active sections, and no switch', async () => {
    serve(sphereAdmin());
    renderPage(tab(sphereWith(on(true, false, true))));
    expect(await screen.findByTestId('entitlements-read-only')).toBeTruthy();
    expect(screen.getByTestId('entitlements-status-engagementUp').textContent).toBe('Active');
    expect(screen.getByTestId('entitlements-status-campaignTemplates').textContent).toBe('Not available');
    expect(screen.getByTestId('entitlements-status-salesUp').textContent).toBe('Active');
    expect(screen.getByTestId('engagement-up-link').getAttribute('href')).toBe(
      '/apps/spheres/s1/engagement-up',
    );
    expect(screen.getByTestId('sales-up-link').getAttribute('href')).toBe('/apps/spheres/s1/sales-up');
    expect(screen.queryByTestId('entitlements-editor')).toBeNull();
    await expectNoAxeViolations();
  });

  it('links no inactive section', async () => {
    serve(sphereAdmin());
    renderPage(tab(sphereWith(on(false, true, false))));
    await screen.findByTestId('entitlements-read-only');
    expect(screen.getByTestId('entitlements-status-engagementUp').textContent).toBe('Inactive');
    // Templates without Engagement-Up are offered to nobody.
    expect(screen.getByTestId('entitlements-status-campaignTemplates').textContent).toBe('Not available');
    expect(screen.queryByTestId('engagement-up-link')).toBeNull();
    expect(screen.queryByTestId('sales-up-link')).toBeNull();
  });

  it('lets a super-admin grant without asking, and sends the whole of the entitlements', async () => {
    const before = sphereWith(on(true, false, false));
    serve(superAdmin(), {
      'PUT /v1/spheres/s1/entitlements': () => jsonResponse(200, sphereWith(on(true, true, true))),
    });
    renderPage(tab(before));
    const editor = await screen.findByTestId('entitlements-editor');
    expect(screen.queryByTestId('entitlements-read-only')).toBeNull();
    const save = within(editor).getByTestId('entitlements-save');
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(editor).getByRole('switch', { name: /Campaign templates/ }));
    fireEvent.click(within(editor).getByRole('switch', { name: /Sales-Up/ }));
    expect(save.hasAttribute('disabled')).toBe(false);
    await expectNoAxeViolations();
    fireEvent.click(save);
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent('PUT')[0]).toEqual({
      url: 'http://127.0.0.1:4010/v1/spheres/s1/entitlements',
      body: on(true, true, true),
    });
  });

  it('asks before withdrawing, saying what follows, and sends nothing when kept', async () => {
    serve(superAdmin(), {
      'PUT /v1/spheres/s1/entitlements': () => jsonResponse(200, sphereWith(on(false, true, false))),
    });
    renderPage(tab(sphereWith(on(true, true, true))));
    const editor = await screen.findByTestId('entitlements-editor');
    fireEvent.click(within(editor).getByRole('switch', { name: /^Engagement-Up/ }));
    fireEvent.click(within(editor).getByRole('switch', { name: /Sales-Up/ }));
    fireEvent.click(within(editor).getByTestId('entitlements-save'));
    const dialog = await screen.findByRole('dialog');
    const removed = within(dialog).getByTestId('entitlements-confirm-removed');
    expect(removed.textContent).toContain('nobody can join as a contributor');
    expect(removed.textContent).toContain('Members keep the sales-up role');
    expect(removed.textContent).not.toContain('Campaign templates');
    await expectNoAxeViolations(dialog);
    fireEvent.click(within(dialog).getByTestId('entitlements-confirm-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('PUT')).toHaveLength(0);

    fireEvent.click(within(editor).getByTestId('entitlements-save'));
    fireEvent.click(await screen.findByTestId('entitlements-confirm-confirm'));
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(sent('PUT')[0]?.body).toEqual(on(false, true, false));
  });

  it('shows a conflict in the dialog, which stays open', async () => {
    serve(superAdmin(), {
      'PUT /v1/spheres/s1/entitlements': () => jsonResponse(409, { key: 'conflict' }),
    });
    renderPage(tab(sphereWith(on(true, true, true))));
    const editor = await screen.findByTestId('entitlements-editor');
    fireEvent.click(within(editor).getByRole('switch', { name: /Sales-Up/ }));
    fireEvent.click(within(editor).getByTestId('entitlements-save'));
    fireEvent.click(await screen.findByTestId('entitlements-confirm-confirm'));
    const error = await screen.findByTestId('entitlements-confirm-error');
    expect(error.textContent).toContain('changed in the meantime');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('the Engagement-Up page', () => {
  const page = (me: Partial<Me>, sphere: Sphere) => {
    serve(me, { 'GET /v1/spheres/s1': () => jsonResponse(200, sphere) });
    renderPage(<EngagementUpPage />, {
      path: '/apps/spheres/:sphereId/engagement-up',
      entry: '/apps/spheres/s1/engagement-up',
    });
  };

  it('gathers the templates the campaigns are offered, and says remote voting and review customisation are not there yet', async () => {
    page(sphereAdmin(), sphereWith(on(true, false, false)));
    expect((await screen.findByTestId('eu-templates-state')).textContent).toBe('Not available');
    expect(screen.getByTestId('eu-template-blank').textContent).toBe('Blank: offered');
    expect(screen.getByTestId('eu-template-checkup').textContent).toBe('Check-up: not offered');
    expect(screen.getByTestId('eu-remoteVoting').textContent).toContain('not part of the product yet');
    expect(screen.getByTestId('eu-reviewCustomisation').textContent).toContain('not part of the product yet');
    await expectNoAxeViolations();
  });

  it('offers every template when they are granted', async () => {
    page(sphereAdmin(), sphereWith(on(true, true, false)));
    expect((await screen.findByTestId('eu-templates-state')).textContent).toBe('Available');
    for (const name of ['Check-up', 'Blank', 'Simple', 'Aripso'])
      expect(screen.getByText(`${name}: offered`)).toBeTruthy();
  });

  it('is not available while Engagement-Up is off', async () => {
    page(sphereAdmin(), sphereWith(on(false, true, true)));
    const off = await screen.findByTestId('engagement-up-off');
    expect(off.textContent).toContain('does not have Engagement-Up');
    expect(screen.queryByTestId('eu-templates')).toBeNull();
    await expectNoAxeViolations();
  });

  it('is its admins’: a contributor is told so', async () => {
    page(contributor(), sphereWith(on(true, true, false)));
    expect(await screen.findByTestId('engagement-up-forbidden')).toBeTruthy();
    expect(screen.queryByTestId('eu-templates')).toBeNull();
  });
});

describe('the card on the sphere’s page', () => {
  const card = (me: Partial<Me>, sphere: Sphere) => {
    serve(me);
    renderPage(<EngagementUpCard place={{ kind: 'sphere', sphere }} />);
  };

  it('leads the admins to the Engagement-Up page while it is active', async () => {
    card(sphereAdmin(), sphereWith(on(true, false, false)));
    const link = await screen.findByTestId('engagement-up-card-link');
    expect(link.getAttribute('href')).toBe('/apps/spheres/s1/engagement-up');
  });

  it('shows nothing while Engagement-Up is off, nor to a contributor', async () => {
    card(sphereAdmin(), sphereWith(on(false, false, false)));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('engagement-up-card')).toBeNull();
    card(contributor(), sphereWith(on(true, false, false)));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('engagement-up-card')).toBeNull();
  });
});
