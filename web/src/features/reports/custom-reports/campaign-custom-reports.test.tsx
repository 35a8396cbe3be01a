// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { Campaign, Cycle } from '@shared/contracts/campaigns';
import type { CustomReport } from '@shared/contracts/custom-reports';
import type { Sphere } from '@shared/contracts/spheres';
import { defineRules, type AbilityFacts } from '@shared/domain/ability';
import type { SphereEntitlements } from '@shared/domain/entitlements';
import i18n from '../../../i18n';
import { sphereKey } from '../../../lib/sphere';
import { expectNoAxeViolations } from '../../../test/axe';
import { campaignFixture, cycleFixture } from '../../../test/campaigns';
import { meFixture } from '../../../test/me';
import { LocationProbe, jsonResponse, newQueryClient, renderPage } from '../../../test/render';
import CampaignCustomReportsPage, { reportableCycles } from './campaign-custom-reports-page';
import CampaignReportPage from '../place-reports/campaign-report-page';
import CustomReportPage from './custom-report-page';
import CustomReportsPage from './custom-reports-page';
import { fakeCustomServer, testReport, testSphere } from './custom-reports-test-server';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const NOW = '2026-03-01T10:00:00.000Z';
const LIST = '/v1/campaigns/campaign-1/custom-reports';
/** A page reads the account, then the campaign and its reports: a busy run may take more than a second. */
const PAGE_LOAD = { timeout: 5000 };

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

function campaign(): Campaign {
  return campaignFixture({ publicName: {}, status: 'inProgress', preparationStatus: 'collecting' });
}

function cycle(extra: Partial<Cycle> & Pick<Cycle, 'cycleId'>): Cycle {
  // Without dates unless given: a cycle is then named by its label alone.
  const { start: _start, end: _end, ...closed } = cycleFixture({ internalLabel: '', status: 'closed' });
  return { ...closed, ...extra };
}

// Noon UTC: the same day wherever the tests run.
const CYCLES: Cycle[] = [
  cycle({
    cycleId: 'cycle-jan',
    internalLabel: 'January',
    start: '2026-01-05T12:00:00.000Z',
    end: '2026-01-20T12:00:00.000Z',
  }),
  cycle({ cycleId: 'cycle-feb', start: '2026-02-02T12:00:00.000Z', end: '2026-02-16T12:00:00.000Z' }),
  cycle({
    cycleId: 'cycle-dropped',
    internalLabel: 'Dropped',
    status: 'cancelled',
    start: '2026-03-02T12:00:00.000Z',
  }),
];

function report(extra: Partial<CustomReport> = {}): CustomReport {
  return {
    reportId: 'report-1',
    sphereId: 'sphere-1',
    campaignId: 'campaign-1',
    name: 'January pulse',
    description: '',
    status: 'draft',
    template: 'full',
    languages: ['fr', 'en'],
    dimensions: [],
    start: '2026-01-05',
    end: '2026-01-20',
    cardCount: 2,
    createdAt: NOW,
    updatedAt: NOW,
    ...extra,
  };
}

/** Engagement-Up with its campaign templates: the sphere's campaigns have custom reports. */
const WITH_TEMPLATES: SphereEntitlements = {
  engagementUp: { active: true, campaignTemplatesAvailable: true },
  salesUp: { active: false },
};
/** Engagement-Up as a new sphere has it, without the templates: no campaign-based reports. */
const WITHOUT_TEMPLATES: SphereEntitlements = {
  engagementUp: { active: true, campaignTemplatesAvailable: false },
  salesUp: { active: false },
};
/** The templates left available while Engagement-Up is off: no campaign-based reports either. */
const ENGAGEMENT_UP_OFF: SphereEntitlements = {
  engagementUp: { active: false, campaignTemplatesAvailable: true },
  salesUp: { active: false },
};

const sphereWith = (entitlements: SphereEntitlements): Sphere => testSphere({ entitlements });

/**
 * A query client that has read the sphere already (as from its page), under the key every page
 * reads it by: the first render with the campaign and the account then decides what the sphere
 * allows, so a test that expects something absent does not depend on timing.
 */
function seeded(entitlements: SphereEntitlements) {
  const client = newQueryClient();
  client.setQueryData(sphereKey('sphere-1'), sphereWith(entitlements));
  return client;
}

