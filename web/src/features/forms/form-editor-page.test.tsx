// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { Form } from '@shared/contracts/forms';
import i18n from '../../i18n';
import { jsonResponse, renderPage } from '../../test/render';
import FormEditorPage from './form-editor-page';
import { called, fetchMock, meResponse, sent, wellbeingForm } from './test-server';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const FORM_PATH = '/v1/forms/definitions/wellbeing';

function serve({
  form = wellbeingForm(),
  put = (body: unknown): Response =>
    jsonResponse(200, { ...form, ...(body as object), id: form.id, updateDate: '2026-11-02T10:00:00.000Z' }),
  translated = true,
}: { form?: Form; put?: (body: unknown) => Response; translated?: boolean } = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    if (url.pathname === '/v1/me') return meResponse(true);
    if (url.pathname === FORM_PATH && method === 'GET') return jsonResponse(200, form);
    if (url.pathname === FORM_PATH && method === 'PUT') return put(JSON.parse(String(init?.body)));
    if (url.pathname === '/v1/forms/measure-types')
      return jsonResponse(200, {
        count: 1,
        items: [
          {
            id: 'mood',
            title: { en: 'Mood' },
            description: {},
            usedBy: 0,
            updatedAt: '2026-11-01T00:00:00.000Z',
          },
        ],
        max: 1000,
        offset: 0,
      });
    if (url.pathname === '/v1/translations') {
      const body = JSON.parse(String(init?.body)) as { text: string };
      return jsonResponse(
        200,
        translated
          ? { provider: 'amazon-translate', translated: true, translations: { fr: `FR ${body.text}` } }
          : { provider: 'local', translated: false, translations: { fr: body.text } },
      );
    }
    return jsonResponse(404, { key: 'not-found' });
  });
}

const editor = (tab = '') =>
  renderPage(<FormEditorPage />, {
    path: '/apps/form/:formId/editor',
    entry: `/apps/form/wellbeing/editor${tab}`,
  });

