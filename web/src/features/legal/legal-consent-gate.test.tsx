// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import type { LegalConsent } from '@shared/contracts/me';
import i18n from '../../i18n';
import { jsonResponse, renderPage } from '../../test/render';
import { LegalConsentGate } from './legal-consent-gate';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function consent(documentType: LegalConsent['documentType'], status: LegalConsent['status']): LegalConsent {
  return {
    documentType,
    version: '2',
    lang: 'fr',
    path: `/legal/${documentType}-2-fr.html`,
    publishedOn: '2026-01-01T00:00:00.000Z',
    status,
  };
}

describe('legal consent gate', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(fetchAuthSession).mockResolvedValue({
      tokens: { accessToken: { toString: () => 'access-1' } },
    } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
    await i18n.changeLanguage('fr');
  });

  it('shows nothing when every document is accepted', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, [consent('terms-of-use', 'accepted')]));
    renderPage(<LegalConsentGate />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('legal-consent-modal')).toBeNull();
  });

  it('asks nothing on the sign-in page', async () => {
    renderPage(<LegalConsentGate />, { path: '/login' });
    await new Promise((r) => setTimeout(r, 0));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists the pending documents with their links; Accept is enabled once all are ticked and sends the current versions', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, [consent('terms-of-use', 'pending'), consent('privacy-policy', 'pending')]),
    );
    renderPage(<LegalConsentGate />);
    const link = await screen.findByTestId('legal-link-terms-of-use');
    expect(link.getAttribute('href')).toBe('/legal/terms-of-use-2-fr.html');
    expect(link.getAttribute('target')).toBe('_blank');
    const accept = screen.getByTestId('legal-accept') as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("J'ai lu et j'accepte : Conditions d'utilisation"));
    expect(accept.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("J'ai lu et j'accepte : Politique de confidentialité"));
    expect(accept.disabled).toBe(false);

    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, [consent('terms-of-use', 'accepted'), consent('privacy-policy', 'accepted')]),
    );
    fireEvent.click(accept);
    await waitFor(() => expect(screen.queryByTestId('legal-consent-modal')).toBeNull());
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(String(url)).toBe('http://127.0.0.1:4010/v1/me/legal-consents');
    expect(JSON.parse(String(init?.body))).toEqual([
      { documentType: 'terms-of-use', version: '2', lang: 'fr' },
      { documentType: 'privacy-policy', version: '2', lang: 'fr' },
    ]);
  });

  it('Denied signs out and goes to the sign-in page', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, [consent('terms-of-use', 'pending')]));
    renderPage(<LegalConsentGate />);
    fireEvent.click(await screen.findByTestId('legal-deny'));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(signOut).toHaveBeenCalled();
  });
});