interface ServerOptions {
  roles?: AbilityFacts['spheres'][number]['roles'];
  /** The sphere's entitlements; with the campaign templates unless told otherwise. */
  entitlements?: SphereEntitlements;
  subscription?: AbilityFacts['subscription'];
  reports?: CustomReport[];
  /** Answers of a route by `METHOD path`: a status and a body instead of the fake's. */
  fail?: Record<string, { status: number; body: unknown }>;
}

/** A small fake of the API the campaign's custom reports page reads, recording what was sent. */
function fakeServer(options: ServerOptions = {}) {
  const facts: AbilityFacts = {
    userId: 'user-1',
    isGuest: false,
    subscription: options.subscription ?? 'essentials',
    globalRoles: [],
    superAdminMode: false,
    spheres: [{ sphereId: 'sphere-1', roles: options.roles ?? ['admin'] }],
    sessions: [],
  };
  const sent: { method: string; path: string; body: unknown }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input)).pathname;
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    const failure = options.fail?.[`${method} ${path}`];
    if (failure) return jsonResponse(failure.status, failure.body);
    if (path === '/v1/me')
      return jsonResponse(
        200,
        meFixture({
          spheres: [{ id: 'sphere-1', name: 'Atelier' }],
          ability: { subscription: facts.subscription, rules: defineRules(facts) },
        }),
      );
    if (path === '/v1/spheres/sphere-1')
      return jsonResponse(200, sphereWith(options.entitlements ?? WITH_TEMPLATES));
    if (path === '/v1/campaigns/campaign-1') return jsonResponse(200, campaign());
    // The campaign's results, before any cycle has stopped: what the results page shows first.
    if (path === '/v1/campaigns/campaign-1/reports' && method === 'POST')
      return jsonResponse(200, {
        campaignId: 'campaign-1',
        sphereId: 'sphere-1',
        tagIds: [],
        anonymityNotGuaranteed: false,
        cycles: [],
      });
    if (path === '/v1/campaigns/campaign-1/cycles')
      return jsonResponse(200, { items: CYCLES, count: CYCLES.length });
    if (path === LIST && method === 'GET')
      return jsonResponse(200, { reports: options.reports ?? [report()] });
    if (path === LIST && method === 'POST')
      return jsonResponse(201, report({ ...(body as object), reportId: 'report-new', cardCount: 0 }));
    return jsonResponse(404, { key: 'not-found' });
  });
  return {
    calls: (method: string, path: string) => sent.filter((c) => c.method === method && c.path === path),
  };
}

