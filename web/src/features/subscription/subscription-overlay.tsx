import { Alert, Badge, Button, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLiveCardSubscription, type CardSubscriptionStatus, type PaidPlan } from '@shared/domain/payments';
import { formatDate } from '../../lib/dates';
import { errorMessages } from '../../lib/errors';
import { useMe } from '../../lib/me';
import type { OverlayProps } from '../../lib/overlays';
import { useBilling, useStartCheckout } from './api/payments';
import { CardBilling } from './card-billing';
import { PromotionCodeRedeem } from './promotion-code-redeem';

const TIERS = ['starter', 'essentials', 'premium'] as const;
const FEATURES: Record<(typeof TIERS)[number], readonly string[]> = {
  starter: ['feelings', 'history', 'report', 'words'],
  // The paid plans' lists have 10 items each (spec 02 §9).
  essentials: [
    'everythingStarter',
    'goals',
    'thinking',
    'centre',
    'compass',
    'strategies',
    'strategyReports',
    'trial',
    'monthly',
    'cancelAnytime',
  ],
  // Only what Premium gives today (decision 0051): nothing is promised that the product lacks.
  premium: [
    'everythingEssentials',
    'thinking',
    'centre',
    'compass',
    'strategies',
    'strategyReports',
    'trial',
    'monthly',
    'cancelAnytime',
    'invoices',
  ],
};
const isPaid = (tier: (typeof TIERS)[number]): tier is PaidPlan => tier !== 'starter';

/**
 * The three plans with what each adds, the caller's current one marked in words (not only by a
 * border), and when the plan ends (a free month: decision 0048). A promotion code is redeemed
 * here. Essentials and Premium are bought by card (decision 0051): "Buy" opens the provider's
 * checkout, which comes back here (`checkout=success|cancel`); once bought, the subscription is
 * managed in the provider's portal and its invoices are listed.
 */
export default function SubscriptionOverlay({ params }: Partial<OverlayProps>) {
  const { t } = useTranslation();
  const me = useMe();
  const current = me.data?.ability.subscription;
  const until = me.data?.ability.planUntil;
  // Back from the card provider's checkout (decision 0051): paid, or left without paying.
  const checkout = params?.get('checkout');
  const billing = useBilling({ subscription: current, planUntil: until });
  const buy = useStartCheckout();
  const live = billing.data?.subscription
    ? isLiveCardSubscription(billing.data.subscription.status as CardSubscriptionStatus)
    : false;
  return (
    <Stack data-testid="subscription-overlay">
      {checkout === 'success' && (
        <Alert color="green" role="status" data-testid="checkout-success">
          {t('subscription.checkout.success')}
        </Alert>
      )}
      {checkout === 'cancel' && (
        <Alert color="blue" role="status" data-testid="checkout-cancel">
          {t('subscription.checkout.cancel')}
        </Alert>
      )}
      <Text>{t('subscription.intro')}</Text>
      {until !== undefined && current !== undefined && (
        <Text fw={500} data-testid="subscription-until">
          {t('subscription.until', {
            plan: t(`subscription.tiers.${current}.name`),
            date: formatDate(until),
          })}
        </Text>
      )}
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
              {isPaid(tier) && tier !== current && !live && !billing.isPending && (
                <Button
                  onClick={() => buy.mutate(tier)}
                  loading={buy.isPending && buy.variables === tier}
                  disabled={buy.isPending}
                  data-testid={`buy-${tier}`}
                >
                  {t('subscription.buy', { plan: t(`subscription.tiers.${tier}.name`) })}
                </Button>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {buy.isError && (
        <Alert color="red" role="alert" data-testid="checkout-error">
          {errorMessages(buy.error, t)}
        </Alert>
      )}
      <CardBilling />
      <PromotionCodeRedeem />
      <Text size="sm" c="dimmed">
        {t('subscription.howToChange')}
      </Text>
    </Stack>
  );
}
