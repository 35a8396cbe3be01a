import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  List,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Axis, ContextAxes } from '@shared/contracts/thinkings';
import { CONTEXT_AXES_MAX, inLanguage } from '@shared/domain/thinkings';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { ErrorState } from '../../components/error-state';
import { currentLanguage } from '../../i18n';
import { useAxisCatalogue, useContextAxes, useSaveContextAxes, type AxesOwner } from './api/thinking-axes';

const axisLabel = (axis: Axis | undefined, id: string) =>
  (axis && inLanguage(axis.name, currentLanguage())) || id;

/**
 * The thinking axes a sphere asks one category of its members, or a session one group of questions
 * (spec 01 §7): the catalogue's required axes, always asked, then the list chosen here, in order.
 * A session with no list of its own asks its sphere's; it may have its own only where the sphere
 * allows it.
 */
export function ThinkingAxesEditor({ owner, testId }: { owner: AxesOwner; testId: string }) {
  const { t } = useTranslation();
  const current = useContextAxes(owner);
  const catalogue = useAxisCatalogue(owner.scope);
  if (current.isPending || catalogue.isPending)
    return <Skeleton height={160} data-testid={`${testId}-loading`} />;
  if (current.isError || catalogue.isError)
    return (
      <ErrorState
        title={t('spheres.axes.loadError')}
        error={current.error ?? catalogue.error}
        onRetry={() => void Promise.all([current.refetch(), catalogue.refetch()])}
        testId={`${testId}-error`}
      />
    );
  return (
    <AxesList
      // A saved answer starts from the new list.
      key={current.data.updatedAt ?? 'none'}
      owner={owner}
      current={current.data}
      offered={catalogue.data.items}
      testId={testId}
    />
  );
}

function AxesList({
  owner,
  current,
  offered,
  testId,
}: {
  owner: AxesOwner;
  current: ContextAxes;
  offered: readonly Axis[];
  testId: string;
}) {
  const { t } = useTranslation();
  const save = useSaveContextAxes(owner);
  const [ids, setIds] = useState<string[]>(current.axisIds);
  const [adding, setAdding] = useState('');
  /** Back to the sphere's axes: the session's own list emptied. */
  const resetting = useConfirmedRemoval({
    remove: () => save.mutateAsync([]),
    title: t('spheres.axes.resetTitle'),
    message: t('spheres.axes.resetMessage'),
    confirmLabel: t('spheres.axes.reset'),
    cancelLabel: t('spheres.axes.cancel'),
    testId: `${testId}-reset-dialog`,
  });
  const known = new Map([...offered, ...current.axes].map((a) => [a.id, a]));
  const required = current.axes.filter((a) => a.required);
  const choosable = offered.filter((a) => !a.required && !ids.includes(a.id));
  const changed = ids.join() !== current.axisIds.join();
  const locked = owner.scope === 'session' && !current.customizable;
  const move = (index: number, by: -1 | 1) =>
    setIds((list) => {
      const next = [...list];
      const [axis] = next.splice(index, 1);
      next.splice(index + by, 0, axis as string);
      return next;
    });

  return (
    <Stack gap="sm" data-testid={testId}>
      <Text size="sm">
        {t(owner.scope === 'sphere' ? `spheres.axes.intro.${owner.category}` : 'spheres.axes.intro.session')}
      </Text>
      {required.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('spheres.axes.required')}
          </Title>
          <List size="sm" data-testid={`${testId}-required`}>
            {required.map((a) => (
              <List.Item key={a.id}>{axisLabel(a, a.id)}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      {locked ? (
        <Stack gap={4} data-testid={`${testId}-locked`}>
          <Text size="sm" c="dimmed">
            {t('spheres.axes.locked')}
          </Text>
          <AxesAsked axes={current.axes.filter((a) => !a.required)} testId={`${testId}-asked`} />
        </Stack>
      ) : (
        <>
          {owner.scope === 'session' && current.inherited && (
            <Stack gap={4}>
              <Text size="sm" c="dimmed" data-testid={`${testId}-inherited`}>
                {t('spheres.axes.inherited')}
              </Text>
              <AxesAsked axes={current.axes.filter((a) => !a.required)} testId={`${testId}-asked`} />
            </Stack>
          )}
          <Title order={3} size="h5">
            {t(owner.scope === 'sphere' ? 'spheres.axes.chosen' : 'spheres.axes.chosenSession')}
          </Title>
          {ids.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
              {t(owner.scope === 'sphere' ? 'spheres.axes.empty' : 'spheres.axes.emptySession')}
            </Text>
          ) : (
            <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
              {ids.map((id, index) => {
                const name = axisLabel(known.get(id), id);
                return (
                  <Group component="li" key={id} gap="xs" wrap="nowrap" data-testid={`${testId}-axis-${id}`}>
                    <Badge variant="light" color="gray" aria-hidden>
                      {index + 1}
                    </Badge>
                    <Text size="sm" style={{ flex: 1 }}>
                      {name}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={t('spheres.axes.up', { axis: name })}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      disabled={index === ids.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={t('spheres.axes.down', { axis: name })}
                    >
                      ↓
                    </ActionIcon>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => setIds((list) => list.filter((x) => x !== id))}
                      aria-label={t('spheres.axes.remove', { axis: name })}
                      data-testid={`${testId}-remove-${id}`}
                    >
                      {t('spheres.axes.removeShort')}
                    </Button>
                  </Group>
                );
              })}
            </Stack>
          )}
          {offered.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid={`${testId}-no-catalogue`}>
              {t('spheres.axes.noCatalogue')}
            </Text>
          ) : (
            <Group align="flex-end" gap="xs">
              <NativeSelect
                label={t('spheres.axes.add')}
                value={adding}
                onChange={(e) => setAdding(e.currentTarget.value)}
                data={[
                  { value: '', label: t('spheres.axes.pick') },
                  ...choosable.map((a) => ({ value: a.id, label: axisLabel(a, a.id) })),
                ]}
                disabled={choosable.length === 0 || ids.length >= CONTEXT_AXES_MAX}
                data-testid={`${testId}-pick`}
              />
              <Button
                variant="default"
                disabled={!adding}
                onClick={() => {
                  setIds((list) => [...list, adding]);
                  setAdding('');
                }}
                data-testid={`${testId}-add`}
              >
                {t('spheres.axes.addButton')}
              </Button>
            </Group>
          )}
          <Group>
            <Button
              onClick={() => save.mutate(ids)}
              disabled={!changed}
              loading={save.isPending}
              data-testid={`${testId}-save`}
            >
              {t('spheres.axes.save')}
            </Button>
            {changed && (
              <Button variant="subtle" onClick={() => setIds(current.axisIds)}>
                {t('spheres.axes.undo')}
              </Button>
            )}
            {owner.scope === 'session' && current.axisIds.length > 0 && (
              <Button variant="default" onClick={() => resetting.ask()} data-testid={`${testId}-reset`}>
                {t('spheres.axes.reset')}
              </Button>
            )}
          </Group>
          {resetting.dialog}
        </>
      )}
    </Stack>
  );
}

/** The axes a session asks from its sphere, in order. */
function AxesAsked({ axes, testId }: { axes: readonly Axis[]; testId: string }) {
  const { t } = useTranslation();
  if (axes.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {t('spheres.axes.noneAsked')}
      </Text>
    );
  return (
    <List type="ordered" size="sm" data-testid={testId}>
      {axes.map((a) => (
        <List.Item key={a.id}>{axisLabel(a, a.id)}</List.Item>
      ))}
    </List>
  );
}
