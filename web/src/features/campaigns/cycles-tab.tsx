import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CycleCreateSchema,
  type Campaign,
  type Cycle,
  type CycleCreateInput,
} from '@shared/contracts/campaigns';
import type { FieldError } from '@shared/contracts/errors';
import type { Sphere } from '@shared/contracts/spheres';
import type { MultilingualText } from '@shared/contracts/text';
import { cycleDateProblems } from '@shared/domain/campaigns';
import { textIn } from '@shared/domain/sessions';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { listStatus } from '../../components/list-status';
import { notifySuccess } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { errorsFromIssues } from '../../lib/errors';
import { useCycles, useDeleteCycle, useSaveCycle } from './api/campaigns';
import {
  MultilingualInput,
  StatusBadge,
  fieldMessages,
  fromLocalInput,
  sphereLanguages,
  toLocalInput,
} from './parts';

/** A cycle's fields as a PUT or POST sends them back. */
export function cycleBody(cycle: Cycle): CycleCreateInput {
  return {
    internalLabel: cycle.internalLabel,
    message: cycle.message,
    measureIds: cycle.measureIds,
    start: cycle.start,
    end: cycle.end,
    notifications: cycle.notifications,
    allowRefuse: cycle.allowRefuse,
    isTest: cycle.isTest,
  };
}

/** A cycle's dates as a person reads them. */
export function cycleDates(cycle: { start?: string | undefined; end?: string | undefined }, none: string) {
  return {
    start: cycle.start ? formatDateTime(cycle.start) : none,
    end: cycle.end ? formatDateTime(cycle.end) : none,
  };
}

/**
 * The cycles tab (spec 02 §3 Cycle, §5): the campaign's cycles with their statuses, and a cycle
 * added or changed — label, message, measures asked, dates, refusal allowed, test cycle. A cycle
 * cannot start before the previous one ends: checked here first, then by the server, each problem
 * shown on its field.
 */
