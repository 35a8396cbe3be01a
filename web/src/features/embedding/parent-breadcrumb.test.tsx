// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { theme } from '../../app/providers';
import i18n from '../../i18n';
import { setConfig } from '../../lib/config';
import type { AppParentBridge, ParentBridgeState } from '../../lib/parent-bridge-app';
import { testConfig } from '../../test/fixtures';
import { ParentBridgeProvider, useAppMode } from './app-mode';
import { ParentBreadcrumb } from './parent-breadcrumb';

/** A bridge whose state the test sets, as the parent's messages would. */
function fakeBridge(initial: ParentBridgeState) {
  let state = initial;
  const listeners = new Set<() => void>();
  const bridge: AppParentBridge = {
    mode: Promise.resolve(initial.mode),
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => undefined,
  };
  return {
    bridge,
    set(next: Partial<ParentBridgeState>) {
      state = { ...state, ...next };
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function ModeProbe() {
  return <output data-testid="mode">{useAppMode()}</output>;
}

function renderWith(bridge: AppParentBridge | undefined) {
  const content = (
    <>
      <ModeProbe />
      <ParentBreadcrumb />
    </>
  );
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <MemoryRouter>
          {bridge ? <ParentBridgeProvider bridge={bridge}>{content}</ParentBridgeProvider> : content}
        </MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );
}

beforeEach(async () => {
  setConfig({ ...testConfig, parentOrigins: ['https://portal.example.com'] });
  await i18n.changeLanguage('en');
});
afterEach(() => cleanup());

describe('embedded in a parent window', () => {
  it("is the 'legacy' mode with no breadcrumb outside the bridge", () => {
    renderWith(undefined);
    expect(screen.getByTestId('mode').textContent).toBe('legacy');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it("shows the parent's breadcrumb in a named navigation, the last item as the current page", () => {
    const fake = fakeBridge({ mode: 'new', breadcrumb: undefined });
    renderWith(fake.bridge);
    expect(screen.getByTestId('mode').textContent).toBe('new');
    expect(screen.queryByRole('navigation')).toBeNull();
    fake.set({
      breadcrumb: [
        { label: 'Portal', href: 'https://portal.example.com/home' },
        { label: 'Elsewhere', href: 'https://evil.example/' },
        { label: 'Wellbeing', href: '/' },
        { label: 'Sign in', href: '/login' },
      ],
    });
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav).toBeTruthy();
    const portal = screen.getByRole('link', { name: 'Portal' });
    expect(portal.getAttribute('href')).toBe('https://portal.example.com/home');
    expect(portal.getAttribute('target')).toBe('_top');
    // An address outside the allowed parents is not a link.
    expect(screen.queryByRole('link', { name: 'Elsewhere' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Wellbeing' }).getAttribute('href')).toBe('/');
    expect(screen.getByText('Sign in').getAttribute('aria-current')).toBe('page');
    fake.set({ breadcrumb: undefined });
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