async function noSeriousViolation(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(
    results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const renderCampaignList = () =>
  renderPage(
    <>
      <CampaignCustomReportsPage />
      <LocationProbe />
    </>,
    {
      path: '/apps/campaigns/:campaignId/custom-reports',
      entry: '/apps/campaigns/campaign-1/custom-reports',
    },
  );

describe('a campaign’s custom reports page', () => {
  it('lists the campaign’s reports under its name, each leading to the report in its sphere', async () => {
    const { calls } = fakeServer({
      reports: [
        report(),
        report({ reportId: 'report-2', name: 'February pulse', updatedAt: '2026-03-02T10:00:00.000Z' }),
      ],
    });
    const { container } = renderCampaignList();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Custom reports of the campaign Spring pulse' },
        PAGE_LOAD,
      ),
    ).toBeTruthy();
    const row = await screen.findByTestId('custom-report-row-report-1', {}, PAGE_LOAD);
    expect(within(row).getByRole('link', { name: 'January pulse' }).getAttribute('href')).toBe(
      '/apps/spheres/sphere-1/custom-reports/report-1',
    );
    expect(screen.getByTestId('custom-report-status-report-1').textContent).toBe('Draft');
    expect(row.textContent).toContain('05/01/2026 to 20/01/2026');
    // Last changed first.
    const names = within(screen.getByTestId('custom-reports-list'))
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(names).toEqual(['February pulse', 'January pulse']);
    expect(screen.getByTestId('campaign-custom-reports-page-back').getAttribute('href')).toBe(
      '/apps/campaigns/campaign-1',
    );
    expect(calls('GET', LIST)).toHaveLength(1);
    await noSeriousViolation(container);
  });

  it('says when the campaign has no report yet', async () => {
    fakeServer({ reports: [] });
    renderCampaignList();
    expect((await screen.findByTestId('custom-reports-empty', {}, PAGE_LOAD)).textContent).toContain(
      'No custom report of this campaign yet',
    );
  });

  it('creates a report about a chosen cycle: the body names the cycle and takes its days as the period', async () => {
    const { calls } = fakeServer();
    const { container } = renderCampaignList();
    fireEvent.click(await screen.findByTestId('custom-report-new', {}, PAGE_LOAD));
    const select = (await screen.findByTestId(
      'custom-report-create-cycle',
      {},
      PAGE_LOAD,
    )) as HTMLSelectElement;
    // A cancelled cycle is not offered; a cycle without a label is named by its start.
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'No cycle',
      'Cycle from 02/02/2026',
      'January',
    ]);
    await noSeriousViolation(container.ownerDocument.body);
    fireEvent.change(select, { target: { value: 'cycle-jan' } });
    fireEvent.change(screen.getByTestId('custom-report-create-name'), { target: { value: 'January' } });
    fireEvent.click(screen.getByTestId('custom-report-create-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/apps/spheres/sphere-1/custom-reports/report-new',
      ),
    );
    expect(calls('POST', LIST)[0]?.body).toEqual({
      name: 'January',
      description: '',
      start: '2026-01-05',
      end: '2026-01-20',
      languages: ['fr', 'en', 'nl'],
      template: 'full',
      cycleId: 'cycle-jan',
    });
  });

  it('creates a report about no cycle when none is chosen: the body has no cycleId', async () => {
    const { calls } = fakeServer();
    renderCampaignList();
    fireEvent.click(await screen.findByTestId('custom-report-new', {}, PAGE_LOAD));
    await screen.findByTestId('custom-report-create-cycle', {}, PAGE_LOAD);
    fireEvent.change(screen.getByTestId('custom-report-create-name'), { target: { value: 'Overall' } });
    fireEvent.click(screen.getByTestId('custom-report-create-submit'));
    await waitFor(() => expect(calls('POST', LIST)).toHaveLength(1));
    expect(calls('POST', LIST)[0]?.body).not.toHaveProperty('cycleId');
  });

  it('shows the server’s refusal of the cycle on the cycle field', async () => {
    fakeServer({
      fail: {
        [`POST ${LIST}`]: { status: 400, body: { errors: [{ key: 'not-valid', field: 'body.cycleId' }] } },
      },
    });
    renderCampaignList();
    fireEvent.click(await screen.findByTestId('custom-report-new', {}, PAGE_LOAD));
    const select = await screen.findByTestId('custom-report-create-cycle', {}, PAGE_LOAD);
    fireEvent.change(select, { target: { value: 'cycle-jan' } });
    fireEvent.change(screen.getByTestId('custom-report-create-name'), { target: { value: 'January' } });
    fireEvent.click(screen.getByTestId('custom-report-create-submit'));
    await waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'));
  });

  it('shows the not-allowed state when the server refuses the list (403)', async () => {
    fakeServer({ fail: { [`GET ${LIST}`]: { status: 403, body: { key: 'forbidden' } } } });
    renderCampaignList();
    expect(await screen.findByTestId('custom-reports-not-allowed', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByTestId('custom-reports-list')).toBeNull();
    expect(screen.queryByTestId('custom-report-new')).toBeNull();
  });

  it('shows the not-allowed state for a campaign that is not there (404)', async () => {
    fakeServer({
      fail: { 'GET /v1/campaigns/campaign-1': { status: 404, body: { key: 'not-found' } } },
    });
    renderCampaignList();
    expect(await screen.findByTestId('custom-reports-not-allowed', {}, PAGE_LOAD)).toBeTruthy();
  });

  it('refuses a reader without smartReport, and a starter subscription, without asking for the list', async () => {
    const contributor = fakeServer({ roles: ['contributor'] });
    const first = renderCampaignList();
    expect(await screen.findByTestId('custom-reports-not-allowed', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByTestId('custom-report-new')).toBeNull();
    expect(contributor.calls('GET', LIST)).toHaveLength(0);
    first.unmount();

    const starter = fakeServer({ subscription: 'starter' });
    renderCampaignList();
    expect(await screen.findByTestId('custom-reports-not-allowed', {}, PAGE_LOAD)).toBeTruthy();
    expect(starter.calls('GET', LIST)).toHaveLength(0);
  });
});

