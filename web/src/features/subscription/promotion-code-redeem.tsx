import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';
import { errorMessages } from '../../lib/errors';
import { useRedeemPromotionCode } from './api/promotion-codes';

/**
 * "I have a promotion code" (spec 02 §9): a registered person types a code and gets one free month
 * of Essentials, added to the end of the Essentials period under way; the new end date is said.
 * Every refusal says its reason (unknown, expired, used up, already used, plan already higher).
 */
export function PromotionCodeRedeem() {
  const { t } = useTranslation();
  const redeem = useRedeemPromotionCode();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    setMissing(typed === '');
    if (typed === '') return;
    redeem.mutate(typed, { onSuccess: () => setCode('') });
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="promotion-code-title">
      <Title order={3} size="h5" id="promotion-code-title">
        {t('subscription.promotionCode.title')}
      </Title>
      <form onSubmit={submit} noValidate data-testid="promotion-code-redeem-form">
        <Group align="flex-end">
          <TextInput
            label={t('subscription.promotionCode.label')}
            description={t('subscription.promotionCode.hint')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={missing ? t('errors.required') : undefined}
            autoComplete="off"
            maxLength={40}
            data-testid="promotion-code-input"
          />
          <Button type="submit" loading={redeem.isPending} data-testid="promotion-code-redeem">
            {t('subscription.promotionCode.submit')}
          </Button>
        </Group>
      </form>
      {redeem.isError && (
        <Alert color="red" role="alert" data-testid="promotion-code-redeem-error">
          {errorMessages(redeem.error, t)}
        </Alert>
      )}
      {redeem.isSuccess && redeem.data.planUntil !== undefined && (
        <Alert color="green" role="status" data-testid="promotion-code-redeemed">
          <Text size="sm">
            {t('subscription.promotionCode.redeemed', { date: formatDate(redeem.data.planUntil) })}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
