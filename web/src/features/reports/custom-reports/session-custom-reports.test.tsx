// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import i18n from '../../../i18n';
import { useMe } from '../../../lib/me';
import { LocationProbe, newQueryClient, renderPage } from '../../../test/render';
import CustomPartPage from './custom-part-page';
import CustomReportPage from './custom-report-page';
import CustomReportsPage from './custom-reports-page';
import {
  fakeCustomServer,
  testCard,
  testPart,
  testReport,
  testSession,
  type CustomServerOptions,
} from './custom-reports-test-server';
import RenderReportOverlay from './render-report-overlay';
import ReportsCard from '../reports-card';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const SPHERE_BASE = '/v1/reports/spheres/sphere-1';
const GROUP_BASE = '/v1/reports/sessions/session-1';
const GROUP_REPORT = `${GROUP_BASE}/report-1`;
/** A page reads the account and the group, then the report and its part. */
const PAGE_LOAD = { timeout: 5000 };
/** A member of the group (a plain contributor of its sphere) with Essentials. */
const MEMBER = { roles: ['contributor'], sessionRoles: ['member'] } satisfies CustomServerOptions;
const groupReport = (extra: Parameters<typeof testReport>[0] = {}) =>
  testReport({ sessionId: 'session-1', name: 'Team review', ...extra });

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

const renderGroupList = (queryClient = newQueryClient()) =>
  renderPage(
    <>
      <CustomReportsPage />
      <LocationProbe />
    </>,
    {
      path: '/apps/sessions/:sessionId/custom-reports',
      entry: '/apps/sessions/session-1/custom-reports',
      queryClient,
    },
  );
const renderGroupReport = () =>
  renderPage(
    <>
      <CustomReportPage />
      <LocationProbe />
    </>,
    {
      path: '/apps/sessions/:sessionId/custom-reports/:reportId',
      entry: '/apps/sessions/session-1/custom-reports/report-1',
    },
  );
const renderGroupPart = () =>
  renderPage(<CustomPartPage />, {
    path: '/apps/sessions/:sessionId/custom-reports/:reportId/parts/:partId',
    entry: '/apps/sessions/session-1/custom-reports/report-1/parts/part-1',
  });