describe('a campaign’s custom reports page while its sphere has no campaign templates', () => {
  it.each([
    ['Engagement-Up without its campaign templates', WITHOUT_TEMPLATES],
    ['the templates left available while Engagement-Up is off', ENGAGEMENT_UP_OFF],
  ])(
    'says they are not available for a sphere with %s, leads to the results, and asks for no report',
    async (_case, entitlements) => {
      const { calls } = fakeServer({ entitlements });
      renderCampaignList();
      const state = await screen.findByTestId('campaign-custom-reports-unavailable', {}, PAGE_LOAD);
      expect(state.textContent).toContain('Campaign custom reports are not available for this sphere');
      expect(state.textContent).toContain('A super-admin grants them.');
      expect(
        within(state).getByRole('link', { name: 'See the campaign’s results' }).getAttribute('href'),
      ).toBe('/apps/campaigns/campaign-1/reports');
      // Not an error, and nothing to create or list: the page follows the menus.
      expect(screen.queryByTestId('campaign-custom-reports-sphere-error')).toBeNull();
      expect(screen.queryByTestId('custom-reports-not-allowed')).toBeNull();
      expect(screen.queryByTestId('custom-report-new')).toBeNull();
      expect(screen.queryByTestId('custom-reports-list')).toBeNull();
      expect(screen.getByTestId('campaign-custom-reports-page-back').getAttribute('href')).toBe(
        '/apps/campaigns/campaign-1',
      );
      expect(calls('GET', LIST)).toHaveLength(0);
      await expectNoAxeViolations();
    },
  );

  it.each([
    ['fr', 'Les rapports personnalisés de campagne ne sont pas disponibles pour cette sphère'],
    ['nl', 'Aangepaste campagnerapporten zijn niet beschikbaar voor deze sfeer'],
  ])('says so in the reader’s language (%s)', async (language, title) => {
    await i18n.changeLanguage(language);
    fakeServer({ entitlements: WITHOUT_TEMPLATES });
    renderCampaignList();
    const state = await screen.findByTestId('campaign-custom-reports-unavailable', {}, PAGE_LOAD);
    expect(state.textContent).toContain(title);
  });

  it('shows a failed read of the sphere as an error with a retry, and asks for no report', async () => {
    const { calls } = fakeServer({
      fail: { 'GET /v1/spheres/sphere-1': { status: 500, body: { key: 'internal' } } },
    });
    renderCampaignList();
    expect(await screen.findByTestId('campaign-custom-reports-sphere-error', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByTestId('custom-report-new')).toBeNull();
    expect(calls('GET', LIST)).toHaveLength(0);
  });

  it('shows the not-allowed state when the server refuses the sphere (403)', async () => {
    const { calls } = fakeServer({
      fail: { 'GET /v1/spheres/sphere-1': { status: 403, body: { key: 'forbidden' } } },
    });
    renderCampaignList();
    expect(await screen.findByTestId('custom-reports-not-allowed', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByTestId('campaign-custom-reports-unavailable')).toBeNull();
    expect(calls('GET', LIST)).toHaveLength(0);
  });
});

describe('the cycles a campaign report may be about', () => {
  it('leave out the cancelled ones and come most recent first', () => {
    expect(reportableCycles(CYCLES).map((c) => c.cycleId)).toEqual(['cycle-feb', 'cycle-jan']);
  });
});

describe('the campaign’s results page', () => {
  const renderResults = () =>
    renderPage(<CampaignReportPage />, {
      path: '/apps/campaigns/:campaignId/reports',
      entry: '/apps/campaigns/campaign-1/reports',
    });

  const renderResultsSeeded = (entitlements: SphereEntitlements) =>
    renderPage(<CampaignReportPage />, {
      path: '/apps/campaigns/:campaignId/reports',
      entry: '/apps/campaigns/campaign-1/reports',
      queryClient: seeded(entitlements),
    });

  it('leads its sphere’s admins to the campaign’s custom reports when the sphere has campaign templates', async () => {
    fakeServer();
    renderResults();
    const link = await screen.findByTestId('campaign-report-custom-link', {}, PAGE_LOAD);
    expect(link.textContent).toBe('Custom reports');
    expect(link.getAttribute('href')).toBe('/apps/campaigns/campaign-1/custom-reports');
  });

  it.each([
    ['Engagement-Up without its campaign templates', WITHOUT_TEMPLATES],
    ['the templates left available while Engagement-Up is off', ENGAGEMENT_UP_OFF],
  ])('shows its results but no way to custom reports for a sphere with %s', async (_case, entitlements) => {
    fakeServer({ entitlements });
    renderResultsSeeded(entitlements);
    // The results stay: the page reads and shows them as for any sphere.
    expect(await screen.findByTestId('campaign-report-no-cycle', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByTestId('campaign-report-back')).toBeTruthy();
    expect(screen.queryByTestId('campaign-report-custom-link')).toBeNull();
    await expectNoAxeViolations(screen.getByTestId('campaign-report-page'));
  });

  it('offers no custom reports to a starter subscription', async () => {
    fakeServer({ subscription: 'starter' });
    renderResults();
    expect(await screen.findByTestId('campaign-report-back', {}, PAGE_LOAD)).toBeTruthy();
    // The account is read by then: the results' own content has started to load.
    await waitFor(() => expect(screen.queryByTestId('campaign-report-loading')).toBeNull(), PAGE_LOAD);
    expect(screen.queryByTestId('campaign-report-custom-link')).toBeNull();
  });
});

describe('a campaign’s report among the sphere’s', () => {
  it('is marked “Campaign” in words in the sphere’s list; a sphere’s own report is not', async () => {
    fakeCustomServer(fetchMock, {
      reports: [testReport({ campaignId: 'campaign-1' }), testReport({ reportId: 'report-2', name: 'Own' })],
    });
    renderPage(<CustomReportsPage />, {
      path: '/apps/spheres/:sphereId/custom-reports',
      entry: '/apps/spheres/sphere-1/custom-reports',
    });
    const badge = await screen.findByTestId('custom-report-campaign-report-1', {}, PAGE_LOAD);
    expect(badge.textContent).toBe('Campaign');
    expect(screen.getByTestId('custom-report-row-report-2')).toBeTruthy();
    expect(screen.queryByTestId('custom-report-campaign-report-2')).toBeNull();
  });

  it('says on its page that it is a campaign report, with the way back to the campaign’s reports', async () => {
    fakeCustomServer(fetchMock, {
      report: testReport({ campaignId: 'campaign-1' }),
      sphere: sphereWith(WITH_TEMPLATES),
    });
    renderPage(<CustomReportPage />, {
      path: '/apps/spheres/:sphereId/custom-reports/:reportId',
      entry: '/apps/spheres/sphere-1/custom-reports/report-1',
    });
    const line = await screen.findByTestId('custom-report-campaign', {}, PAGE_LOAD);
    expect(line.textContent).toContain('Campaign report');
    // The way to the campaign's list waits for the sphere's entitlements.
    const link = await screen.findByTestId('custom-report-campaign-link', {}, PAGE_LOAD);
    expect(link.getAttribute('href')).toBe('/apps/campaigns/campaign-1/custom-reports');
  });

  it('says it is a campaign report, without the way to the campaign’s reports, for a sphere without campaign templates', async () => {
    fakeCustomServer(fetchMock, {
      report: testReport({ campaignId: 'campaign-1' }),
      sphere: sphereWith(WITHOUT_TEMPLATES),
    });
    renderPage(<CustomReportPage />, {
      path: '/apps/spheres/:sphereId/custom-reports/:reportId',
      entry: '/apps/spheres/sphere-1/custom-reports/report-1',
      queryClient: seeded(WITHOUT_TEMPLATES),
    });
    const line = await screen.findByTestId('custom-report-campaign', {}, PAGE_LOAD);
    expect(line.textContent).toBe('Campaign report');
    expect(screen.queryByTestId('custom-report-campaign-link')).toBeNull();
    // The report itself stays the sphere's, whole.
    expect(screen.getByTestId('custom-report-status')).toBeTruthy();
  });

  it('says nothing of a campaign on the page of a sphere’s own report', async () => {
    fakeCustomServer(fetchMock);
    renderPage(<CustomReportPage />, {
      path: '/apps/spheres/:sphereId/custom-reports/:reportId',
      entry: '/apps/spheres/sphere-1/custom-reports/report-1',
    });
    expect(await screen.findByTestId('custom-report-status', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByTestId('custom-report-campaign')).toBeNull();
  });
});
