import { List, Stack, Text } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../lib/ability';
import { useMe } from '../../lib/me';

/** Whether the signed-in person may keep a life compass: an Essentials feature (spec 01 §1). */
export function useLifeCompassAllowed(): { pending: boolean; allowed: boolean } {
  const me = useMe();
  const ability = useAbility();
  const userId = me.data?.userId;
  return {
    pending: me.isPending,
    allowed: userId !== undefined && ability.can('get', subject('strategy', { userId })),
  };
}

/**
 * What an empty life compass says: where to begin, and what each kind of item is for, so that the
 * first item written has a place to go.
 */
export function LifeCompassEmpty() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('strategies.lifeCompass.empty')}</Text>
      <List size="sm" spacing={4}>
        {(['vision', 'mission', 'strategicAxis', 'goal', 'action'] as const).map((type) => (
          <List.Item key={type}>
            <Text span size="sm" fw={600}>
              {t(`strategies.types.${type}`)}
            </Text>
            {' — '}
            {t(`strategies.lifeCompass.explain.${type}`)}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