describe('a group’s custom reports list (decision 0037)', () => {
  it('is read from the group’s route, named after the group, each report leading under the group’s path', async () => {
    const { calls } = fakeCustomServer(fetchMock, { ...MEMBER, reports: [groupReport()] });
    renderGroupList();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Custom reports of the group North team' },
        PAGE_LOAD,
      ),
    ).toBeTruthy();
    const row = await screen.findByTestId('custom-report-row-report-1', {}, PAGE_LOAD);
    expect(within(row).getByRole('link', { name: 'Team review' }).getAttribute('href')).toBe(
      '/apps/sessions/session-1/custom-reports/report-1',
    );
    expect(screen.getByTestId('custom-reports-page-back').getAttribute('href')).toBe(
      '/apps/sessions/session-1',
    );
    expect(calls('GET', GROUP_BASE)).toHaveLength(1);
    expect(calls('GET', SPHERE_BASE)).toHaveLength(0);
    // A member may not read the sphere: the group's own read names the page.
    expect(calls('GET', '/v1/spheres/sphere-1')).toHaveLength(0);
  });

  it('creates a report through the group’s route, then opens it under the group’s path', async () => {
    const { calls } = fakeCustomServer(fetchMock, { ...MEMBER, report: groupReport() });
    renderGroupList();
    fireEvent.click(await screen.findByTestId('custom-report-new', {}, PAGE_LOAD));
    fireEvent.change(await screen.findByTestId('custom-report-create-name', {}, PAGE_LOAD), {
      target: { value: 'Q2' },
    });
    fireEvent.click(screen.getByTestId('custom-report-create-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/apps/sessions/session-1/custom-reports/report-new',
      ),
    );
    expect(calls('POST', GROUP_BASE)[0]?.body).toMatchObject({ name: 'Q2' });
    expect(calls('POST', SPHERE_BASE)).toHaveLength(0);
  });

  it('deletes a report through the group’s route, then reads the group’s list again', async () => {
    const { calls } = fakeCustomServer(fetchMock, { ...MEMBER, reports: [groupReport()] });
    renderGroupList();
    fireEvent.click(await screen.findByTestId('custom-report-delete-report-1', {}, PAGE_LOAD));
    fireEvent.click(await screen.findByTestId('custom-report-delete-confirm', {}, PAGE_LOAD));
    await waitFor(() => expect(calls('DELETE', GROUP_REPORT)).toHaveLength(1));
    await waitFor(() => expect(calls('GET', GROUP_BASE)).toHaveLength(2));
  });

  it.each([
    ['the group’s owner who is not a member', { roles: ['contributor'], sessionRoles: ['owner'] }],
    ['a sphere admin who is not a member', { roles: ['admin'] }],
    ['a member whose subscription is starter', { ...MEMBER, subscription: 'starter' }],
  ] satisfies [string, CustomServerOptions][])(
    'refuses %s, without asking for the reports',
    async (_who, options) => {
      const { calls } = fakeCustomServer(fetchMock, options);
      renderGroupList();
      expect((await screen.findByTestId('custom-reports-not-allowed', {}, PAGE_LOAD)).textContent).toBe(
        'These reports are not available to you.',
      );
      expect(calls('GET', GROUP_BASE)).toHaveLength(0);
      expect(screen.queryByTestId('custom-report-new')).toBeNull();
    },
  );

  it('refuses a group with the starter subscription, even to a member with Essentials, saying why, without asking for the reports', async () => {
    const { calls } = fakeCustomServer(fetchMock, {
      ...MEMBER,
      session: testSession({ subscription: 'starter' }),
    });
    renderGroupList();
    expect((await screen.findByTestId('custom-reports-not-allowed', {}, PAGE_LOAD)).textContent).toBe(
      'Custom reports come with the Essentials subscription: this group has the Starter subscription.',
    );
    expect(calls('GET', GROUP_BASE)).toHaveLength(0);
    expect(screen.queryByTestId('custom-report-new')).toBeNull();
  });

  it('says the server’s essentials-required refusal of a group’s reports in words', async () => {
    fakeCustomServer(fetchMock, {
      ...MEMBER,
      fail: { [`GET ${GROUP_BASE}`]: { status: 403, body: { key: 'essentials-required' } } },
    });
    renderGroupList();
    expect((await screen.findByTestId('custom-reports-not-allowed', {}, PAGE_LOAD)).textContent).toBe(
      'Custom reports come with the Essentials subscription: this group has the Starter subscription.',
    );
    expect(screen.queryByTestId('custom-reports-error')).toBeNull();
  });

  it('refuses someone the group itself is refused to, without asking for the reports', async () => {
    const { calls } = fakeCustomServer(fetchMock, {
      roles: ['contributor'],
      fail: { 'GET /v1/sessions/session-1': { status: 403, body: { key: 'forbidden' } } },
    });
    renderGroupList();
    expect(await screen.findByTestId('custom-reports-not-allowed', {}, PAGE_LOAD)).toBeTruthy();
    expect(calls('GET', GROUP_BASE)).toHaveLength(0);
  });

  it('is cached apart from its sphere’s list: a sphere admin who is also a member never sees one in the other', async () => {
    fakeCustomServer(fetchMock, {
      roles: ['admin'],
      sessionRoles: ['member'],
      reports: [testReport()],
      sessionReports: [groupReport({ reportId: 'report-g' })],
    });
    const queryClient = newQueryClient();
    renderGroupList(queryClient);
    expect(await screen.findByTestId('custom-report-row-report-g', {}, PAGE_LOAD)).toBeTruthy();
    cleanup();
    renderPage(<CustomReportsPage />, {
      path: '/apps/spheres/:sphereId/custom-reports',
      entry: '/apps/spheres/sphere-1/custom-reports',
      queryClient,
    });
    // The first list the sphere's page shows is already the sphere's own.
    const list = await screen.findByTestId('custom-reports-list', {}, PAGE_LOAD);
    expect(within(list).queryByTestId('custom-report-row-report-g')).toBeNull();
    expect(within(list).getByTestId('custom-report-row-report-1')).toBeTruthy();
  });
});

