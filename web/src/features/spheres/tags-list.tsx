import { useState } from 'react';
import {
  Badge,
  Button,
  ColorSwatch,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Language } from '@shared/contracts/headers';
import type { Tag } from '@shared/contracts/tags';
import { tagName } from '@shared/domain/tags';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { ErrorState } from '../../components/error-state';
import { notifySuccess } from '../../components/notify';
import { overlaySearch } from '../../lib/overlays';
import { currentLanguage } from '../../i18n';
import { useInitializeTags, useTags, useUpdateTag } from './api/tags';

/** The `addOrUpdateTag` overlay on this page: a new tag, or the one named. */
export function tagOverlaySearch(search: string, sphereId: string, tagId?: string): string {
  const params = new URLSearchParams(overlaySearch(search, 'addOrUpdateTag'));
  params.set('sphereId', sphereId);
  if (tagId) params.set('tagId', tagId);
  else params.delete('tagId');
  return `?${params.toString()}`;
}

type Shown = 'false' | 'true' | 'all';

/**
 * A sphere's tags for its admins (spec 01 §2 sphere page: tags): active or archived ones, each
 * with its type, modules and whether the automation gives it; add, edit, archive and restore (each
 * confirmed), and the starter set for a sphere that has none.
 */
export function TagsList({ sphereId, primary }: { sphereId: string; primary: Language }) {
  const { t } = useTranslation();
  const location = useLocation();
  const language = currentLanguage();
  const [shown, setShown] = useState<Shown>('false');
  const tags = useTags(sphereId, shown === 'all' ? undefined : shown);
  const initialize = useInitializeTags(sphereId);
  const update = useUpdateTag(sphereId);
  const label = (tag: Tag) => tagName(tag.name, language, primary);
  /** Archiving a tag, or restoring an archived one. */
  const change = useConfirmedRemoval<Tag>({
    remove: ({ id, name, type, color, weight, modules, keywords, archived }) =>
      update.mutateAsync({
        tagId: id,
        body: { name, type, color, weight, modules, keywords, archived: !archived },
      }),
    title: (tag) =>
      t(tag.archived ? 'spheres.tags.restoreTitle' : 'spheres.tags.archiveTitle', { name: label(tag) }),
    message: (tag) => (
      <Text size="sm">{t(tag.archived ? 'spheres.tags.restoreMessage' : 'spheres.tags.archiveMessage')}</Text>
    ),
    confirmLabel: (tag) => t(tag.archived ? 'spheres.tags.restore' : 'spheres.tags.archive'),
    cancelLabel: t('spheres.tags.cancel'),
    destructive: (tag) => !tag.archived,
    success: (tag) => ({
      key: tag.archived ? 'spheres.tags.restoredDone' : 'spheres.tags.archivedDone',
      values: { name: label(tag) },
    }),
    testId: 'tag-state',
  });

  let body;
  if (tags.isPending) body = <Skeleton height={160} />;
  else if (tags.isError)
    body = (
      <ErrorState
        title={t('spheres.tags.loadError')}
        error={tags.error}
        onRetry={() => void tags.refetch()}
      />
    );
  else if (tags.data.items.length === 0)
    body = (
      <Stack gap="xs" align="flex-start" data-testid="tags-empty">
        <Text c="dimmed">{t(shown === 'true' ? 'spheres.tags.noneArchived' : 'spheres.tags.empty')}</Text>
        {shown !== 'true' && (
          <Button
            variant="light"
            loading={initialize.isPending}
            onClick={() =>
              initialize.mutate(undefined, {
                onSuccess: (added) =>
                  notifySuccess('spheres.tags.initialized', { values: { count: added.items.length } }),
              })
            }
            data-testid="tags-initialize"
          >
            {t('spheres.tags.initialize')}
          </Button>
        )}
      </Stack>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={620}>
        <Table striped data-testid="tags-table">
          <Table.Caption>{t('spheres.tags.count', { count: tags.data.count })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('spheres.tags.name')}</Table.Th>
              <Table.Th scope="col">{t('spheres.tags.type')}</Table.Th>
              <Table.Th scope="col">{t('spheres.tags.weight')}</Table.Th>
              <Table.Th scope="col">{t('spheres.tags.state')}</Table.Th>
              <Table.Th scope="col">{t('spheres.tags.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tags.data.items.map((tag) => (
              <Table.Tr key={tag.id} data-testid={`tag-row-${tag.id}`}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch color={tag.color} size={14} aria-hidden />
                    <Text size="sm">{label(tag)}</Text>
                    <Text size="xs" c="dimmed">
                      {tag.shortId}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>{t(`spheres.tags.types.${tag.type}`)}</Table.Td>
                <Table.Td>{tag.weight}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge size="sm" variant="light" color={tag.archived ? 'dark' : undefined}>
                      {t(tag.archived ? 'spheres.tags.archived' : 'spheres.tags.active')}
                    </Badge>
                    {tag.autoTag && (
                      <Badge size="sm" variant="outline">
                        {t('spheres.tags.auto')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {!tag.archived && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        component={Link}
                        to={tagOverlaySearch(location.search, sphereId, tag.id)}
                        aria-label={t('spheres.tags.editOf', { name: label(tag) })}
                        data-testid={`tag-edit-${tag.id}`}
                      >
                        {t('spheres.tags.edit')}
                      </Button>
                    )}
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color={tag.archived ? undefined : 'red'}
                      onClick={() => change.ask(tag)}
                      aria-label={t(tag.archived ? 'spheres.tags.restoreOf' : 'spheres.tags.archiveOf', {
                        name: label(tag),
                      })}
                      data-testid={`tag-${tag.archived ? 'restore' : 'archive'}-${tag.id}`}
                    >
                      {t(tag.archived ? 'spheres.tags.restore' : 'spheres.tags.archive')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="sm" data-testid="tags-list">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          value={shown}
          onChange={(v) => setShown(v as Shown)}
          aria-label={t('spheres.tags.show')}
          data={[
            { value: 'false', label: t('spheres.tags.showActive') },
            { value: 'true', label: t('spheres.tags.showArchived') },
            { value: 'all', label: t('spheres.tags.showAll') },
          ]}
          data-testid="tags-shown"
        />
        <Button
          component={Link}
          to={tagOverlaySearch(location.search, sphereId)}
          variant="light"
          data-testid="tag-add"
        >
          {t('spheres.tags.add')}
        </Button>
      </Group>
      {body}
      {change.dialog}
    </Stack>
  );
}
