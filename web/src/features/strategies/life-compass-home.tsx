import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { withoutHidden } from '@shared/domain/strategies';
import { ErrorState } from '../../components/error-state';
import { ReservedFeature } from '../../components/reserved-feature';
import { overlaySearch } from '../../lib/overlays';
import { useStrategies } from './api/strategies';
import { LIFE_COMPASS_OVERLAY } from './paths';
import { useLifeCompassAllowed } from './life-compass';
import { useItemName } from './outline-view';

/**
 * Home's life compass (spec 01 §2 home): how many items it holds and its vision in a line (hidden
 * items left out), and the button that opens it; the reserved-feature prompt for those without
 * Essentials.
 */
export default function LifeCompassHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const name = useItemName();
  const { pending, allowed } = useLifeCompassAllowed();
  const list = useStrategies({ linkTo: 'user' }, allowed);
  const open = () =>
    void navigate({
      pathname: location.pathname,
      search: overlaySearch(location.search, LIFE_COMPASS_OVERLAY),
    });

  let body;
  if (pending) body = <Skeleton height={48} />;
  else if (!allowed)
    body = (
      <ReservedFeature
        title={t('strategies.lifeCompass.homeReservedTitle')}
        reason={t('strategies.lifeCompass.reserved')}
        guestReason={t('strategies.lifeCompass.guest')}
        testId="life-compass-home-reserved"
      />
    );
  else if (list.isPending) body = <Skeleton height={48} />;
  else if (list.isError)
    body = (
      <ErrorState
        title={t('strategies.outline.loadError')}
        error={list.error}
        onRetry={() => void list.refetch()}
        testId="life-compass-home-error"
      />
    );
  else {
    const shown = withoutHidden(list.data.items);
    const vision = shown.find((item) => item.type === 'vision');
    body = (
      <Stack gap={4} data-testid="life-compass-home-summary">
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('strategies.lifeCompass.homeEmpty')}
          </Text>
        ) : (
          <>
            <Text size="sm">{t('strategies.lifeCompass.homeCount', { count: shown.length })}</Text>
            {vision && (
              <Text size="sm" lineClamp={2}>
                {t('strategies.lifeCompass.homeVision', { vision: vision.title || name(vision) })}
              </Text>
            )}
          </>
        )}
      </Stack>
    );
  }
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="home-life-compass-title"
      data-testid="home-life-compass"
    >
      <Title order={2} size="h4" mb="xs" id="home-life-compass-title">
        {t('strategies.lifeCompass.homeTitle')}
      </Title>
      <Stack gap="xs">
        {body}
        {allowed && (
          <Group>
            <Button variant="light" onClick={open} data-testid="life-compass-open">
              {t('strategies.lifeCompass.open')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
