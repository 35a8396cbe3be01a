// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { Me } from '@shared/contracts/me';
import type { SubscriptionsReport } from '@shared/contracts/subscriptions';
import i18n from '../../i18n';
import { jsonResponse, renderPage } from '../../test/render';
import { meFixture } from '../../test/me';
import { expectNoAxeViolations } from '../../test/axe';
import type * as TableExport from '../../lib/table-export';
import { saveBlob } from '../../lib/table-export';
import PlansReportPage from './plans-report-page';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
vi.mock('../../lib/table-export', async (actual) => ({
  ...(await actual<typeof TableExport>()),
  saveBlob: vi.fn(),
}));

const fetchMock = vi.fn<typeof fetch>();
const REPORT = 'GET /v1/users/subscriptions/report';

const none = {
  'trial-started': 0,
  'paid-started': 0,
  renewed: 0,
  'payment-failed': 0,
  ended: 0,
  'code-redeemed': 0,
};
const report: SubscriptionsReport = {
  from: '2026-09-01',
  to: '2026-12-07',
  interval: 'week',
  holders: {
    paid: { essentials: 4, premium: 1 },
    trial: { essentials: 2, premium: 0 },
    pastDue: { essentials: 1, premium: 0 },
    freeMonth: 3,
  },
  periods: [
    { end: '2026-11-29', counts: { ...none, 'trial-started': 2, 'code-redeemed': 1 } },
    { end: '2026-12-06', counts: { ...none, 'paid-started': 1, 'payment-failed': 1 } },
    { end: '2026-12-07', counts: { ...none, 'code-redeemed': 2 } },
  ],
  codes: [
    {
      code: 'P0002-KQ7XZ',
      number: 2,
      name: 'Salon RH',
      ambassadorName: 'Hugo Lambert',
      sphereName: 'Atelier Horizon',
      count: 10,
      used: 3,
      validOn: '2026-12-07',
    },
    {
      code: 'P0001-ABCDE',
      number: 1,
      name: 'Ancien',
      ambassadorName: '',
      count: 2,
      used: 0,
      validOn: '2026-11-02',
    },
  ],
};

const superAdmin = (): Partial<Me> => ({
  ability: {
    subscription: 'starter',
    rules: [{ action: 'manage', subject: 'all' }] as Me['ability']['rules'],
  },
});
/** Everyone reads their own plan; that is not the report. */
const person = (): Partial<Me> => ({
  ability: {
    subscription: 'essentials',
    rules: [
      { action: 'get', subject: 'subscription', conditions: { userId: 'user-1' } },
    ] as Me['ability']['rules'],
  },
});

function serve(answer: () => Response, me: Partial<Me> = superAdmin()) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (key === 'GET /v1/me') return jsonResponse(200, meFixture(me));
    if (key === REPORT) return answer();
    return jsonResponse(404, { key: 'not-found' });
  });
}
const reportCalls = () =>
  fetchMock.mock.calls.filter(([input]) => String(input).includes('/subscriptions/report'));

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

describe('the plans report page', () => {
  it('shows who holds a plan and how, each period’s changes in a captioned table beside the chart, and the codes', async () => {
    serve(() => jsonResponse(200, report));
    renderPage(<PlansReportPage />, { path: '/apps/global/subscriptions' });
    const holders = await screen.findByTestId('plans-report-holders');
    expect(within(holders).getByTestId('plans-report-holders-paid').textContent).toBe('Paid by card41');
    expect(within(holders).getByTestId('plans-report-holders-trial').textContent).toBe('On the free trial20');
    expect(within(holders).getByTestId('plans-report-holders-pastDue').textContent).toBe('Payment overdue10');
    expect(within(holders).getByTestId('plans-report-holders-freeMonth').textContent).toBe(
      'Free month from a code3—',
    );

    const changes = screen.getByTestId('plans-report-changes');
    expect(within(changes).getByText('Plan changes per period, from 01/09/2026 to 07/12/2026')).toBeTruthy();
    expect(
      within(changes)
        .getAllByTestId('plans-report-period')
        .map((row) => row.textContent),
    ).toEqual(['29/11/2026200001', '06/12/2026010100', '07/12/2026000002']);
    const chart = screen.getByTestId('plans-report-chart');
    await waitFor(() => expect(chart.querySelector('svg')).toBeTruthy());
    expect(chart.getAttribute('aria-label')).toContain('the table below gives the same figures');

    const codes = screen.getAllByTestId('plans-report-code');
    expect(codes[0]!.textContent).toContain('Hugo Lambert');
    expect(codes[0]!.textContent).toContain('Atelier Horizon');
    expect(codes[0]!.textContent).toContain('3 of 10');
    // The ambassador who left is not named.
    expect(codes[1]!.textContent).toContain('Former ambassador');
    await expectNoAxeViolations();
  });

  it('gives every figure as an Excel file: today, each period, each code', async () => {
    serve(() => jsonResponse(200, report));
    renderPage(<PlansReportPage />, { path: '/apps/global/subscriptions' });
    await screen.findByTestId('plans-report-holders');
    fireEvent.click(screen.getByTestId('plans-report-download'));
    await waitFor(() => expect(vi.mocked(saveBlob)).toHaveBeenCalledTimes(1));
    const [blob, name] = vi.mocked(saveBlob).mock.calls[0]!;
    expect(name).toBe('plans-2026-09-01-2026-12-07.xlsx');
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows).toContainEqual(['Paid by card', 4, 1]);
    expect(rows).toContainEqual(['Free month from a code', 3, 0]);
    expect(rows).toContainEqual(['06/12/2026', 0, 1, 0, 1, 0, 0]);
    expect(rows).toContainEqual([
      'P0002-KQ7XZ',
      'Salon RH',
      'Hugo Lambert',
      'Atelier Horizon',
      '07/12/2026',
      10,
      3,
    ]);
  });

  it('asks again for another interval or period', async () => {
    serve(() => jsonResponse(200, report));
    renderPage(<PlansReportPage />, { path: '/apps/global/subscriptions' });
    await screen.findByTestId('plans-report-holders');
    fireEvent.change(screen.getByTestId('plans-report-interval'), { target: { value: 'month' } });
    await waitFor(() =>
      expect(reportCalls().some(([input]) => String(input).includes('interval=month'))).toBe(true),
    );
    fireEvent.change(screen.getByTestId('plans-report-period-select'), { target: { value: '12' } });
    await waitFor(() => expect(reportCalls().length).toBeGreaterThanOrEqual(3));
  });

  it('says when no code was created in the period', async () => {
    serve(() => jsonResponse(200, { ...report, codes: [] }));
    renderPage(<PlansReportPage />, { path: '/apps/global/subscriptions' });
    expect((await screen.findByTestId('plans-report-codes-empty')).textContent).toBe(
      'No code created from 01/09/2026 to 07/12/2026.',
    );
  });

  it('says when the report cannot be read, with a retry, and offers no file', async () => {
    serve(() => jsonResponse(500, { key: 'internal-server-error' }));
    renderPage(<PlansReportPage />, { path: '/apps/global/subscriptions' });
    expect(await screen.findByTestId('plans-report-error')).toBeTruthy();
    expect(screen.getByTestId('plans-report-download')).toHaveProperty('disabled', true);
  });

  it('is refused to anyone but a super-admin, without asking the server', async () => {
    serve(() => jsonResponse(200, report), person());
    renderPage(<PlansReportPage />, { path: '/apps/global/subscriptions' });
    expect(await screen.findByTestId('plans-report-forbidden')).toBeTruthy();
    expect(reportCalls()).toEqual([]);
  });
});
