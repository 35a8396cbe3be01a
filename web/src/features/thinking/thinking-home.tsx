import { useState } from 'react';
import { Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { inLanguage } from '@shared/domain/thinkings';
import { ErrorState } from '../../components/error-state';
import { ReservedFeature } from '../../components/reserved-feature';
import { currentLanguage } from '../../i18n';
import { useAbility } from '../../lib/ability';
import { formatDateTime } from '../../lib/dates';
import { useMe } from '../../lib/me';
import { overlaySearch } from '../../lib/overlays';
import { useAxes, useThinkingList } from './api/thinkings';
import { valueKey } from './thinking-form';

const RECENT_MS = 24 * 60 * 60 * 1000;

/**
 * Home's thinking section: give an opinion, and the thinkings of the last 24 hours (spec 01 §7),
 * each opened to change while it may be; the reserved-feature prompt for those without Essentials.
 */
export default function ThinkingHome() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const ability = useAbility();
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const allowed = ability.can('get', 'thinking');
  // Fixed while the page is open, so a refresh keeps the same list (and the focus on its button).
  const [since] = useState(() => new Date(Date.now() - RECENT_MS).toISOString());
  const recent = useThinkingList({ start: since }, 20, allowed);
  const latest = useThinkingList({}, 1, allowed);
  const axes = useAxes({ module: 'myself' });
  const open = (overlay: string, extra = '') =>
    void navigate({
      pathname: location.pathname,
      search: `${overlaySearch(location.search, overlay)}${extra}`,
    });
  const axisName = (id: string) => {
    const axis = axes.data?.items.find((a) => a.id === id);
    return axis ? inLanguage(axis.name, language) : id;
  };

  let body;
  if (me.isPending) body = <Skeleton height={60} />;
  else if (!allowed)
    body = (
      <ReservedFeature
        title={t('thinking.homeReservedTitle')}
        reason={t('thinking.reserved')}
        guestReason={t('thinking.guest')}
        testId="thinking-home-reserved"
      />
    );
  else if (recent.isPending) body = <Skeleton height={60} />;
  else if (recent.isError)
    body = (
      <ErrorState
        title={t('thinking.loadError')}
        error={recent.error}
        onRetry={() => void recent.refetch()}
        testId="thinking-home-error"
      />
    );
  else
    body = (
      <Stack gap="xs">
        {recent.data.items.length === 0 ? (
          <Text c="dimmed" data-testid="thinking-home-empty">
            {latest.data?.items[0]
              ? t('thinking.home.last', { date: formatDateTime(new Date(latest.data.items[0].creationDate)) })
              : t('thinking.home.never')}
          </Text>
        ) : (
          <List spacing="xs" listStyleType="none" data-testid="thinking-home-recent">
            {recent.data.items.map((thinking) => (
              <List.Item key={thinking.id}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm">
                    {formatDateTime(new Date(thinking.creationDate))} —{' '}
                    {thinking.axes
                      .map((a) =>
                        t('thinking.answer', {
                          axis: axisName(a.id),
                          value: t(`thinking.values.${valueKey(a.value)}`),
                        }),
                      )
                      .join(' · ')}
                  </Text>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => open('update-thinking', `&thinkingId=${encodeURIComponent(thinking.id)}`)}
                    data-testid={`thinking-open-${thinking.id}`}
                  >
                    {thinking.editable ? t('thinking.home.change') : t('thinking.home.view')}
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    );
  return (
    <Card withBorder component="section" aria-labelledby="home-thinking-title" data-testid="home-thinking">
      <Title order={2} size="h4" mb="xs" id="home-thinking-title">
        {t('thinking.home.title')}
      </Title>
      <Stack gap="xs">
        {body}
        {allowed && (
          <Group>
            <Button variant="light" onClick={() => open('thinking')} data-testid="thinking-home-give">
              {t('thinking.home.give')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
