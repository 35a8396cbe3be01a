import { Badge, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../lib/me';

const TIERS = ['starter', 'essentials', 'premium'] as const;
const FEATURES: Record<(typeof TIERS)[number], readonly string[]> = {
  starter: ['feelings', 'history', 'report', 'words'],
  essentials: ['everythingStarter', 'goals', 'thinking', 'centre', 'compass', 'strategies'],
  premium: ['everythingEssentials', 'assistant', 'priority'],
};

/**
 * The three plans with what each adds, the caller's current one marked in words (not only by a
 * border). Changing plan is not offered here yet: the page says how to do it instead of showing a
 * button that does nothing.
 */
export default function SubscriptionOverlay() {
  const { t } = useTranslation();
  const me = useMe();
  const current = me.data?.ability.subscription;
  return (
    <Stack data-testid="subscription-overlay">
      <Text>{t('subscription.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {TIERS.map((tier) => (
          <Card
            key={tier}
            withBorder
            component="section"
            aria-labelledby={`tier-${tier}`}
            data-testid={`tier-${tier}`}
            style={
              tier === current ? { borderWidth: 2, borderColor: 'var(--mantine-color-blue-9)' } : undefined
            }
          >
            <Stack gap="xs">
              <Title order={3} size="h4" id={`tier-${tier}`}>
                {t(`subscription.tiers.${tier}.name`)}
              </Title>
              {tier === current && (
                <Badge variant="filled" data-testid="tier-current">
                  {t('subscription.current')}
                </Badge>
              )}
              <List size="sm" spacing={4}>
                {FEATURES[tier].map((feature) => (
                  <List.Item key={feature}>{t(`subscription.features.${feature}`)}</List.Item>
                ))}
              </List>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('subscription.howToChange')}
      </Text>
    </Stack>
  );
}
