import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReservedFeature } from '../../components/reserved-feature';
import { useAbility } from '../../lib/ability';
import type { SettingsTabProps } from '../../lib/place-extensions';
import { OutlineEditor } from './outline-editor';
import { sphereSettingsPath } from './paths';

/**
 * The Strategy tab of a sphere's or a session's settings (spec 01 §2 `tab=strategy`): its admins
 * (and a session's owners) write the strategy its members read and assess. While the sphere has
 * strategies turned off, a notice leads to the switch in the sphere's general settings.
 */
export default function StrategySettingsTab({ place, openGeneralTab }: SettingsTabProps) {
  const { t } = useTranslation();
  const ability = useAbility();
  const sphereId = place.kind === 'sphere' ? place.sphere.id : place.session.sphereId;
  const on =
    place.kind === 'sphere'
      ? subject('strategy', { sphereId })
      : subject('strategy', { sessionId: place.session.id, sphereId });
  const mayEditSphere = ability.can('put', subject('sphere', { sphereId }));

  const off = (
    <Alert color="gray" title={t('strategies.settings.offTitle')} data-testid="strategy-off">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {t(place.kind === 'sphere' ? 'strategies.settings.off' : 'strategies.settings.offSession')}
        </Text>
        {place.kind === 'sphere' ? (
          <Button size="xs" variant="light" onClick={openGeneralTab} data-testid="strategy-off-general">
            {t('strategies.settings.openGeneral')}
          </Button>
        ) : (
          mayEditSphere && (
            <Anchor
              component={Link}
              to={sphereSettingsPath(sphereId)}
              size="sm"
              data-testid="strategy-off-sphere"
            >
              {t('strategies.settings.openSphere')}
            </Anchor>
          )
        )}
      </Stack>
    </Alert>
  );

  if (place.kind === 'sphere' && !place.sphere.strategyEnabled) return off;
  if (!ability.can('put', on))
    return (
      <ReservedFeature
        title={t('strategies.settings.title')}
        reason={t('strategies.settings.reserved')}
        guestReason={t('strategies.settings.reserved')}
        testId="strategy-settings-reserved"
      />
    );
  return (
    <Stack data-testid="strategy-settings">
      <Text size="sm">
        {t(place.kind === 'sphere' ? 'strategies.settings.intro' : 'strategies.settings.introSession')}
      </Text>
      <OutlineEditor
        list={
          place.kind === 'sphere'
            ? { linkTo: 'sphere', sphereId }
            : { linkTo: 'session', sessionId: place.session.id }
        }
        empty={<Text size="sm">{t('strategies.settings.empty')}</Text>}
        notEnabled={off}
      />
    </Stack>
  );
}
