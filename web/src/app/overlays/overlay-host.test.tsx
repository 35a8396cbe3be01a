// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { fetchAuthSession } from 'aws-amplify/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { meFixture } from '../../test/me';
import { LocationProbe, jsonResponse, newQueryClient, storedSessionKey, testConfig } from '../../test/render';
import { setConfig } from '../../lib/config';
import { cssVariablesResolver, theme } from '../providers';
import { OverlayHost } from './overlay-host';
import { registerOverlay, type OverlayProps } from '../../lib/overlays';

function DemoOverlay({ done }: OverlayProps) {
  return (
    <button type="button" onClick={done}>
      next
    </button>
  );
}
registerOverlay('host-test-a', { titleKey: 'common.close', load: async () => ({ default: DemoOverlay }) });
registerOverlay('host-test-b', { titleKey: 'common.retry', load: async () => ({ default: DemoOverlay }) });
registerOverlay('host-test-registered', {
  titleKey: 'common.close',
  route: 'addEmail',
  audience: 'registered',
  load: async () => ({ default: DemoOverlay }),
});

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
type Session = Awaited<ReturnType<typeof fetchAuthSession>>;
const signedIn = { tokens: { accessToken: { toString: () => 'access-1' } } } as unknown as Session;

function renderAt(entries: string[], queryClient = newQueryClient()) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
            <OverlayHost />
            <LocationProbe />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('overlay host', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('Escape closes the overlay and goes back in history', async () => {
    renderAt(['/?lang=en', '/?lang=en&show=host-test-a']);
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(location()).toBe('/?lang=en');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opened by a direct link, closing keeps the page and its other parameters', async () => {
    renderAt(['/?noMatch=1&show=host-test-a']);
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(location()).toBe('/?noMatch=1');
  });

  it('finishing a step opens the next one, then closes after the last', async () => {
    renderAt(['/', '/?show=host-test-a,host-test-b']);
    expect((await screen.findByRole('dialog')).textContent).toContain('Close');
    fireEvent.click(await screen.findByRole('button', { name: 'next' }));
    await waitFor(() => expect(location()).toBe('/?show=host-test-b'));
    expect((await screen.findByRole('dialog')).textContent).toContain('Try again');
    fireEvent.click(await screen.findByRole('button', { name: 'next' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('an unknown overlay opens nothing', () => {
    renderAt(['/?show=not-registered']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a registered-only overlay opens for a registered user, never for a guest', async () => {
    setConfig(testConfig);
    storedSessionKey();
    vi.mocked(fetchAuthSession).mockResolvedValue(signedIn);
    const isGuest = { value: true };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(200, meFixture({ profile: { ...meFixture().profile, isGuest: isGuest.value } })),
      ),
    );
    const queryClient = newQueryClient();
    const guest = renderAt(['/?show=host-test-registered'], queryClient);
    await waitFor(() => expect(queryClient.getQueryData(['me'])).toBeDefined());
    expect(screen.queryByRole('dialog')).toBeNull();
    guest.unmount();

    isGuest.value = false;
    renderAt(['/?show=host-test-registered']);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
