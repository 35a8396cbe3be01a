import { Alert, Loader, Stack } from '@mantine/core';
import { subject } from '@casl/ability';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Strategy } from '@shared/contracts/strategies';
import { withoutHidden } from '@shared/domain/strategies';
import { ErrorState } from '../../components/error-state';
import { ReservedFeature } from '../../components/reserved-feature';
import { useAbility } from '../../lib/ability';
import { useMe } from '../../lib/me';
import type { AssessedPlace } from './api/assessments';
import { useStrategies, type StrategyListRef } from './api/strategies';
import { isNotEnabled } from './outline-editor';

export function listOf(place: AssessedPlace): StrategyListRef {
  return 'sessionId' in place
    ? { linkTo: 'session', sessionId: place.sessionId }
    : { linkTo: 'sphere', sphereId: place.sphereId };
}

export function OverlayLoading() {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="lg" data-testid="assessment-loading">
      <Loader aria-label={t('common.loading')} />
    </Stack>
  );
}

/**
 * Loads what an assessment is about, the items of a sphere's or a session's strategy that may be
 * assessed (the visible ones), and shows `children` with them: the reserved-feature prompt for
 * those without Essentials, "not possible here" for a place the person may not assess, and the
 * loading, error, "turned off" and "nothing to assess" states.
 */
export function WithAssessableItems({
  place,
  action,
  children,
}: {
  place: AssessedPlace;
  /** `post` for a new assessment, `get` to read or change one's own. */
  action: 'post' | 'get';
  children: (items: readonly Strategy[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const ability = useAbility();
  const on = 'sessionId' in place ? { sessionId: place.sessionId } : { sphereId: place.sphereId };
  const allowed = ability.can(action, subject('strategy-assessment', on));
  const essentials =
    me.data !== undefined && !me.data.profile.isGuest && me.data.ability.subscription !== 'starter';
  const strategies = useStrategies(listOf(place), allowed);
  if (me.isPending) return <OverlayLoading />;
  if (!essentials)
    return (
      <ReservedFeature
        title={t('strategies.assessment.reservedTitle')}
        reason={t('strategies.assessment.reserved')}
        guestReason={t('strategies.assessment.guest')}
        testId="assessment-reserved"
      />
    );
  if (!allowed)
    return (
      <Alert
        color="gray"
        title={t('strategies.assessment.notAllowedTitle')}
        data-testid="assessment-not-allowed"
      >
        {t('strategies.assessment.notAllowed')}
      </Alert>
    );
  if (strategies.isPending) return <OverlayLoading />;
  if (strategies.isError)
    return isNotEnabled(strategies.error) ? (
      <Alert color="gray" title={t('strategies.assessment.offTitle')} data-testid="assessment-off">
        {t('strategies.assessment.off')}
      </Alert>
    ) : (
      <ErrorState
        title={t('strategies.outline.loadError')}
        error={strategies.error}
        onRetry={() => void strategies.refetch()}
        testId="assessment-load-error"
      />
    );
  const items = withoutHidden(strategies.data.items);
  if (items.length === 0)
    return (
      <Alert color="gray" title={t('strategies.assessment.nothingTitle')} data-testid="assessment-nothing">
        {t('strategies.assessment.nothing')}
      </Alert>
    );
  return <>{children(items)}</>;
}
