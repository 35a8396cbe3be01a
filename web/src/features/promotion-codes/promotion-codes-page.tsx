import { Badge, Button, CopyButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { PromotionCode } from '@shared/contracts/subscriptions';
import { listStatus } from '../../components/list-status';
import { formatDate } from '../../lib/dates';
import { overlaySearch } from '../../lib/overlays';
import { usePromotionCodes } from './api/promotion-codes';
import { PROMOTION_CODE_OVERLAY } from './paths';
import { useCreatesPromotionCodes } from './rights';

/** Where a code is for: its sphere, and its session in it. */
const placeOf = (code: PromotionCode) =>
  [code.sphereName, code.sessionName].filter((name) => name !== undefined && name !== '').join(' › ');

/**
 * Page `/apps/global/promotion-codes` (spec 02 §6): the ambassador's own promotion codes, with how
 * many people used each and how many may still, the day each is valid on and a button to copy it.
 */
export default function PromotionCodesPage() {
  const { t } = useTranslation();
  const allowed = useCreatesPromotionCodes();
  const codes = usePromotionCodes(allowed);
  const navigate = useNavigate();
  const location = useLocation();
  if (!allowed)
    return (
      <Text role="alert" data-testid="promotion-codes-forbidden">
        {t('errors.forbidden')}
      </Text>
    );
  const open = () => void navigate({ search: overlaySearch(location.search, PROMOTION_CODE_OVERLAY) });
  const status = listStatus(codes, {
    loadError: t('promotionCodes.list.loadError'),
    empty: t('promotionCodes.list.empty'),
    skeletonHeight: 160,
    testIds: {
      loading: 'promotion-codes-loading',
      empty: 'promotion-codes-empty',
      error: 'promotion-codes-error',
    },
  });
  const items = codes.data?.items ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('promotionCodes.title')}</Title>
        <Button onClick={open} data-testid="promotion-code-add">
          {t('promotionCodes.list.add')}
        </Button>
      </Group>
      <Text>{t('promotionCodes.intro')}</Text>
      {status ?? (
        <Table.ScrollContainer minWidth={720}>
          <Table data-testid="promotion-codes-table">
            <Table.Caption>{t('promotionCodes.list.caption', { count: items.length })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('promotionCodes.fields.code')}</Table.Th>
                <Table.Th>{t('promotionCodes.fields.name')}</Table.Th>
                <Table.Th>{t('promotionCodes.fields.place')}</Table.Th>
                <Table.Th>{t('promotionCodes.fields.validOn')}</Table.Th>
                <Table.Th>{t('promotionCodes.fields.used')}</Table.Th>
                <Table.Th>{t('promotionCodes.fields.remaining')}</Table.Th>
                <Table.Th>{t('promotionCodes.fields.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((code) => (
                <Table.Tr key={code.code} data-testid="promotion-code-row">
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text ff="monospace" data-testid="promotion-code-text">
                        {code.code}
                      </Text>
                      <CopyButton value={code.code}>
                        {({ copied, copy }) => (
                          <Button
                            size="xs"
                            variant="light"
                            onClick={copy}
                            aria-label={t('promotionCodes.list.copyLabel', { code: code.code })}
                            data-testid="promotion-code-copy"
                          >
                            {copied ? t('promotionCodes.list.copied') : t('promotionCodes.list.copy')}
                          </Button>
                        )}
                      </CopyButton>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t('promotionCodes.list.number', { number: code.number })} · {code.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{placeOf(code) || t('promotionCodes.list.anywhere')}</Table.Td>
                  <Table.Td>{formatDate(code.validOn)}</Table.Td>
                  <Table.Td>
                    {t('promotionCodes.list.usedOf', { used: code.used, count: code.count })}
                  </Table.Td>
                  <Table.Td>{code.remaining}</Table.Td>
                  <Table.Td>
                    <Badge
                      color={code.redeemable ? undefined : 'gray'}
                      variant="light"
                      data-testid="promotion-code-status"
                    >
                      {t(`promotionCodes.status.${statusOf(code)}`)}
                    </Badge>
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

/** Why a code can or cannot be redeemed now, as the page says it. */
function statusOf(code: PromotionCode): 'valid' | 'usedUp' | 'expired' {
  if (code.redeemable) return 'valid';
  return code.remaining === 0 ? 'usedUp' : 'expired';
}
