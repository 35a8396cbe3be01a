// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import { notifications } from '@mantine/notifications';
import { createQueryClient } from '../../../app/query-client';
import i18n from '../../../i18n';
import { LocationProbe, renderPage } from '../../../test/render';
import { defaultRenderName } from './custom-report-parts';
import { fakeCustomServer, testReport } from './custom-reports-test-server';
import RenderReportOverlay from './render-report-overlay';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const RENDERS = '/v1/reports/spheres/sphere-1/report-1/renders';
/** The overlay reads the report first: a busy run may take more than a second. */
const LOAD = { timeout: 5000 };
const overlayProps = (params = 'show=renderReportAdmin&sphereId=sphere-1&reportId=report-1') => ({
  params: new URLSearchParams(params),
  done: vi.fn(),
  close: vi.fn(),
});

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

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('the render overlay (show=renderReportAdmin)', () => {
  it('names the document after today as DD-MM-YYYY and the report', async () => {
    fakeCustomServer(fetchMock);
    renderPage(<RenderReportOverlay {...overlayProps()} />);
    const name = (await screen.findByTestId('render-name', {}, LOAD)) as HTMLInputElement;
    const now = new Date();
    const day = `${String(now.getDate()).padStart(2, '0')}-${String(now.getMonth() + 1).padStart(2, '0')}-${now.getFullYear()}`;
    expect(name.value).toBe(`${day} Spring review`);
    expect(defaultRenderName('Spring review', new Date(2026, 2, 5))).toBe('05-03-2026 Spring review');
  });

  it('disables a part in progress and says why; an empty part shows no badge', async () => {
    fakeCustomServer(fetchMock);
    renderPage(<RenderReportOverlay {...overlayProps()} />);
    await screen.findByTestId('render-form', {}, LOAD);
    expect(input('render-part-part-2').disabled).toBe(true);
    expect(input('render-part-part-2').checked).toBe(false);
    expect(screen.getByText('In progress: it cannot be rendered until it is finished.')).toBeTruthy();
    expect(input('render-part-part-1').disabled).toBe(false);
    expect(screen.getByTestId('render-part-status-part-1').textContent).toBe('Draft');
    expect(screen.queryByTestId('render-part-status-part-3')).toBeNull();
    expect(screen.getByText('Empty part: nothing to render.')).toBeTruthy();
  });

  it('fixes the language when the report has only one, and starts with PDF', async () => {
    fakeCustomServer(fetchMock, { report: testReport({ languages: ['nl'] }) });
    renderPage(<RenderReportOverlay {...overlayProps()} />);
    const lang = (await screen.findByTestId('render-lang', {}, LOAD)) as HTMLSelectElement;
    expect(lang.disabled).toBe(true);
    expect(lang.value).toBe('nl');
    expect(input('render-format-pdf').checked).toBe(true);
    expect(input('render-format-docx').checked).toBe(false);
  });

  it('asks for a language when the report has several, before sending anything', async () => {
    const { calls } = fakeCustomServer(fetchMock);
    renderPage(<RenderReportOverlay {...overlayProps()} />);
    const lang = (await screen.findByTestId('render-lang', {}, LOAD)) as HTMLSelectElement;
    expect(lang.disabled).toBe(false);
    expect(lang.value).toBe('');
    fireEvent.click(screen.getByTestId('render-submit'));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(calls('POST', RENDERS)).toHaveLength(0);
  });

  it('needs at least one part: with none it sends nothing', async () => {
    const { calls } = fakeCustomServer(fetchMock, { report: testReport({ languages: ['en'] }) });
    const props = overlayProps();
    renderPage(<RenderReportOverlay {...props} />);
    await screen.findByTestId('render-form', {}, LOAD);
    // Only part 1 starts chosen (part 2 is in progress, part 3 is empty).
    expect(input('render-part-part-3').checked).toBe(false);
    fireEvent.click(input('render-part-part-1'));
    await waitFor(() => expect(input('render-part-part-1').checked).toBe(false));
    fireEvent.click(screen.getByTestId('render-submit'));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(calls('POST', RENDERS)).toHaveLength(0);
    expect(props.done).not.toHaveBeenCalled();
  });

  it('sends the name, the chosen parts, the language and the format, then says it started', async () => {
    const { calls } = fakeCustomServer(fetchMock);
    const props = overlayProps();
    renderPage(<RenderReportOverlay {...props} />);
    await screen.findByTestId('render-form', {}, LOAD);
    fireEvent.change(input('render-name'), { target: { value: 'Board pack' } });
    fireEvent.change(screen.getByTestId('render-lang'), { target: { value: 'en' } });
    fireEvent.click(input('render-format-docx'));
    fireEvent.click(screen.getByTestId('render-submit'));
    await waitFor(() => expect(props.done).toHaveBeenCalled());
    // Part 1 has cards and is a draft; part 2 is in progress; part 3 is empty.
    expect(calls('POST', RENDERS)[0]?.body).toEqual({
      name: 'Board pack',
      format: 'docx',
      lang: 'en',
      partIds: ['part-1'],
    });
    expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
      expect.objectContaining({
        color: 'green',
        message: 'The render has started: the document will show in the Documents tab.',
      }),
    );
  });

  it('on the report page, opens its Documents tab once the render is asked', async () => {
    fakeCustomServer(fetchMock, { report: testReport({ languages: ['en'] }) });
    const search = 'show=renderReportAdmin&sphereId=sphere-1&reportId=report-1';
    renderPage(
      <>
        <RenderReportOverlay {...overlayProps(search)} />
        <LocationProbe />
      </>,
      {
        path: '/apps/spheres/:sphereId/custom-reports/:reportId',
        entry: `/apps/spheres/sphere-1/custom-reports/report-1?${search}`,
      },
    );
    await screen.findByTestId('render-form', {}, LOAD);
    fireEvent.click(screen.getByTestId('render-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/apps/spheres/sphere-1/custom-reports/report-1?sphereId=sphere-1&reportId=report-1&tab=documents',
      ),
    );
  });

  it('says a refused render as a toast in the user’s language and stays open', async () => {
    fakeCustomServer(fetchMock, {
      report: testReport({ languages: ['en'] }),
      fail: { [`POST ${RENDERS}`]: { status: 403, body: { key: 'forbidden' } } },
    });
    const props = overlayProps();
    // The app's query client: a failed change is said once, as a toast.
    renderPage(<RenderReportOverlay {...props} />, { queryClient: createQueryClient() });
    await screen.findByTestId('render-form', {}, LOAD);
    fireEvent.click(screen.getByTestId('render-submit'));
    await waitFor(() =>
      expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'red', message: i18n.t('errors.forbidden') }),
      ),
    );
    expect(i18n.t('errors.forbidden')).not.toBe('errors.forbidden');
    expect(props.done).not.toHaveBeenCalled();
  });

  it('has no serious accessibility problem', async () => {
    fakeCustomServer(fetchMock);
    const { container } = renderPage(<RenderReportOverlay {...overlayProps()} />);
    await screen.findByTestId('render-form', {}, LOAD);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});