export function CyclesTab({ campaign, sphere }: { campaign: Campaign; sphere: Sphere }) {
  const { t } = useTranslation();
  const cycles = useCycles(campaign.campaignId);
  const [editing, setEditing] = useState<Cycle | 'new'>();
  const remove = useDeleteCycle(campaign.campaignId);
  const removal = useConfirmedRemoval<Cycle>({
    remove: (cycle) => remove.mutateAsync(cycle.cycleId),
    title: (cycle) => t('campaigns.cycles.removeTitle', { name: cycle.internalLabel }),
    message: <Text>{t('campaigns.cycles.removeText')}</Text>,
    confirmLabel: t('campaigns.cycles.remove'),
    cancelLabel: t('campaigns.cycles.keep'),
    success: 'campaigns.cycles.removed',
    testId: 'cycle-remove',
  });
  const status = listStatus(cycles, {
    loadError: t('campaigns.cycles.loadError'),
    empty: t('campaigns.cycles.empty'),
    skeletonHeight: 120,
    testIds: { loading: 'cycles-loading', error: 'cycles-error', empty: 'cycles-empty' },
  });
  const none = t('campaigns.list.noDate');
  return (
    <Stack data-testid="cycles-tab">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('campaigns.cycles.title')}
        </Title>
        {editing === undefined && campaign.active && (
          <Button onClick={() => setEditing('new')} data-testid="cycle-add">
            {t('campaigns.cycles.add')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('campaigns.cycles.intro')}
      </Text>
      {editing !== undefined && cycles.data && (
        <CycleForm
          key={editing === 'new' ? 'new' : editing.updateDate}
          campaign={campaign}
          sphere={sphere}
          cycle={editing === 'new' ? undefined : editing}
          others={cycles.data.items}
          onDone={() => setEditing(undefined)}
        />
      )}
      {status ??
        (cycles.data && (
          <Table.ScrollContainer minWidth={640}>
            <Table data-testid="cycles-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('campaigns.cycles.label')}</Table.Th>
                  <Table.Th>{t('campaigns.cycles.status')}</Table.Th>
                  <Table.Th>{t('campaigns.fields.start')}</Table.Th>
                  <Table.Th>{t('campaigns.fields.end')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('campaigns.cycles.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {cycles.data.items.map((c) => (
                  <Table.Tr key={c.cycleId} data-testid={`cycle-row-${c.cycleId}`}>
                    <Table.Td>
                      {c.internalLabel}
                      {c.isTest && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          ({t('campaigns.cycles.testCycle')})
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge kind="cycle" status={c.status} testId={`cycle-status-${c.cycleId}`} />
                    </Table.Td>
                    <Table.Td>{cycleDates(c, none).start}</Table.Td>
                    <Table.Td>{cycleDates(c, none).end}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {c.status !== 'closed' && (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            c="blue.9"
                            onClick={() => setEditing(c)}
                            aria-label={t('campaigns.cycles.editNamed', { name: c.internalLabel })}
                            data-testid={`cycle-edit-${c.cycleId}`}
                          >
                            {t('campaigns.cycles.edit')}
                          </Button>
                        )}
                        {(c.status === 'draft' || c.status === 'cancelled') && (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            c="red.9"
                            onClick={() => removal.ask(c)}
                            aria-label={t('campaigns.cycles.removeNamed', { name: c.internalLabel })}
                            data-testid={`cycle-remove-${c.cycleId}`}
                          >
                            {t('campaigns.cycles.remove')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      {editing !== undefined && !cycles.data && <Skeleton height={200} />}
      {removal.dialog}
    </Stack>
  );
}

function CycleForm({
  campaign,
  sphere,
  cycle,
  others,
  onDone,
}: {
  campaign: Campaign;
  sphere: Sphere;
  cycle: Cycle | undefined;
  others: readonly Cycle[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const save = useSaveCycle(campaign.campaignId);
  const [label, setLabel] = useState(cycle?.internalLabel ?? '');
  const [message, setMessage] = useState<MultilingualText>(cycle?.message ?? {});
  const [measureIds, setMeasureIds] = useState<string[]>(cycle?.measureIds ?? []);
  const [start, setStart] = useState(toLocalInput(cycle?.start));
  const [end, setEnd] = useState(toLocalInput(cycle?.end));
  const [allowRefuse, setAllowRefuse] = useState(cycle?.allowRefuse ?? true);
  const [isTest, setIsTest] = useState(cycle?.isTest ?? false);
  const [found, setFound] = useState<FieldError[]>([]);
  const problems = fieldMessages(found, save.error, t);

  const submit = () => {
    const body: CycleCreateInput = {
      internalLabel: label,
      message,
      measureIds,
      start: fromLocalInput(start),
      end: fromLocalInput(end),
      notifications: cycle?.notifications ?? [],
      allowRefuse,
      isTest,
    };
    const parsed = CycleCreateSchema.safeParse(body);
    const schemaProblems = parsed.success ? [] : errorsFromIssues(parsed.error.issues, body);
    const dateProblems = isTest
      ? []
      : cycleDateProblems(
          { id: cycle?.cycleId ?? '', start: body.start, end: body.end },
          others
            .filter((c) => c.status !== 'cancelled' && !c.isTest)
            .map((c) => ({ id: c.cycleId, start: c.start, end: c.end })),
        );
    const all = [...schemaProblems, ...dateProblems];
    setFound(all);
    if (all.length > 0) return;
    save.mutate(
      { ...body, cycleId: cycle?.cycleId, updateDate: cycle?.updateDate },
      {
        onSuccess: () => {
          notifySuccess(cycle ? 'campaigns.cycles.saved' : 'campaigns.cycles.created');
          onDone();
        },
      },
    );
  };

  return (
    <Paper withBorder p="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        data-testid="cycle-form"
      >
        <Stack>
          <Title order={3} size="h5">
            {cycle
              ? t('campaigns.cycles.editTitle', { name: cycle.internalLabel })
              : t('campaigns.cycles.newTitle')}
          </Title>
          <TextInput
            label={t('campaigns.cycles.label')}
            required
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            error={problems.messageFor('internalLabel')}
            data-testid="cycle-label"
          />
          <MultilingualInput
            label={t('campaigns.cycles.message')}
            value={message}
            languages={sphereLanguages(sphere)}
            onChange={setMessage}
            multiline
            error={problems.messageFor('message')}
            testId="cycle-message"
          />
          <Checkbox.Group
            label={t('campaigns.cycles.measures')}
            description={t('campaigns.cycles.measuresHint')}
            value={measureIds}
            onChange={setMeasureIds}
            error={problems.messageFor('measureIds')}
            data-testid="cycle-measures"
          >
            <Stack gap={4} mt="xs">
              {campaign.measures.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('campaigns.cycles.noMeasures')}
                </Text>
              )}
              {campaign.measures.map((m, index) => (
                <Checkbox
                  key={m.id}
                  value={m.id}
                  label={`${index + 1}. ${textIn(m.title, language) || t(`campaigns.measures.types.${m.type}`)}`}
                  data-testid={`cycle-measure-${index}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="datetime-local"
              label={t('campaigns.fields.start')}
              value={start}
              onChange={(e) => setStart(e.currentTarget.value)}
              error={problems.messageFor('start')}
              data-testid="cycle-start"
            />
            <TextInput
              type="datetime-local"
              label={t('campaigns.fields.end')}
              value={end}
              onChange={(e) => setEnd(e.currentTarget.value)}
              error={problems.messageFor('end')}
              data-testid="cycle-end"
            />
          </SimpleGrid>
          <Switch
            label={t('campaigns.cycles.allowRefuse')}
            checked={allowRefuse}
            onChange={(e) => setAllowRefuse(e.currentTarget.checked)}
            data-testid="cycle-allow-refuse"
          />
          <Switch
            label={t('campaigns.cycles.isTest')}
            checked={isTest}
            onChange={(e) => setIsTest(e.currentTarget.checked)}
            data-testid="cycle-is-test"
          />
          {problems.general.length > 0 && (
            <Alert color="red" role="alert" data-testid="cycle-problem">
              {problems.general.join('; ')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone} data-testid="cycle-cancel">
              {t('campaigns.cycles.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="cycle-save">
              {t('campaigns.cycles.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
