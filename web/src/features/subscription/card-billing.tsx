import { Alert, Anchor, Button, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';
import { errorMessages } from '../../lib/errors';
import { useMe } from '../../lib/me';
import { useBilling, useInvoices, useOpenPortal } from './api/payments';

const amountOf = (cents: number, currency: string, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );

/**
 * The caller's card subscription (decision 0051): its state as the provider holds it, "Manage my
 * subscription" (the provider's portal: cancel, change card) and the invoices, read from the
 * provider. Shown once the person bought by card; nothing while they never did.
 */
export function CardBilling() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const billing = useBilling({
    subscription: me.data?.ability.subscription,
    planUntil: me.data?.ability.planUntil,
  });
  const invoices = useInvoices(billing.data?.customer === true);
  const portal = useOpenPortal();

  if (billing.isPending)
    return (
      <Loader
        size="sm"
        role="status"
        aria-label={t('subscription.billing.loading')}
        data-testid="card-billing-loading"
      />
    );
  if (billing.isError)
    return (
      <Alert color="red" role="alert" data-testid="card-billing-error">
        {t('subscription.billing.loadError')}
      </Alert>
    );
  if (!billing.data.customer) return null;
  const subscription = billing.data.subscription;
  return (
    <Stack gap="xs" component="section" aria-labelledby="card-billing-title" data-testid="card-billing">
      <Title order={3} size="h5" id="card-billing-title">
        {t('subscription.billing.title')}
      </Title>
      {subscription ? (
        <Text size="sm" data-testid="card-billing-state">
          {t(
            `subscription.billing.state.${subscription.cancelAtPeriodEnd ? 'ending' : stateKey(subscription.status)}`,
            {
              plan: t(`subscription.tiers.${subscription.plan}.name`),
              date: formatDate(subscription.periodEnd),
            },
          )}
        </Text>
      ) : (
        <Text size="sm">{t('subscription.billing.noSubscription')}</Text>
      )}
      <div>
        <Button
          variant="light"
          onClick={() => portal.mutate()}
          loading={portal.isPending}
          data-testid="manage-subscription"
        >
          {t('subscription.billing.manage')}
        </Button>
      </div>
      {portal.isError && (
        <Alert color="red" role="alert">
          {errorMessages(portal.error, t)}
        </Alert>
      )}
      <Title order={4} size="h6" id="invoices-title">
        {t('subscription.billing.invoices')}
      </Title>
      {invoices.isPending ? (
        <Loader size="sm" role="status" aria-label={t('subscription.billing.loading')} />
      ) : invoices.isError ? (
        <Alert color="red" role="alert" data-testid="invoices-error">
          {t('subscription.billing.loadError')}
        </Alert>
      ) : invoices.data.items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="invoices-empty">
          {t('subscription.billing.noInvoices')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table aria-labelledby="invoices-title" data-testid="invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('subscription.billing.columns.date')}</Table.Th>
                <Table.Th>{t('subscription.billing.columns.number')}</Table.Th>
                <Table.Th>{t('subscription.billing.columns.amount')}</Table.Th>
                <Table.Th>{t('subscription.billing.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.data.items.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>{formatDate(invoice.createdAt)}</Table.Td>
                  <Table.Td>
                    {invoice.url ? (
                      <Anchor href={invoice.url} target="_blank" rel="noopener noreferrer">
                        {invoice.number ?? invoice.id}
                      </Anchor>
                    ) : (
                      (invoice.number ?? invoice.id)
                    )}
                  </Table.Td>
                  <Table.Td>{amountOf(invoice.amount, invoice.currency, i18n.language)}</Table.Td>
                  <Table.Td>
                    {t(`subscription.billing.invoiceStatus.${invoiceStatusKey(invoice.status)}`)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

const STATES = ['trialing', 'active', 'past_due', 'canceled'] as const;
function stateKey(status: string): (typeof STATES)[number] | 'other' {
  return (STATES as readonly string[]).includes(status) ? (status as (typeof STATES)[number]) : 'other';
}
const INVOICE_STATES = ['paid', 'open', 'void', 'uncollectible', 'draft'] as const;
function invoiceStatusKey(status: string): (typeof INVOICE_STATES)[number] {
  return (INVOICE_STATES as readonly string[]).includes(status)
    ? (status as (typeof INVOICE_STATES)[number])
    : 'draft';
}
