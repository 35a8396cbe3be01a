import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach } from 'vitest';
import { cssVariablesResolver, theme } from '../app/providers';
import i18n from '../i18n';
import { setConfig } from '../lib/config';
import { storedSessionKey, testConfig } from './fixtures';

export { authError, jsonResponse, storedSessionKey, testConfig } from './fixtures';

afterEach(() => cleanup());

/** Shows where the router is, so a test can tell that a page navigated. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders one page at `path` with the app's providers; other paths render the location probe. */
export function renderPage(
  element: ReactElement,
  {
    path = '/',
    entry = path,
    state,
    queryClient = newQueryClient(),
  }: { path?: string; entry?: string; state?: unknown; queryClient?: QueryClient } = {},
) {
  setConfig(testConfig);
  storedSessionKey();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <QueryClientProvider client={queryClient}>
          <MemoryRouter
            initialEntries={[
              {
                pathname: entry.split('?')[0],
                search: entry.includes('?') ? `?${entry.split('?')[1]}` : '',
                state,
              },
            ]}
          >
            {children}
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
  return {
    queryClient,
    ...render(
      <Routes>
        <Route path={path} element={element} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>,
      { wrapper },
    ),
  };
}
