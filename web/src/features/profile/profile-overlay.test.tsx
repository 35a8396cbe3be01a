// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import i18n from '../../i18n';
import { meFixture } from '../../test/me';
import { jsonResponse, renderPage } from '../../test/render';
import ProfileOverlay from './profile-overlay';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const done = vi.fn();

function renderOverlay() {
  return renderPage(<ProfileOverlay params={new URLSearchParams()} done={done} close={vi.fn()} />);
}

describe('profile overlay', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(fetchAuthSession).mockResolvedValue({
      tokens: { accessToken: { toString: () => 'access-1' } },
    } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
    await i18n.changeLanguage('fr');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('fr');
  });

  it('refuses an empty first name with the translated required message, without calling the API', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, meFixture()));
    renderOverlay();
    fireEvent.change(await screen.findByTestId('profile-first-name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Ce champ est requis.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('saves the profile, switches the interface to the chosen language at once and ends the step', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, meFixture()));
    renderOverlay();
    fireEvent.change(await screen.findByTestId('profile-first-name'), { target: { value: 'Adèle' } });
    fireEvent.change(screen.getByTestId('profile-locale'), { target: { value: 'en' } });
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { ...meFixture().profile, firstName: 'Adèle', locale: 'en' }),
    );
    fetchMock.mockResolvedValue(jsonResponse(200, meFixture()));
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(String(url)).toBe('http://127.0.0.1:4010/v1/profile');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ firstName: 'Adèle', unit: 'metric', locale: 'en' });
    expect(i18n.language).toBe('en');
  });

  it('shows a server refusal on its field', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, meFixture()));
    renderOverlay();
    await screen.findByTestId('profile-first-name');
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, {
        key: 'error',
        errors: [{ key: 'value-out-of-range-error', field: 'body.birthdate' }],
      }),
    );
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Valeur hors limites.')).toBeTruthy();
    expect(done).not.toHaveBeenCalled();
  });
});
