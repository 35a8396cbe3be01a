import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { formatDate } from '../../lib/dates';
import { errorMessages, translateErrorItem } from '../../lib/errors';
import { refusedPromotionCodeOf } from '../../lib/refused-promotion-code';
import { useRedeemPromotionCode } from './api/promotion-codes';

/**
 * "I have a promotion code" (spec 02 §9): a registered person types a code and gets one free month
 * of Essentials, added to the end of the Essentials period under way; the new end date is said.
 * Every refusal says its reason (unknown, expired, used up, already used, plan already higher).
 * A code typed when creating the account and refused then arrives here from the sign-in page
 * (lib/refused-promotion-code.ts): it fills the field, its reason is said and the field has the
 * focus, to correct it and try again.
 */
export function PromotionCodeRedeem() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const redeem = useRedeemPromotionCode();
  // Read once: the history entry then forgets it, so a reload or a later visit does not say it again.
  const [refused] = useState(() => refusedPromotionCodeOf(location.state));
  const [code, setCode] = useState(refused?.code ?? '');
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!refused) return;
    input.current?.focus();
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [refused, navigate, location.pathname, location.search]);

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
            ref={input}
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
      {refused && redeem.isIdle && (
        <Alert
          color="red"
          role="alert"
          title={t('subscription.promotionCode.refusedAtCreation')}
          data-testid="promotion-code-redeem-error"
        >
          {[...new Set(refused.errors.map((item) => translateErrorItem(item, t)))].join('; ')}{' '}
          {t('subscription.promotionCode.tryAgain')}
        </Alert>
      )}
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
