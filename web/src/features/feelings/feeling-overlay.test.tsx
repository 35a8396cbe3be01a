// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import { defineRules } from '@shared/domain/ability';
import i18n from '../../i18n';
import { meFixture } from '../../test/me';
import { jsonResponse, renderPage } from '../../test/render';
import { registerOverlay } from '../../lib/overlays';
import FeelingOverlay from './feeling-overlay';

// The chat feature's overlays, as the app registers them: the toast links only to what exists.
for (const name of ['chat', 'safety'])
  registerOverlay(name, { titleKey: 'feelings.title', load: () => Promise.resolve({ default: () => null }) });

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const done = vi.fn();
const word = (id: string, color: string, en: string) => ({
  id,
  color,
  label: { fr: en, en, nl: en },
  description: { fr: `${en}.`, en: `Feeling ${en.toLowerCase()}.`, nl: `${en}.` },
});
const WORDS = [
  word('joyful', 'yellow', 'Joyful'),
  word('calm', 'green', 'Calm'),
  word('tense', 'red', 'Tense'),
];

/** Goal rankings as GET /v1/forms/goal-rankings answers them: health ranked 2, the rest unranked. */
const RANKINGS = {
  formId: 'goal-ranking',
  rankings: { health: 2, family: 20, social: 20 },
  start: '2023-01-01T00:00:00.000Z',
  end: '2026-12-31T23:59:59.999Z',
};

function serve({
  essentials = false,
  create = jsonResponse(201, { id: 'f-1', color: 'red', value: -0.7, energy: 0.9 }),
} = {}) {
  const facts = {
    userId: 'user-1',
    isGuest: false,
    globalRoles: [],
    superAdminMode: false,
    spheres: [],
    sessions: [],
  } as const;
  const subscription = essentials ? 'essentials' : 'starter';
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/v1/me'))
      return jsonResponse(
        200,
        meFixture({ ability: { subscription, rules: defineRules({ ...facts, subscription }) } }),
      );
    if (url.endsWith('/v1/feelings/definitions/words'))
      return jsonResponse(200, { count: WORDS.length, items: WORDS, max: 100, offset: 0 });
    if (url.endsWith('/v1/feelings') && init?.method === 'POST') return create.clone();
    if (url.endsWith('/v1/forms/goal-rankings')) return jsonResponse(200, RANKINGS);
    return jsonResponse(404, { key: 'not-found' });
  });
}

const posted = () => {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => String(url).endsWith('/v1/feelings') && init?.method === 'POST',
  );
  return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : undefined;
};

