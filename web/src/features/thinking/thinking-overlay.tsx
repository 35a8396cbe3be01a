import { useEffect, useRef } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state';
import { notifySuccess } from '../../components/notify';
import { ReservedFeature } from '../../components/reserved-feature';
import { useAbility } from '../../lib/ability';
import { readPosition } from '../../lib/geolocation';
import { useMe } from '../../lib/me';
import type { OverlayProps } from '../../lib/overlays';
import { useAxes, useCreateThinking } from './api/thinkings';
import { ThinkingForm } from './thinking-form';

/**
 * The thinking flow (spec 01 §4): loading, then one question per axis of the personal space; with
 * no axes it completes at once. An Essentials feature: others see the reserved-feature prompt.
 */
export default function ThinkingOverlay({ done }: OverlayProps) {
  const { t } = useTranslation();
  const ability = useAbility();
  const me = useMe();
  const allowed = ability.can('post', 'thinking');
  const axes = useAxes({ module: 'myself' });
  const create = useCreateThinking();
  const position = useRef<ReturnType<typeof readPosition> | null>(null);
  const none = allowed && axes.isSuccess && axes.data.items.length === 0;

  useEffect(() => {
    if (allowed) position.current = readPosition();
  }, [allowed]);
  useEffect(() => {
    if (none) done();
  }, [none, done]);

  if (me.isPending)
    return (
      <Stack align="center" py="lg" data-testid="thinking-loading">
        <Loader aria-label={t('common.loading')} />
      </Stack>
    );
  if (!allowed)
    return (
      <ReservedFeature
        title={t('thinking.title')}
        reason={t('thinking.reserved')}
        guestReason={t('thinking.guest')}
        testId="thinking-reserved"
      />
    );
  if (axes.isPending)
    return (
      <Stack align="center" py="lg" data-testid="thinking-loading">
        <Loader aria-label={t('common.loading')} />
      </Stack>
    );
  if (axes.isError)
    return (
      <ErrorState
        title={t('thinking.loadError')}
        error={axes.error}
        onRetry={() => void axes.refetch()}
        testId="thinking-error"
      />
    );
  if (none) return <Text data-testid="thinking-none">{t('thinking.none')}</Text>;
  return (
    <Stack>
      <Text size="sm">{t('thinking.intro')}</Text>
      <ThinkingForm
        axes={axes.data.items}
        submitLabel={t('thinking.save')}
        pending={create.isPending}
        onSubmit={(answers) =>
          // The position never fails (0/0 when refused); a failed save shows its toast and keeps
          // the answers (the mutation's errors reach the user through the query client).
          void (position.current ?? readPosition()).then((geoPoint) =>
            create.mutate(
              { axes: answers, geoPoint, locale: Intl.DateTimeFormat().resolvedOptions().timeZone },
              {
                onSuccess: () => {
                  notifySuccess('thinking.saved');
                  done();
                },
              },
            ),
          )
        }
      />
    </Stack>
  );
}
