import { useEffect, useRef, useState } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { THINKING_GROUP_ID } from '@shared/domain/thinkings';
import { ContextChoice, ContextDropped } from '../../components/context-choice';
import { ErrorState } from '../../components/error-state';
import { notifySuccess } from '../../components/notify';
import { ReservedFeature } from '../../components/reserved-feature';
import { useAbility } from '../../lib/ability';
import { encodeContext, isAllowed, requestedContext } from '../../lib/contexts';
import { useContributionContext } from '../../lib/use-contribution-context';
import { readPosition } from '../../lib/geolocation';
import { sessionsOf, useMe, useMySessions } from '../../lib/me';
import type { OverlayProps } from '../../lib/overlays';
import { useAxesAsked, useCreateThinking } from './api/thinkings';
import { ThinkingForm } from './thinking-form';

/**
 * The thinking flow (spec 01 §4): loading, then one question per axis asked where the thinking is
 * given — the personal space, or a sphere or group the person contributes to (spec 01 §7); with
 * no axes it completes at once. A context the person may not use is dropped and said, or, from a
 * direct link, the flow closes with an error notice. An Essentials feature: others see the
 * reserved-feature prompt.
 */
export default function ThinkingOverlay({ params, done, close }: OverlayProps) {
  const { t } = useTranslation();
  const ability = useAbility();
  const me = useMe();
  const mine = useMySessions();
  const allowed = ability.can('post', 'thinking');
  const { context, setContext, dropped, dismissDropped } = useContributionContext(params, close);
  /** Whether the person chose the context here (then an empty list is said, not closed). */
  const [chosen, setChosen] = useState(false);
  const requestedGroup = params.get('groupId');
  const groupId = requestedGroup && THINKING_GROUP_ID.test(requestedGroup) ? requestedGroup : undefined;
  const contextAllowed =
    me.data !== undefined &&
    (mine.data !== undefined || mine.isError) &&
    isAllowed(context, me.data, sessionsOf(mine.data));
  const axes = useAxesAsked(contextAllowed ? context : null, groupId);
  const create = useCreateThinking();
  const position = useRef<ReturnType<typeof readPosition> | null>(null);
  const none = allowed && contextAllowed && !chosen && axes.data !== undefined && axes.data.length === 0;

  useEffect(() => {
    if (allowed) position.current = readPosition();
  }, [allowed]);
  useEffect(() => {
    if (none) done();
  }, [none, done]);

  const loading = (
    <Stack align="center" py="lg" data-testid="thinking-loading">
      <Loader aria-label={t('common.loading')} />
    </Stack>
  );
  if (me.isPending) return loading;
  if (!allowed)
    return (
      <ReservedFeature
        title={t('thinking.title')}
        reason={t('thinking.reserved')}
        guestReason={t('thinking.guest')}
        testId="thinking-reserved"
      />
    );
  const sphereName =
    context === null
      ? undefined
      : 'sphereId' in context
        ? me.data?.spheres.find((s) => s.id === context.sphereId)?.name
        : sessionsOf(mine.data).find((s) => s.id === context.sessionId)?.sphereName;

  let body;
  if (!contextAllowed || axes.isPending) body = loading;
  else if (axes.isError)
    body = (
      <ErrorState
        title={t('thinking.loadError')}
        error={axes.error}
        onRetry={() => void axes.refetch()}
        testId="thinking-error"
      />
    );
  else if (!axes.data || axes.data.length === 0)
    body = (
      <Text data-testid="thinking-none">{t(context === null ? 'thinking.none' : 'thinking.noneHere')}</Text>
    );
  else
    body = (
      <ThinkingForm
        key={encodeContext(context)}
        axes={axes.data}
        sphereName={sphereName}
        submitLabel={t('thinking.save')}
        pending={create.isPending}
        onSubmit={(answers) =>
          // The position never fails (0/0 when refused); a failed save shows its toast and keeps
          // the answers (the mutation's errors reach the user through the query client).
          void (position.current ?? readPosition()).then((geoPoint) =>
            create.mutate(
              {
                axes: answers,
                geoPoint,
                locale: Intl.DateTimeFormat().resolvedOptions().timeZone,
                ...(context ?? {}),
                ...(context && 'sessionId' in context && groupId ? { groupId } : {}),
                // From a campaign link, in the place it names: the link, whose tags the thinking takes.
                ...(context !== null &&
                params.get('linkId') &&
                encodeContext(context) === encodeContext(requestedContext(params))
                  ? { linkId: params.get('linkId') as string }
                  : {}),
              },
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
    );
  return (
    <Stack>
      {dropped && <ContextDropped onClose={dismissDropped} testId="thinking-context-dropped" />}
      <ContextChoice
        value={context}
        onChange={(next) => {
          setChosen(true);
          setContext(next);
        }}
        testId="thinking-context"
      />
      <Text size="sm">{t('thinking.intro')}</Text>
      {body}
    </Stack>
  );
}
