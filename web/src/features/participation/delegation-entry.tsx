import { useState } from 'react';
import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { ApiError, errorMessages } from '../../lib/errors';
import { DelegationTicketRefusedError, useCampaignDelegation, useEnterByDelegation } from './api/delegation';

/**
 * Entry with an access code (spec 01 §7 delegation, decision 0029), above the usual ways in: shown
 * only for a campaign that allows it in a sphere that allows codes, named as the sphere calls its
 * codes (an employee number…). Anything else shows nothing: the visitor signs in or comes as a guest.
 */
export function DelegationEntry({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const page = useCampaignDelegation(campaignId);
  const enter = useEnterByDelegation(campaignId);
  const [code, setCode] = useState('');
  if (!page.data) return null;
  const language = currentLanguage();
  const label =
    page.data.label[language] ||
    Object.values(page.data.label).find(Boolean) ||
    t('participation.delegation.defaultLabel');

  const refusal = (error: unknown) => {
    if (error instanceof DelegationTicketRefusedError)
      return t('participation.delegation.invalid', { label });
    if (error instanceof ApiError && error.keys.includes('invalid-delegation'))
      return t('participation.delegation.invalid', { label });
    return errorMessages(error, t);
  };

  return (
    <Paper withBorder p="md" data-testid="participation-delegation">
      <form
        noValidate
        aria-labelledby="participation-delegation-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim() && !enter.isPending) enter.mutate(code.trim());
        }}
      >
        <Stack>
          <Title order={2} size="h3" id="participation-delegation-title">
            {t('participation.delegation.title', { campaign: page.data.publicName })}
          </Title>
          <Text>{t('participation.delegation.intro', { label, sphere: page.data.sphereName })}</Text>
          <TextInput
            label={label}
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            data-testid="participation-delegation-code"
          />
          {enter.isError && (
            <Alert color="red" role="alert" data-testid="participation-delegation-error">
              {refusal(enter.error)}
            </Alert>
          )}
          <Button
            type="submit"
            loading={enter.isPending}
            disabled={!code.trim()}
            data-testid="participation-delegation-submit"
          >
            {t('participation.delegation.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
