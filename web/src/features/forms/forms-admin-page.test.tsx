// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import i18n from '../../i18n';
import { jsonResponse, renderPage } from '../../test/render';
import FormsAdminPage from './forms-admin-page';
import { called, fetchMock, meResponse, sent, summary, wellbeingForm } from './test-server';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

function serve({
  manager = true,
  items = [summary('wellbeing', 'Wellbeing check'), summary('big5', 'Big Five', { isPrivate: true })],
} = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    if (url.pathname === '/v1/me') return meResponse(manager);
    if (url.pathname === '/v1/forms/definitions' && method === 'GET')
      return jsonResponse(200, { count: items.length, items, max: 200, offset: 0 });
    if (url.pathname === '/v1/forms/definitions' && method === 'POST')
      return jsonResponse(201, { ...wellbeingForm(), id: 'new-form', steps: [] });
    if (url.pathname === '/v1/forms/definitions/wellbeing/duplicate')
      return jsonResponse(201, { ...wellbeingForm(), id: 'wellbeing-copy' });
    if (url.pathname === '/v1/forms/definitions/wellbeing/archive')
      return jsonResponse(200, summary('wellbeing', 'Wellbeing check', { archived: true }));
    return jsonResponse(404, { key: 'not-found' });
  });
}

const page = () =>
  renderPage(<FormsAdminPage />, { path: '/apps/forms/administration', entry: '/apps/forms/administration' });

describe('forms administration', () => {
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

  it('lists up to 200 forms, marks private ones, and filters on privacy', async () => {
    serve();
    page();
    const table = await screen.findByTestId('forms-admin-table');
    expect(within(table).getByText('Wellbeing check')).toBeTruthy();
    expect(within(screen.getByTestId('forms-admin-row-big5')).getByText('Private')).toBeTruthy();
    const first = fetchMock.mock.calls
      .map(([u]) => new URL(String(u)))
      .find((u) => u.pathname === '/v1/forms/definitions');
    expect(first?.searchParams.get('_max')).toBe('200');
    fireEvent.change(screen.getByTestId('forms-admin-privacy'), { target: { value: 'public' } });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u]) => new URL(String(u)).searchParams.get('_filters') === 'private=false',
        ),
      ).toBe(true),
    );
  });

  it('leads to the measure types', async () => {
    serve();
    page();
    fireEvent.click(await screen.findByTestId('forms-admin-measure-types'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/apps/forms/measure-types'));
  });

  it('says when no form matches', async () => {
    serve({ items: [] });
    page();
    expect(await screen.findByTestId('forms-admin-empty')).toBeTruthy();
  });

  it('refuses creation without a title, then creates the form and opens its editor', async () => {
    serve();
    page();
    fireEvent.click(await screen.findByTestId('forms-admin-create'));
    fireEvent.click(await screen.findByTestId('forms-create-submit'));
    expect(await screen.findByText('The questionnaire needs a title.')).toBeTruthy();
    expect(called('POST', '/v1/forms/definitions')).toBe(false);
    fireEvent.change(screen.getByTestId('forms-create-title'), { target: { value: 'Team climate' } });
    fireEvent.click(screen.getByTestId('forms-create-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/apps/form/new-form/editor'),
    );
    expect(sent('POST', '/v1/forms/definitions')).toEqual({
      title: { en: 'Team climate' },
      languages: ['en'],
    });
  });

  it('duplicates a form in one click', async () => {
    serve();
    page();
    fireEvent.click(await screen.findByTestId('forms-admin-duplicate-wellbeing'));
    await waitFor(() => expect(called('POST', '/v1/forms/definitions/wellbeing/duplicate')).toBe(true));
  });

  it('archives a form only after confirmation', async () => {
    serve();
    page();
    fireEvent.click(await screen.findByTestId('forms-admin-archive-wellbeing'));
    expect(await screen.findByTestId('forms-admin-archive-dialog')).toBeTruthy();
    expect(called('POST', '/v1/forms/definitions/wellbeing/archive')).toBe(false);
    fireEvent.click(screen.getByTestId('forms-admin-archive-confirm'));
    await waitFor(() => expect(called('POST', '/v1/forms/definitions/wellbeing/archive')).toBe(true));
  });

  it('shows nothing of the list to those who do not manage forms', async () => {
    serve({ manager: false });
    page();
    expect(await screen.findByTestId('forms-admin-not-allowed')).toBeTruthy();
    expect(called('GET', '/v1/forms/definitions')).toBe(false);
  });
});
