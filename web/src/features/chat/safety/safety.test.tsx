// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import i18n from '../../../i18n';
import type * as TableExport from '../../../lib/table-export';
import { saveBlob } from '../../../lib/table-export';
import { expectNoAxeViolations } from '../../../test/axe';
import { serveChat } from '../../../test/chat-server';
import { renderPage } from '../../../test/render';
import SafetyOverlay from '../safety-overlay';
import { safetyPlanText, emptySafetyPlan } from './safety-plan';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
vi.mock('../../../lib/table-export', async (actual) => ({
  ...(await actual<typeof TableExport>()),
  saveBlob: vi.fn(),
}));

const fetchMock = vi.fn<typeof fetch>();
const KEY = 'wellbeing.safety-plan.user-1';

const overlay = () => <SafetyOverlay />;

beforeEach(async () => {
  vi.clearAllMocks();
  window.localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-1' } },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  serveChat(fetchMock, {});
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('fr');
});

describe('the safety step', () => {
  it('shows the lines of the browser’s country first, emergency numbers first, each with hours, cost and a link that dials', async () => {
    vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('fr-FR');
    renderPage(overlay());
    const lines = await screen.findByTestId('crisis-lines');
    expect(await screen.findByTestId('safety-plan')).toBeTruthy();
    expect((screen.getByTestId('crisis-country') as HTMLSelectElement).value).toBe('FR');
    const items = within(lines).getAllByTestId(/^crisis-line-/);
    expect(items.map((item) => item.getAttribute('data-testid'))).toEqual([
      'crisis-line-fr-samu-15',
      'crisis-line-fr-112',
      'crisis-line-fr-114',
      'crisis-line-fr-3114',
      'crisis-line-fr-sos-amitie',
    ]);
    const samu = screen.getByTestId('crisis-line-fr-samu-15');
    expect(samu.textContent).toContain('Emergency');
    expect(samu.textContent).toContain('Day and night, every day · Free call');
    expect(screen.getByTestId('crisis-call-fr-samu-15').getAttribute('href')).toBe('tel:15');
    // The 114 is reached by text, not by a voice call.
    expect(screen.queryByTestId('crisis-call-fr-114')).toBeNull();
    expect(screen.getByTestId('crisis-sms-fr-114').getAttribute('href')).toBe('sms:114');
    expect(screen.getByTestId('crisis-line-fr-sos-amitie').textContent).toContain('Cost not known');
    expect(screen.getByRole('link', { name: 'Chat online – S.O.S Amitié' }).getAttribute('href')).toBe(
      'https://www.sos-amitie.com',
    );

    fireEvent.change(screen.getByTestId('crisis-country'), { target: { value: 'LU' } });
    expect(screen.getByTestId('crisis-call-lu-112').getAttribute('href')).toBe('tel:112');
    expect(screen.getByTestId('crisis-line-lu-sos-detresse').textContent).toContain(
      'Some details of this line could not be confirmed',
    );
    expect(screen.getByTestId('safety-call-112').getAttribute('href')).toBe('tel:112');
    await expectNoAxeViolations();
  });

  it('starts with Belgium when the browser names no country of the product', async () => {
    vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('en-GB');
    renderPage(overlay());
    expect(((await screen.findByTestId('crisis-country')) as HTMLSelectElement).value).toBe('BE');
    // The plan waits for the account it is kept under.
    expect(await screen.findByTestId('safety-plan')).toBeTruthy();
  });

  it('keeps the safety plan on this device only when asked, downloads it as text and clears it', async () => {
    renderPage(overlay());
    const plan = await screen.findByTestId('safety-plan');
    expect(plan.textContent).toContain('Your plan stays on this device only');
    fireEvent.change(screen.getByLabelText(/My warning signs/), { target: { value: 'I stop answering' } });
    fireEvent.change(screen.getByLabelText(/People I can call/), { target: { value: 'Léa 0470 00 00 00' } });
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(screen.getByTestId('safety-plan-status').textContent).toContain('Changes not kept yet');
    fireEvent.click(screen.getByRole('button', { name: 'Keep on this device' }));
    expect(JSON.parse(window.localStorage.getItem(KEY) ?? '{}')).toEqual({
      warningSigns: 'I stop answering',
      whatHelps: '',
      people: 'Léa 0470 00 00 00',
      safePlaces: '',
    });
    expect(screen.getByTestId('safety-plan-status').textContent).toBe('Kept on this device.');

    fireEvent.click(screen.getByRole('button', { name: 'Download as text' }));
    const [blob, name] = vi.mocked(saveBlob).mock.calls[0] ?? [];
    expect(name).toBe('my-safety-plan.txt');
    const text = await (blob as Blob).text();
    expect(text).toContain('My warning signs\nI stop answering');
    expect(text).toContain('Safe places\n—');

    fireEvent.click(screen.getByTestId('safety-plan-clear'));
    fireEvent.click(await screen.findByTestId('safety-plan-clear-confirm'));
    await waitFor(() => expect(window.localStorage.getItem(KEY)).toBeNull());
    expect((screen.getByLabelText(/My warning signs/) as HTMLTextAreaElement).value).toBe('');
    await expectNoAxeViolations();
  });

  it('finds the plan kept earlier on this device', async () => {
    window.localStorage.setItem(KEY, JSON.stringify({ ...emptySafetyPlan(), safePlaces: 'My sister’s' }));
    renderPage(overlay());
    await waitFor(() =>
      expect((screen.getByLabelText(/Safe places/) as HTMLTextAreaElement).value).toBe('My sister’s'),
    );
    expect(screen.getByTestId('safety-plan-status').textContent).toBe('Kept on this device.');
  });

  it('writes the plan as a text file with every heading', () => {
    const labels = {
      title: 'My plan',
      warningSigns: 'Signs',
      whatHelps: 'Helps',
      people: 'People',
      safePlaces: 'Places',
    };
    expect(safetyPlanText({ ...emptySafetyPlan(), people: ' Léa ' }, labels)).toBe(
      'My plan\n\nSigns\n—\n\nHelps\n—\n\nPeople\nLéa\n\nPlaces\n—\n',
    );
  });
});
