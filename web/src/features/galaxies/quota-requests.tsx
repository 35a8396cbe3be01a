import { Badge, Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuotaRequest } from '@shared/contracts/galaxies';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { notifyError, notifySuccess } from '../../components/notify';
import { quotaKindName } from '../../lib/quota-kinds';
import { useDecideQuotaRequest, useDeleteQuotaRequest } from './api/galaxies';

/** Validate or reject one pending request, with an optional comment (spec 02 §4). */
export function RequestDecision({ request }: { request: QuotaRequest }) {
  const { t } = useTranslation();
  const decide = useDecideQuotaRequest();
  const [comment, setComment] = useState('');
  const send = (decision: 'validated' | 'rejected') =>
    decide.mutate(
      {
        galaxyId: request.galaxyId,
        requestId: request.id,
        body: { decision, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      },
      {
        onSuccess: () => notifySuccess(`galaxies.requests.${decision}`),
        onError: (error) => notifyError(error),
      },
    );
  return (
    <Stack gap={4}>
      <Textarea
        label={t('galaxies.requests.comment')}
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        autosize
        minRows={1}
      />
      <Group gap="xs">
        <Button
          size="xs"
          loading={decide.isPending}
          onClick={() => send('validated')}
          data-testid="request-validate"
        >
          {t('galaxies.requests.validate')}
        </Button>
        <Button
          size="xs"
          variant="outline"
          color="red"
          loading={decide.isPending}
          onClick={() => send('rejected')}
          data-testid="request-reject"
        >
          {t('galaxies.requests.reject')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A list of change requests: kind, values, reason, status, who and when, and their actions. */
export function QuotaRequestTable({
  requests,
  galaxyId,
  canDecide,
  canDelete,
  showGalaxy = false,
}: {
  requests: readonly QuotaRequest[];
  galaxyId?: string;
  canDecide: boolean;
  canDelete: boolean;
  showGalaxy?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteQuotaRequest(galaxyId ?? '');
  const removal = useConfirmedRemoval<QuotaRequest>({
    remove: (request) => remove.mutateAsync(request.id),
    title: t('galaxies.requests.delete.title'),
    message: (request) => (
      <Text>{t('galaxies.requests.delete.message', { kind: quotaKindName(request.kind, t) })}</Text>
    ),
    confirmLabel: t('galaxies.requests.delete.confirm'),
    cancelLabel: t('galaxies.common.cancel'),
    success: 'galaxies.requests.deleted',
    testId: 'request-delete',
  });
  const date = (iso: string | undefined) => (iso ? new Date(iso).toLocaleString(i18n.language) : '');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table data-testid="quota-requests">
        <Table.Thead>
          <Table.Tr>
            {showGalaxy && <Table.Th>{t('galaxies.requests.galaxy')}</Table.Th>}
            <Table.Th>{t('galaxies.requests.kind')}</Table.Th>
            <Table.Th>{t('galaxies.requests.values')}</Table.Th>
            <Table.Th>{t('galaxies.requests.reason')}</Table.Th>
            <Table.Th>{t('galaxies.requests.status')}</Table.Th>
            <Table.Th>{t('galaxies.requests.who')}</Table.Th>
            <Table.Th>{t('galaxies.requests.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request.id} data-testid="quota-request">
              {showGalaxy && <Table.Td>{request.galaxyName}</Table.Td>}
              <Table.Td>{quotaKindName(request.kind, t)}</Table.Td>
              <Table.Td>
                {t('galaxies.requests.fromTo', {
                  from: request.currentValue ?? t('galaxies.quotas.noLimit'),
                  to: request.requestedValue,
                })}
              </Table.Td>
              <Table.Td>{request.reason}</Table.Td>
              <Table.Td>
                <Badge variant="outline">{t(`galaxies.requests.statuses.${request.status}`)}</Badge>
                {request.comment && <Text size="sm">{request.comment}</Text>}
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {t('galaxies.requests.askedBy', {
                    name: request.requestedBy.name,
                    date: date(request.createdAt),
                  })}
                </Text>
                {request.decidedBy && (
                  <Text size="sm">
                    {t('galaxies.requests.decidedBy', {
                      name: request.decidedBy.name,
                      date: date(request.decidedAt),
                    })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {request.status === 'pending' && (
                  <Stack gap={4}>
                    {canDecide && <RequestDecision request={request} />}
                    {canDelete && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => removal.ask(request)}
                        data-testid="request-delete-button"
                      >
                        {t('galaxies.requests.delete.button')}
                      </Button>
                    )}
                  </Stack>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {removal.dialog}
    </Table.ScrollContainer>
  );
}
