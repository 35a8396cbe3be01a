// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import i18n from '../../i18n';
import { renderPage } from '../../test/render';
import { availableForm, fakeFormsServer } from './forms-test-server';
import MyFormsReportPage from './myforms-report-page';
import { customRange, dayOf, reportRequest } from './report-period';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const now = new Date(2026, 5, 15, 10, 30);

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

describe('custom dates of my forms report', () => {
  it('run from the start of the first day to the end of the last', () => {
    const result = customRange({ start: '2026-01-10', end: '2026-02-20' }, now);
    expect(result).toEqual({
      range: { start: new Date(2026, 0, 10), end: new Date(2026, 1, 20, 23, 59, 59, 999) },
    });
  });

  it('start no earlier than 2018-01-01', () => {
    expect(customRange({ start: '2017-12-31', end: '2026-01-01' }, now)).toEqual({
      problem: { field: 'start', key: 'outOfBounds' },
    });
    expect('range' in customRange({ start: '2018-01-01', end: '2018-01-01' }, now)).toBe(true);
  });

  it('end no later than today', () => {
    expect('range' in customRange({ start: '2026-06-01', end: '2026-06-15' }, now)).toBe(true);
    expect(customRange({ start: '2026-06-01', end: '2026-06-16' }, now)).toEqual({
      problem: { field: 'end', key: 'outOfBounds' },
    });
  });

  it('do not end before they start, and must be days', () => {
    expect(customRange({ start: '2026-03-02', end: '2026-03-01' }, now)).toEqual({
      problem: { field: 'end', key: 'endBeforeStart' },
    });
    expect(customRange({ start: '', end: '2026-03-01' }, now)).toEqual({
      problem: { field: 'start', key: 'outOfBounds' },
    });
    expect(customRange({ start: '2026-02-30', end: '2026-03-01' }, now)).toEqual({
      problem: { field: 'start', key: 'outOfBounds' },
    });
  });

  it('are sent as the report period, and nothing is asked while they are not valid', () => {
    expect(reportRequest('wellbeing', 'custom', { start: '2026-01-10', end: '2026-01-11' }, now)).toEqual({
      formId: 'wellbeing',
      start: new Date(2026, 0, 10).toISOString(),
      end: new Date(2026, 0, 11, 23, 59, 59, 999).toISOString(),
    });
    expect(reportRequest('wellbeing', 'custom', { start: '2026-01-12', end: '2026-01-11' }, now)).toBe(
      undefined,
    );
    expect(reportRequest('wellbeing', 'all', { start: '', end: '' }, now)).toEqual({ formId: 'wellbeing' });
  });
});

describe('the myforms report page', () => {
  it('asks /v1/forms/myself-reports for the custom dates chosen', async () => {
    const { calls } = fakeFormsServer(fetchMock, {
      available: [availableForm('wellbeing', 'Wellbeing check')],
    });
    renderPage(<MyFormsReportPage />, { path: '/apps/myforms-report' });
    fireEvent.change(await screen.findByTestId('myforms-report-period'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText(/From/), { target: { value: '2025-03-01' } });
    fireEvent.change(screen.getByLabelText(/To/), { target: { value: '2025-03-31' } });
    await waitFor(() =>
      expect(calls('POST', '/v1/forms/myself-reports').at(-1)?.body).toEqual({
        formId: 'wellbeing',
        start: new Date(2025, 2, 1).toISOString(),
        end: new Date(2025, 2, 31, 23, 59, 59, 999).toISOString(),
      }),
    );
    expect(await screen.findByTestId('myforms-report-empty')).toBeTruthy();
  });

  it('says what is wrong with dates that end before they start, and sends nothing for them', async () => {
    const { calls } = fakeFormsServer(fetchMock, {
      available: [availableForm('wellbeing', 'Wellbeing check')],
    });
    renderPage(<MyFormsReportPage />, { path: '/apps/myforms-report' });
    fireEvent.change(await screen.findByTestId('myforms-report-period'), { target: { value: 'custom' } });
    // The last 12 months, then the default custom dates.
    await waitFor(() => expect(calls('POST', '/v1/forms/myself-reports')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText(/To/), { target: { value: '2018-01-01' } });
    expect(await screen.findByText('The end cannot come before the start.')).toBeTruthy();
    expect(calls('POST', '/v1/forms/myself-reports')).toHaveLength(2);
    expect(screen.queryByTestId('myforms-report-empty')).toBeNull();
  });

  it('bounds the date fields from 2018-01-01 to today', async () => {
    fakeFormsServer(fetchMock, { available: [availableForm('wellbeing', 'Wellbeing check')] });
    renderPage(<MyFormsReportPage />, { path: '/apps/myforms-report' });
    fireEvent.change(await screen.findByTestId('myforms-report-period'), { target: { value: 'custom' } });
    const start = screen.getByLabelText(/From/);
    expect(start.getAttribute('min')).toBe('2018-01-01');
    expect(start.getAttribute('max')).toBe(dayOf(new Date()));
  });
});
