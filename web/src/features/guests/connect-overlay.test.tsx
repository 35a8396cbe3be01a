// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut } from 'aws-amplify/auth';
import i18n from '../../i18n';
import { renderPage } from '../../test/render';
import ConnectOverlay from './connect-overlay';
import { readGuestCredentials, storeGuestCredentials } from './guest-credentials';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const props = () => ({ params: new URLSearchParams(), done: vi.fn(), close: vi.fn() });

describe('connect overlay', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    window.localStorage.clear();
    storeGuestCredentials({ username: 'guest-1', secret: 's3cret' });
    await i18n.changeLanguage('fr');
  });

  it('says guest mode ends and the guest session stays resumable on this device', () => {
    renderPage(<ConnectOverlay {...props()} />);
    const text = screen.getByTestId('connect-overlay').textContent ?? '';
    expect(text).toContain(i18n.t('guests.connect.text'));
    expect(text).toContain(i18n.t('guests.connect.kept'));
  });

  it('signs out to the sign-in page, keeping the guest credentials to resume later', async () => {
    renderPage(<ConnectOverlay {...props()} />, { entry: '/?show=connect' });
    fireEvent.click(screen.getByTestId('connect-confirm'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(signOut).toHaveBeenCalled();
    expect(readGuestCredentials()).toEqual({ username: 'guest-1', secret: 's3cret' });
  });

  it('cancel only closes', () => {
    const overlay = props();
    renderPage(<ConnectOverlay {...overlay} />);
    fireEvent.click(screen.getByTestId('connect-cancel'));
    expect(overlay.close).toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
  });
});
