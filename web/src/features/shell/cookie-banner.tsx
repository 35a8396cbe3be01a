import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

export const COOKIES_STORAGE_KEY = 'cookiesAccepted';

function accepted(): boolean {
  try {
    return window.localStorage.getItem(COOKIES_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * Cookie notice until accepted (spec 01 §2). The app keeps only strictly necessary data in the
 * browser (session, language, these choices), so there is nothing to refuse: the notice informs.
 * It sits at the bottom of the screen as a labelled region, never a modal: focus stays free, and
 * a spacer of its height keeps the end of the page reachable above it.
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => !accepted());
  const { ref, height } = useElementSize<HTMLElement>();
  if (!visible) return null;

  const accept = () => {
    try {
      window.localStorage.setItem(COOKIES_STORAGE_KEY, 'true');
    } catch {
      // Storage disabled: the notice closes for this page only.
    }
    setVisible(false);
  };

  return (
    <>
      <div aria-hidden="true" style={{ height }} />
      <Paper
        ref={ref}
        component="section"
        aria-label={t('shell.cookies.label')}
        data-testid="cookie-banner"
        shadow="md"
        withBorder
        p="sm"
        radius={0}
        style={{ position: 'fixed', insetInline: 0, bottom: 0, zIndex: 150 }}
      >
        <Group justify="space-between" wrap="wrap" gap="sm" maw={960} mx="auto">
          <Text size="sm" style={{ flex: '1 1 320px' }}>
            {t('shell.cookies.text')}
          </Text>
          <Button size="xs" onClick={accept} data-testid="cookie-accept">
            {t('shell.cookies.accept')}
          </Button>
        </Group>
      </Paper>
    </>
  );
}
