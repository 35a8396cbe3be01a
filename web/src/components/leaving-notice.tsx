import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Alert, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The leaving page (decision 0027): what stands between the product and another host, for an
 * address someone stored (a link's or a campaign's end address). It names the host the browser
 * would go to, in its heading, shows the whole address, and the person leaves only by pressing
 * its button; `stay` is the way back, chosen by the page that shows it. The address is the one
 * `outboundTarget` parsed (shared/domain/safe-url.ts), so what is named is where the button goes.
 */
export function LeavingNotice({
  url,
  stay,
  headingOrder = 2,
  focusHeading = false,
}: {
  url: URL;
  stay: ReactNode;
  headingOrder?: 2 | 3;
  /** Moves the focus to the heading once shown (when it is what the page now is about). */
  focusHeading?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) titleRef.current?.focus();
  }, [focusHeading]);
  const host = url.host;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid="leaving-notice">
      <Stack gap="sm">
        <Title
          order={headingOrder}
          size="h4"
          id={titleId}
          ref={titleRef}
          tabIndex={-1}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="leaving-title"
        >
          {t('leaving.title', { host })}
        </Title>
        <Text size="sm">{t('leaving.text')}</Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('leaving.address')}: <Code data-testid="leaving-address">{url.href}</Code>
        </Text>
        <Group>
          <Button component="a" href={url.href} rel="noopener noreferrer" data-testid="leaving-go">
            {t('leaving.go', { host })}
          </Button>
          {stay}
        </Group>
      </Stack>
    </Paper>
  );
}

/** What shows instead of leaving when the stored address breaks the rule: it is never followed. */
export function InvalidDestination() {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('leaving.invalidTitle')} data-testid="leaving-invalid">
      {t('leaving.invalid')}
    </Alert>
  );
}