describe('a group’s custom report', () => {
  it('is read from the group’s route, leads back to the group’s list and to its parts under the group’s path', async () => {
    const { calls } = fakeCustomServer(fetchMock, { ...MEMBER, report: groupReport() });
    renderGroupReport();
    expect(await screen.findByRole('heading', { level: 1, name: 'Team review' }, PAGE_LOAD)).toBeTruthy();
    expect(calls('GET', GROUP_REPORT)).toHaveLength(1);
    expect(calls('GET', `${SPHERE_BASE}/report-1`)).toHaveLength(0);
    const back = screen.getByTestId('custom-report-page-back');
    expect(back.getAttribute('href')).toBe('/apps/sessions/session-1/custom-reports');
    expect(back.textContent).toBe("Back to the group's custom reports");
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('href')).toBe(
      '/apps/sessions/session-1/custom-reports/report-1/parts/part-1',
    );
  });

  it('changes its status through the group’s route', async () => {
    const { calls } = fakeCustomServer(fetchMock, { ...MEMBER, report: groupReport() });
    renderGroupReport();
    fireEvent.change(await screen.findByTestId('custom-report-status', {}, PAGE_LOAD), {
      target: { value: 'validated' },
    });
    await waitFor(() => expect(calls('PUT', GROUP_REPORT)[0]?.body).toEqual({ status: 'validated' }));
  });

  it('lets its members render it: the overlay opens with the group’s id', async () => {
    fakeCustomServer(fetchMock, { ...MEMBER, report: groupReport() });
    renderGroupReport();
    fireEvent.click(await screen.findByTestId('custom-report-render', {}, PAGE_LOAD));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/apps/sessions/session-1/custom-reports/report-1?show=renderReportAdmin&sphereId=sphere-1&sessionId=session-1&reportId=report-1',
      ),
    );
  });

  it('lists its documents from the group’s route', async () => {
    const { calls } = fakeCustomServer(fetchMock, { ...MEMBER, report: groupReport() });
    renderPage(<CustomReportPage />, {
      path: '/apps/sessions/:sessionId/custom-reports/:reportId',
      entry: '/apps/sessions/session-1/custom-reports/report-1?tab=documents',
    });
    expect(await screen.findByTestId('documents-empty', {}, PAGE_LOAD)).toBeTruthy();
    expect(calls('GET', `${GROUP_REPORT}/renders`)).toHaveLength(1);
  });

  it('refuses a starter group’s report, without asking for it', async () => {
    const { calls } = fakeCustomServer(fetchMock, {
      ...MEMBER,
      session: testSession({ subscription: 'starter' }),
      report: groupReport(),
    });
    renderGroupReport();
    expect((await screen.findByTestId('custom-report-not-allowed', {}, PAGE_LOAD)).textContent).toBe(
      'Custom reports come with the Essentials subscription: this group has the Starter subscription.',
    );
    expect(calls('GET', GROUP_REPORT)).toHaveLength(0);
    expect(screen.queryByTestId('custom-report-render')).toBeNull();
  });

  it('refuses the group’s owner who is not a member, without asking for the report', async () => {
    const { calls } = fakeCustomServer(fetchMock, {
      roles: ['contributor'],
      sessionRoles: ['owner'],
      session: testSession({ isMember: false, roles: ['owner'] }),
      report: groupReport(),
    });
    renderGroupReport();
    expect(await screen.findByTestId('custom-report-not-allowed', {}, PAGE_LOAD)).toBeTruthy();
    expect(calls('GET', GROUP_REPORT)).toHaveLength(0);
    expect(screen.queryByTestId('custom-report-render')).toBeNull();
  });
});

