import { useState } from 'react';
import { Alert, Button, Card, FileButton, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createMembersBulk, MEMBERS_BULK_MAX, type MemberBulkResult } from '@shared/contracts/spheres';
import { callApi } from '../../lib/api';
import { errorMessages, translateErrorItem } from '../../lib/errors';
import { spheresKey } from './api/spheres';

/** One person per line: a name and an address, separated by a semicolon, a comma or a tab. */
export function parseMemberLines(text: string): { name: string; email: string }[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const parts = line.split(/[;,\t]/).map((p) => p.trim());
      const email = parts.find((p) => p.includes('@')) ?? '';
      const name = parts
        .filter((p) => p !== email)
        .join(' ')
        .trim();
      return { name, email };
    });
}

/**
 * Adding many members at once (spec 01 §7 members bulk): a pasted or uploaded list, one person per
 * line, then a result for each row (added, waiting for the person, already a member, or why not).
 */
export function MembersBulk({ sphereId }: { sphereId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const bulk = useMutation({
    mutationFn: (rows: { name: string; email: string }[]) =>
      callApi(createMembersBulk, { body: { sphereId, rows } }),
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...spheresKey, 'members', sphereId] }),
  });
  const rows = parseMemberLines(text);
  if (!opened)
    return (
      <Button variant="subtle" onClick={() => setOpened(true)} data-testid="members-bulk-open">
        {t('spheres.members.bulk.open')}
      </Button>
    );
  return (
    <Card withBorder component="section" aria-labelledby="members-bulk-title">
      <Stack gap="xs">
        <Text fw={600} id="members-bulk-title">
          {t('spheres.members.bulk.title')}
        </Text>
        <Textarea
          label={t('spheres.members.bulk.label')}
          description={t('spheres.members.bulk.help', { max: MEMBERS_BULK_MAX })}
          autosize
          minRows={4}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-testid="members-bulk-text"
        />
        <Group>
          <FileButton
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(file) => void file?.text().then(setText)}
          >
            {(props) => (
              <Button variant="default" {...props}>
                {t('spheres.members.bulk.upload')}
              </Button>
            )}
          </FileButton>
          <Button
            loading={bulk.isPending}
            disabled={rows.length === 0 || rows.length > MEMBERS_BULK_MAX}
            onClick={() => bulk.mutate(rows)}
            data-testid="members-bulk-submit"
          >
            {t('spheres.members.bulk.submit', { count: rows.length })}
          </Button>
        </Group>
        {bulk.isError && (
          <Alert color="red" role="alert">
            {errorMessages(bulk.error, t)}
          </Alert>
        )}
        {bulk.data && (
          <Table data-testid="members-bulk-results" withTableBorder>
            <Table.Caption>{t('spheres.members.bulk.results')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('spheres.members.bulk.row')}</Table.Th>
                <Table.Th scope="col">{t('spheres.members.email')}</Table.Th>
                <Table.Th scope="col">{t('spheres.members.bulk.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bulk.data.items.map((r: MemberBulkResult) => (
                <Table.Tr key={r.row}>
                  <Table.Td>{r.row}</Table.Td>
                  <Table.Td>{r.email}</Table.Td>
                  <Table.Td>
                    <Text span fw={600} size="sm">
                      {t(`spheres.members.bulk.status.${r.status}`)}
                    </Text>{' '}
                    {(r.errors ?? []).map((e) => translateErrorItem(e, t)).join(' ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
