// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { MeasureType } from '@shared/contracts/forms';
import i18n from '../../i18n';
import { jsonResponse, renderPage } from '../../test/render';
import MeasureTypesPage from './measure-types-page';
import { called, fetchMock, meResponse, sent } from './test-server';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const LIST = '/v1/forms/measure-types';

const measureType = (id: string, title: string, usedBy = 0): MeasureType => ({
  id,
  title: { en: title },
  description: {},
  usedBy,
  updatedAt: '2026-11-01T10:00:00.000Z',
});

/** The server's measure types, changed by what the page sends. */
function serve({
  manager = true,
  items = [measureType('mood', 'Mood', 2), measureType('sleep', 'Sleep')],
  list = (): Response => jsonResponse(200, { count: items.length, items, max: 1000, offset: 0 }),
}: { manager?: boolean; items?: MeasureType[]; list?: () => Response | Promise<Response> } = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (url.pathname === '/v1/me') return meResponse(manager);
    if (url.pathname === LIST && method === 'GET') return list();
    if (url.pathname === LIST && method === 'POST') {
      if (items.some((m) => m.id === body.id)) return jsonResponse(409, { key: 'exist' });
      const created = { ...measureType(String(body.id), ''), ...body } as MeasureType;
      items.push(created);
      return jsonResponse(201, created);
    }
    const id = decodeURIComponent(url.pathname.slice(LIST.length + 1));
    const found = items.find((m) => m.id === id);
    if (!found) return jsonResponse(404, { key: 'not-found' });
    if (method === 'PUT') {
      Object.assign(found, body);
      return jsonResponse(200, found);
    }
    if (method === 'DELETE') {
      if (found.usedBy > 0) return jsonResponse(409, { key: 'measure-type-in-use' });
      items.splice(items.indexOf(found), 1);
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, { key: 'not-found' });
  });
}

const page = () => renderPage(<MeasureTypesPage />, { path: '/apps/forms/measure-types' });

describe('measure types page', () => {
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

  it('is for those who manage forms only: nobody else reads the list', async () => {
    serve({ manager: false });
    page();
    expect(await screen.findByTestId('measure-types-not-allowed')).toBeTruthy();
    expect(called('GET', LIST)).toBe(false);
  });

  it('lists the measure types with the forms using them; says when there are none or they fail to load', async () => {
    serve({ list: () => new Promise<Response>(() => undefined) });
    const loading = page();
    expect(await screen.findByTestId('measure-types-loading')).toBeTruthy();
    loading.unmount();

    serve();
    const first = page();
    const row = await screen.findByTestId('measure-type-row-mood');
    expect(within(row).getByText('Mood')).toBeTruthy();
    expect(within(row).getByText('2 forms')).toBeTruthy();
    expect(screen.getByText('2 measure types')).toBeTruthy();
    first.unmount();

    serve({ items: [] });
    const empty = page();
    expect(await screen.findByTestId('measure-types-empty')).toBeTruthy();
    empty.unmount();

    serve({ list: () => jsonResponse(500, { key: 'internal-error' }) });
    page();
    expect(await screen.findByTestId('measure-types-error')).toBeTruthy();
  });

  it('adds a measure type: an id is required and taken once, the title in each language', async () => {
    serve();
    page();
    await screen.findByTestId('measure-type-row-mood');
    fireEvent.click(screen.getByTestId('measure-types-create'));
    const dialog = await screen.findByRole('dialog', { name: 'New measure type' });
    fireEvent.click(within(dialog).getByTestId('measure-type-submit'));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(called('POST', LIST)).toBe(false);

    fireEvent.change(within(dialog).getByTestId('measure-type-id'), { target: { value: 'mood' } });
    fireEvent.click(within(dialog).getByTestId('measure-type-submit'));
    expect(await within(dialog).findByText('This item already exists.')).toBeTruthy();
    expect(called('POST', LIST)).toBe(false);

    fireEvent.change(within(dialog).getByTestId('measure-type-id'), { target: { value: 'stress' } });
    fireEvent.change(within(dialog).getByLabelText('Title (English)'), { target: { value: 'Stress' } });
    fireEvent.change(within(dialog).getByLabelText('Title (Français)'), { target: { value: 'Stress' } });
    fireEvent.click(within(dialog).getByTestId('measure-type-submit'));
    await vi.waitFor(() => expect(sent('POST', LIST)).toBeDefined());
    expect(sent('POST', LIST)).toEqual({
      id: 'stress',
      title: { en: 'Stress', fr: 'Stress' },
      description: {},
    });
    expect(await screen.findByTestId('measure-type-row-stress')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes the texts of a measure type, never its id', async () => {
    serve();
    page();
    fireEvent.click(await screen.findByTestId('measure-type-edit-sleep'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the measure type' });
    expect((within(dialog).getByTestId('measure-type-id') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Title (Nederlands)'), { target: { value: 'Slaap' } });
    fireEvent.click(within(dialog).getByTestId('measure-type-submit'));
    await vi.waitFor(() => expect(sent('PUT', `${LIST}/sleep`)).toBeDefined());
    expect(sent('PUT', `${LIST}/sleep`)).toEqual({ title: { en: 'Sleep', nl: 'Slaap' }, description: {} });
  });

  it('deletes after a confirmation, and shows the server’s reason when forms still use it', async () => {
    serve();
    page();
    fireEvent.click(await screen.findByTestId('measure-type-delete-mood'));
    expect(await screen.findByTestId('measure-type-delete-dialog')).toBeTruthy();
    expect(called('DELETE', `${LIST}/mood`)).toBe(false);
    fireEvent.click(screen.getByTestId('measure-type-delete-confirm'));
    expect((await screen.findByTestId('measure-type-delete-error')).textContent).toBe(
      'Questions of forms use this measure type: remove it from them before deleting it.',
    );
    expect(screen.getByTestId('measure-type-row-mood')).toBeTruthy();
    fireEvent.click(screen.getByTestId('measure-type-delete-cancel'));

    fireEvent.click(screen.getByTestId('measure-type-delete-sleep'));
    fireEvent.click(await screen.findByTestId('measure-type-delete-confirm'));
    await vi.waitFor(() => expect(screen.queryByTestId('measure-type-row-sleep')).toBeNull());
    expect(called('DELETE', `${LIST}/sleep`)).toBe(true);
  });
});
