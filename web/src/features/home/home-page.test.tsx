// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import i18n from '../../i18n';
import { meFixture } from '../../test/me';
import { jsonResponse, renderPage } from '../../test/render';
import HomePage from './home-page';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

describe('home page', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(fetchAuthSession).mockResolvedValue({
      tokens: { accessToken: { toString: () => 'access-1' } },
    } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
    await i18n.changeLanguage('fr');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('greets the user by first name with the primary email and today as DD/MM/YYYY', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 7, 10, 0));
    fetchMock.mockResolvedValue(jsonResponse(200, meFixture()));

    renderPage(<HomePage />);

    expect(screen.getByTestId('home-loading')).toBeTruthy();
    expect((await screen.findByTestId('home-greeting')).textContent).toBe('Bonjour Ada');
    expect(screen.getByTestId('home-email').textContent).toBe('Adresse principale : ada@example.com');
    expect(screen.getByTestId('home-date').textContent).toBe('Nous sommes le 07/03/2025.');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('http://127.0.0.1:4010/v1/me');
  });

  it('greets someone without a first name (a guest) without a dangling space', async () => {
    const me = meFixture();
    fetchMock.mockResolvedValue(jsonResponse(200, { ...me, profile: { ...me.profile, firstName: '' } }));
    renderPage(<HomePage />);
    expect((await screen.findByTestId('home-greeting')).textContent).toBe('Bonjour');
  });

  it('shows no empty sphere or group box to someone who belongs to none', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, meFixture()));
    renderPage(<HomePage />);
    await screen.findByTestId('home-greeting');
    expect(screen.queryByTestId('home-spheres')).toBeNull();
    expect(screen.queryByTestId('home-sessions')).toBeNull();
  });

  it('shows the error with a retry that loads the space again', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { key: 'forbidden' }));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, meFixture()));
    renderPage(<HomePage />);

    const error = await screen.findByTestId('home-error');
    expect(error.textContent).toContain('Impossible de charger votre espace.');
    expect(error.textContent).toContain('Accès refusé');

    fireEvent.click(screen.getByTestId('retry'));
    expect((await screen.findByTestId('home-greeting')).textContent).toBe('Bonjour Ada');
  });

  it('shows a dismissible "page not found" notice after an unknown path', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, meFixture()));
    renderPage(<HomePage />, { entry: '/?noMatch=1' });

    const notice = await screen.findByTestId('not-found-notice');
    expect(notice.textContent).toContain('Page introuvable');
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByTestId('not-found-notice')).toBeNull();
  });

  it('follows a language change at once', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, meFixture()));
    renderPage(<HomePage />);
    await screen.findByTestId('home-greeting');
    await act(() => i18n.changeLanguage('nl'));
    expect(screen.getByTestId('home-greeting').textContent).toBe('Hallo Ada');
  });
});