describe('form editor', () => {
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

  it('adds a page and a question of every type, reorders and removes them after confirmation', async () => {
    serve();
    editor();
    fireEvent.click(await screen.findByTestId('designer-add-step'));
    const step = await screen.findByTestId('step-1');
    for (const type of ['histo', 'likert', 'text', 'choice', 'select', 'date']) {
      fireEvent.change(within(step).getByTestId('step-1-add-answer-type'), { target: { value: type } });
      fireEvent.click(within(step).getByTestId('step-1-add-answer'));
    }
    expect(screen.getByTestId('step-1-answer-0-histo')).toBeTruthy();
    expect(screen.getByTestId('step-1-answer-1-likert')).toBeTruthy();
    expect(screen.getByTestId('step-1-answer-2-text')).toBeTruthy();
    expect(screen.getByTestId('step-1-answer-3-choice')).toBeTruthy();
    expect(screen.getByTestId('step-1-answer-4-choice')).toBeTruthy();
    expect(screen.getByTestId('step-1-answer-5-date-format')).toBeTruthy();
    // New questions take ids not used in the form (q1, q2 are).
    expect((screen.getByTestId('step-1-answer-0-id') as HTMLInputElement).value).toBe('q3');

    fireEvent.click(screen.getByTestId('step-1-answer-0-down'));
    expect(screen.getByTestId('step-1-answer-0-likert')).toBeTruthy();
    expect(screen.getByTestId('step-1-answer-1-histo')).toBeTruthy();

    fireEvent.change(screen.getByTestId('step-1-title-en'), { target: { value: 'Second page' } });
    fireEvent.click(screen.getByTestId('step-1-up'));
    expect((screen.getByTestId('step-0-title-en') as HTMLInputElement).value).toBe('Second page');

    fireEvent.click(screen.getByTestId('step-0-remove'));
    expect(await screen.findByTestId('designer-remove-dialog')).toBeTruthy();
    expect(screen.getByTestId('step-1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('designer-remove-confirm'));
    await waitFor(() => expect(screen.queryByTestId('step-1')).toBeNull());
    expect((screen.getByTestId('step-0-title-en') as HTMLInputElement).value).toBe('Your week');

    fireEvent.click(screen.getByTestId('step-0-answer-1-remove'));
    fireEvent.click(await screen.findByTestId('designer-remove-confirm'));
    await waitFor(() => expect(screen.queryByTestId('step-0-answer-1')).toBeNull());
  });

  it('offers a condition only the answers that come before what it shows', async () => {
    serve();
    editor();
    // The first question has nothing before it.
    const firstToggle = (await screen.findByTestId('step-0-answer-0-condition-toggle')) as HTMLInputElement;
    expect(firstToggle.disabled).toBe(true);
    expect(screen.getByTestId('step-0-answer-0-condition-rule').textContent).toMatch(/No earlier answer/);
    // The second reads the first only, and says why.
    fireEvent.click(screen.getByTestId('step-0-answer-1-condition-toggle'));
    const answer = (await screen.findByTestId('step-0-answer-1-condition-root-answer')) as HTMLSelectElement;
    expect([...answer.options].map((o) => o.value)).toEqual(['q1']);
    expect(screen.getByTestId('step-0-answer-1-condition-rule').textContent).toBe(
      'A question’s condition can only read answers that come before it.',
    );
    fireEvent.change(screen.getByTestId('step-0-answer-1-condition-root-operator'), {
      target: { value: 'equals' },
    });
    fireEvent.change(screen.getByTestId('step-0-answer-1-condition-root-value'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(called('PUT', FORM_PATH)).toBe(true));
    const body = sent('PUT', FORM_PATH) as Form;
    expect(body.steps[0]?.answers[1]?.displayCondition).toEqual({
      operator: 'equals',
      answerId: 'q1',
      value: 5,
    });
  });

  it('caps a likert scale at 11 points', async () => {
    serve();
    editor();
    const points = (await screen.findByTestId('step-0-answer-0-points')) as HTMLInputElement;
    expect(points.value).toBe('7');
    for (let i = 0; i < 4; i += 1) fireEvent.click(screen.getByTestId('step-0-answer-0-add-point'));
    expect(screen.getByTestId('step-0-answer-0-option-10')).toBeTruthy();
    expect((screen.getByTestId('step-0-answer-0-add-point') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('step-0-answer-0-points-max').textContent).toBe(
      'A likert scale has at most 11 points.',
    );
    expect(screen.queryByTestId('step-0-answer-0-option-11')).toBeNull();
  });

  it('blocks saving a page without title and description and a question without title, with the spec’s messages', async () => {
    serve();
    editor();
    fireEvent.click(await screen.findByTestId('designer-add-step'));
    fireEvent.click(await screen.findByTestId('step-1-add-answer'));
    fireEvent.click(screen.getByTestId('editor-save'));
    const summary = await screen.findByTestId('editor-problems');
    expect(within(summary).getByText('A page needs a title.')).toBeTruthy();
    expect(within(summary).getByText('A page needs a description.')).toBeTruthy();
    expect(within(summary).getByText('A question needs a title.')).toBeTruthy();
    expect(within(screen.getByTestId('step-1-title')).getByText('A page needs a title.')).toBeTruthy();
    expect(
      within(screen.getByTestId('step-1-answer-0-title')).getByText('A question needs a title.'),
    ).toBeTruthy();
    expect(called('PUT', FORM_PATH)).toBe(false);
  });

  it('shows the server’s field errors on their fields', async () => {
    serve({
      put: () => jsonResponse(400, { errors: [{ key: 'required', field: 'body.steps.0.answers.1.title' }] }),
    });
    editor();
    fireEvent.click(await screen.findByTestId('editor-save'));
    const field = screen.getByTestId('step-0-answer-1-title');
    expect(await within(field).findByText('A question needs a title.')).toBeTruthy();
  });

  it('offers to reload when someone else saved the form meanwhile', async () => {
    serve({ put: () => jsonResponse(409, { key: 'conflict' }) });
    editor();
    fireEvent.click(await screen.findByTestId('editor-save'));
    expect(await screen.findByTestId('editor-conflict')).toBeTruthy();
    expect(screen.getByTestId('editor-reload')).toBeTruthy();
  });

  it('previews the form being edited with the real runner, in each of its languages', async () => {
    serve();
    editor();
    fireEvent.change(await screen.findByTestId('step-0-answer-0-title-en'), {
      target: { value: 'How was your month?' },
    });
    fireEvent.click(screen.getByTestId('editor-tab-preview'));
    const preview = await screen.findByTestId('preview');
    expect(await within(preview).findByText('How was your month?', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('preview-notice')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('preview-language')).getByText('Français'));
    expect(
      await within(preview).findByText('Comment était votre semaine ?', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('fills the other languages from the first one with auto-translate', async () => {
    serve();
    editor();
    fireEvent.change(await screen.findByTestId('step-0-answer-0-title-en'), { target: { value: 'Energy' } });
    fireEvent.click(screen.getByTestId('step-0-answer-0-title-translate'));
    await waitFor(() =>
      expect((screen.getByTestId('step-0-answer-0-title-fr') as HTMLInputElement).value).toBe('FR Energy'),
    );
    expect(sent('POST', '/v1/translations')).toEqual({ text: 'Energy', lang: 'en', targets: ['fr'] });
    expect(screen.queryByTestId('step-0-answer-0-title-not-translated')).toBeNull();
  });

  it('says the local stack copied the text rather than translating it', async () => {
    serve({ translated: false });
    editor();
    fireEvent.change(await screen.findByTestId('step-0-answer-0-title-en'), { target: { value: 'Energy' } });
    fireEvent.click(screen.getByTestId('step-0-answer-0-title-translate'));
    expect(await screen.findByTestId('step-0-answer-0-title-not-translated')).toBeTruthy();
    expect(
      screen.getByText('Not translated (local stack): the text was copied, translate it yourself.'),
    ).toBeTruthy();
    expect((screen.getByTestId('step-0-answer-0-title-fr') as HTMLInputElement).value).toBe('Energy');
  });
});
