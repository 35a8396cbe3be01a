import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReservedFeature } from '../../components/reserved-feature';
import { LifeCompassEmpty, useLifeCompassAllowed } from './life-compass';
import { OutlineEditor } from './outline-editor';

/**
 * The life compass (spec 01 §2 `show=life-compass`, spec 02 §2): the person's own strategy, an
 * outline of vision, mission, strategic axes, goals and actions they write, indent and reorder.
 * Reserved for Essentials: others see the reserved-feature prompt (a guest, the way to an account).
 */
export default function LifeCompassOverlay() {
  const { t } = useTranslation();
  const { pending, allowed } = useLifeCompassAllowed();
  if (pending)
    return (
      <Stack align="center" py="lg">
        <Loader aria-label={t('common.loading')} />
      </Stack>
    );
  if (!allowed)
    return (
      <ReservedFeature
        title={t('strategies.lifeCompass.title')}
        reason={t('strategies.lifeCompass.reserved')}
        guestReason={t('strategies.lifeCompass.guest')}
        testId="life-compass-reserved"
      />
    );
  return (
    <Stack data-testid="life-compass">
      <Text size="sm">{t('strategies.lifeCompass.intro')}</Text>
      <OutlineEditor list={{ linkTo: 'user' }} empty={<LifeCompassEmpty />} />
    </Stack>
  );
}