describe('a group’s report part', () => {
  it('is read from the group’s route, and its card prompt and changes go there too', async () => {
    const { calls } = fakeCustomServer(fetchMock, {
      ...MEMBER,
      report: groupReport(),
      part: testPart({ cards: [testCard({ cardId: 'd1', type: 'text', title: 'Team mood' })] }),
    });
    renderGroupPart();
    expect(await screen.findByRole('heading', { level: 1, name: 'Part Overview' }, PAGE_LOAD)).toBeTruthy();
    expect(calls('GET', `${GROUP_REPORT}/parts/part-1`)).toHaveLength(1);
    expect(screen.getByTestId('custom-part-switch').getAttribute('href')).toBe(
      '/apps/sessions/session-1/custom-reports/report-1/parts/part-1/bookmarks',
    );
    expect(screen.getByTestId('custom-part-page-back').getAttribute('href')).toBe(
      '/apps/sessions/session-1/custom-reports/report-1',
    );
    fireEvent.click(screen.getByTestId('card-edit-d1'));
    fireEvent.change(await screen.findByTestId('card-edit-title', {}, PAGE_LOAD), {
      target: { value: 'Mood' },
    });
    fireEvent.click(screen.getByTestId('card-edit-submit'));
    await waitFor(() =>
      expect(calls('PUT', `${GROUP_REPORT}/cards/d1`)[0]?.body).toMatchObject({ title: 'Mood' }),
    );
  });

  it('offers no campaign source and no tag picker to a member who may not read the sphere’s tags', async () => {
    const { calls } = fakeCustomServer(fetchMock, { ...MEMBER, report: groupReport() });
    renderGroupPart();
    fireEvent.click(await screen.findByTestId('card-add', {}, PAGE_LOAD));
    fireEvent.click(await screen.findByTestId('card-add-type-dataShot', {}, PAGE_LOAD));
    expect(screen.getByTestId('card-add-source-feelings')).toBeTruthy();
    expect(screen.queryByTestId('card-add-source-campaign')).toBeNull();
    expect(screen.queryByTestId('card-add-tags')).toBeNull();
    expect(calls('GET', '/v1/spheres/sphere-1/tags')).toHaveLength(0);
    expect(calls('GET', '/v1/spheres/sphere-1')).toHaveLength(0);
  });
});

describe('the render overlay of a group’s report', () => {
  it('reads the report and asks the render through the group’s route', async () => {
    const { calls } = fakeCustomServer(fetchMock, { ...MEMBER, report: groupReport({ languages: ['en'] }) });
    const done = vi.fn();
    renderPage(
      <RenderReportOverlay
        params={
          new URLSearchParams(
            'show=renderReportAdmin&sphereId=sphere-1&sessionId=session-1&reportId=report-1',
          )
        }
        done={done}
        close={vi.fn()}
      />,
    );
    await screen.findByTestId('render-form', {}, PAGE_LOAD);
    expect(calls('GET', GROUP_REPORT)).toHaveLength(1);
    fireEvent.click(screen.getByTestId('render-submit'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(calls('POST', `${GROUP_REPORT}/renders`)[0]?.body).toMatchObject({
      lang: 'en',
      partIds: ['part-1'],
    });
    expect(calls('POST', `${SPHERE_BASE}/report-1/renders`)).toHaveLength(0);
  });
});

/** Shows once the account (and so the rights) is read: a card that shows nothing is then final. */
function MeRead() {
  const me = useMe();
  return me.data ? <span data-testid="me-read" /> : null;
}

const renderGroupCard = () =>
  renderPage(
    <>
      <ReportsCard place={{ kind: 'session', session: testSession() }} />
      <MeRead />
    </>,
  );

describe('the reports card of a group', () => {
  it('leads a member with Essentials to the group’s custom reports', async () => {
    fakeCustomServer(fetchMock, MEMBER);
    renderGroupCard();
    expect((await screen.findByTestId('reports-card-custom-link', {}, PAGE_LOAD)).getAttribute('href')).toBe(
      '/apps/sessions/session-1/custom-reports',
    );
  });

  it('does not offer the custom reports of a group with the starter subscription, even to a member with Essentials', async () => {
    fakeCustomServer(fetchMock, MEMBER);
    renderPage(
      <>
        <ReportsCard place={{ kind: 'session', session: testSession({ subscription: 'starter' }) }} />
        <MeRead />
      </>,
    );
    expect(await screen.findByTestId('me-read', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByTestId('reports-card-link')).toBeTruthy();
    expect(screen.queryByTestId('reports-card-custom-link')).toBeNull();
  });

  it('does not offer the custom reports to a starter member, who keeps the feelings report', async () => {
    fakeCustomServer(fetchMock, { ...MEMBER, subscription: 'starter' });
    renderGroupCard();
    expect(await screen.findByTestId('reports-card-link', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByTestId('reports-card-custom-link')).toBeNull();
  });

  it('does not offer them to the group’s owner who is not a member', async () => {
    fakeCustomServer(fetchMock, { roles: ['contributor'], sessionRoles: ['owner'] });
    renderGroupCard();
    expect(await screen.findByTestId('me-read', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByTestId('reports-card-custom-link')).toBeNull();
  });
});
