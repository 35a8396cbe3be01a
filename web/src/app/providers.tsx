import type { ReactNode } from 'react';
import { MantineProvider, Notification, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18n from '../i18n';

/**
 * Mantine's default light shades (6) give white-on-blue buttons and red or grey texts a contrast
 * near 3.3:1; shade 9 and grey 7 reach WCAG AA (4.5:1) on white and on light alert backgrounds.
 */
export const theme = createTheme({
  // A person who asked their system for less motion gets no transitions.
  respectReducedMotion: true,
  // The calm quadrant's blue (shared/charts/palette.ts) in ten shades. Shade 9, the one every
  // colour uses for text and filled buttons here (AA on white and on light backgrounds), is that
  // blue: white on it reads at 6.9:1.
  colors: {
    brand: [
      '#eaf2fb',
      '#d4e4f5',
      '#a9c8ea',
      '#7aaadf',
      '#5391d5',
      '#3a82cf',
      '#2b76c3',
      '#2469b0',
      '#2063a4',
      '#1c5d99',
    ],
  },
  primaryColor: 'brand',
  primaryShade: { light: 9, dark: 8 },
  defaultRadius: 'md',
  // The system's own interface font, so text is sharp and loads with the page on every device.
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', Arial, sans-serif",
  headings: { fontWeight: '650' },
  components: {
    // Under a title, Mantine greys a toast's text to shade 6 (3.3:1 on white): shade 8 reads at AA.
    Notification: Notification.extend({ styles: { description: { color: 'var(--mantine-color-gray-8)' } } }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

/** Everything a screen needs around it: theme, toasts, translations and the query cache. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        {/* At the bottom: a toast never covers the top bar's buttons. */}
        <Notifications position="bottom-right" />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