describe('feeling overlay', () => {
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

  it('enables Save only once pleasant or not and both histograms are chosen, then records the computed reading', async () => {
    serve();
    renderPage(<FeelingOverlay params={new URLSearchParams('mode=bad')} done={done} close={vi.fn()} />);
    const save = screen.getByTestId('feeling-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('intensity-step-7'));
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('energy-step-9'));
    expect(save.disabled).toBe(false);
    // The words of the red quadrant (unpleasant, high energy) only.
    expect(await screen.findByTestId('word-tense')).toBeTruthy();
    expect(screen.queryByTestId('word-joyful')).toBeNull();
    fireEvent.click(screen.getByText('Tense'));
    expect(screen.getByTestId('word-description').textContent).toContain('Feeling tense.');
    fireEvent.click(screen.getByTestId('note-add'));
    fireEvent.change(screen.getByTestId('note-text-0'), { target: { value: 'Deadline tomorrow' } });
    fireEvent.change(screen.getByTestId('note-type-0'), { target: { value: 'professional' } });
    fireEvent.click(save);
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(posted()).toMatchObject({
      value: -0.7,
      energy: 0.9,
      wordId: 'tense',
      evaluationPeriod: { value: 0, type: 'none' },
      geoPoint: { latitude: 0, longitude: 0 },
      personalNotes: [{ value: 'Deadline tomorrow', type: 'professional' }],
      goals: [],
    });
    expect(typeof posted()?.locale).toBe('string');
  });

  it('keeps everything entered when saving fails', async () => {
    serve({ create: jsonResponse(500, { key: 'error' }) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(<FeelingOverlay params={new URLSearchParams('mode=good')} done={done} close={vi.fn()} />);
    fireEvent.click(screen.getByTestId('intensity-step-3'));
    fireEvent.click(screen.getByTestId('energy-step-2'));
    fireEvent.click(screen.getByTestId('feeling-save'));
    await waitFor(() => expect(posted()).toBeDefined());
    await waitFor(() =>
      expect((screen.getByTestId('feeling-save') as HTMLButtonElement).disabled).toBe(false),
    );
    expect(done).not.toHaveBeenCalled();
    expect((screen.getByTestId('intensity-step-3') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('energy-step-2') as HTMLInputElement).checked).toBe(true);
  });

  it('tells a starter user that goals are part of Essentials, and lets an Essentials user add one', async () => {
    serve();
    const first = renderPage(<FeelingOverlay params={new URLSearchParams()} done={done} close={vi.fn()} />);
    expect((await screen.findByTestId('goals-reserved')).textContent).toContain('Essentials');
    first.unmount();
    serve({ essentials: true });
    renderPage(<FeelingOverlay params={new URLSearchParams()} done={done} close={vi.fn()} />);
    fireEvent.change(await screen.findByTestId('goal-add'), { target: { value: 'health' } });
    expect((screen.getByTestId('goal-level-health') as HTMLSelectElement).value).toBe('1');
  });

  it('offers the goals ranked 5 or better first, highlighted, and records the ranking of a goal added', async () => {
    serve({ essentials: true });
    renderPage(<FeelingOverlay params={new URLSearchParams('mode=good')} done={done} close={vi.fn()} />);
    const add = await screen.findByTestId('goal-add');
    await waitFor(() => expect(add.querySelectorAll('option')[1]?.textContent).toBe('Health (priority 2)'));
    fireEvent.change(add, { target: { value: 'health' } });
    expect(screen.getByTestId('goal-ranking-health').textContent).toBe('priority 2');
    fireEvent.change(screen.getByTestId('goal-add'), { target: { value: 'family' } });
    expect(screen.queryByTestId('goal-ranking-family')).toBeNull();
    fireEvent.click(screen.getByTestId('intensity-step-3'));
    fireEvent.click(screen.getByTestId('energy-step-2'));
    fireEvent.click(screen.getByTestId('feeling-save'));
    await waitFor(() => expect(posted()).toBeDefined());
    expect(posted()?.goals).toEqual([
      { id: 'health', level: 1, ranking: 2 },
      { id: 'family', level: 1, ranking: 20 },
    ]);
  });

  it('does not ask a starter user’s goal rankings', async () => {
    serve();
    renderPage(<FeelingOverlay params={new URLSearchParams()} done={done} close={vi.fn()} />);
    await screen.findByTestId('goals-reserved');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/v1/forms/goal-rankings'))).toBe(false);
  });

  it('names each histogram step for screen readers', () => {
    serve();
    renderPage(<FeelingOverlay params={new URLSearchParams()} done={done} close={vi.fn()} />);
    expect(screen.getByTestId('intensity-step-7').getAttribute('aria-label')).toBe('7 of 10');
    expect(screen.getByRole('group', { name: 'How strong is it?' })).toBeTruthy();
  });

  it('after a hard feeling, the toast offers the assistant to Essentials users, and help now after the lowest reading', async () => {
    const show = vi.spyOn(notifications, 'show');
    const toastLinks = async () => {
      await waitFor(() => expect(show).toHaveBeenCalled());
      const message = show.mock.calls.at(-1)?.[0].message as ReactNode;
      const toast = renderPage(<div data-testid="toast">{message}</div>);
      const ids = within(toast.getByTestId('toast'))
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-testid'));
      toast.unmount();
      return ids;
    };
    serve({
      essentials: true,
      create: jsonResponse(201, { id: 'f-9', color: 'blue', value: -1, energy: 0.1 }),
    });
    const first = renderPage(
      <FeelingOverlay params={new URLSearchParams('mode=bad')} done={done} close={vi.fn()} />,
    );
    fireEvent.click(screen.getByTestId('intensity-step-10'));
    fireEvent.click(screen.getByTestId('energy-step-1'));
    // The goals editor shows once the account's rights are read (the chat link needs them too).
    await screen.findByTestId('goal-add');
    fireEvent.click(screen.getByTestId('feeling-save'));
    expect(await toastLinks()).toEqual([
      'feeling-saved-help-now',
      'feeling-saved-detail',
      'feeling-saved-help',
      'feeling-saved-chat',
    ]);
    first.unmount();

    show.mockClear();
    serve({ create: jsonResponse(201, { id: 'f-8', color: 'red', value: -0.7, energy: 0.9 }) });
    renderPage(<FeelingOverlay params={new URLSearchParams('mode=bad')} done={done} close={vi.fn()} />);
    fireEvent.click(screen.getByTestId('intensity-step-7'));
    fireEvent.click(screen.getByTestId('energy-step-9'));
    fireEvent.click(screen.getByTestId('feeling-save'));
    expect(await toastLinks()).toEqual(['feeling-saved-detail', 'feeling-saved-help']);
  });
});
