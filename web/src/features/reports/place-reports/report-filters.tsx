import { useMemo } from 'react';
import { Group, MultiSelect, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/contracts/headers';
import type { ReportGroups, Tag } from '@shared/contracts/tags';
import { PRIVACY_MAX_GROUP_TAGS } from '@shared/domain/report-privacy';
import { tagName } from '@shared/domain/tags';

/** The names of the chosen tags, in the reader's language (else the sphere's, else any). */
export function tagLabel(
  tag: Pick<Tag, 'id' | 'name'> & { shortId?: string },
  language: Language,
  primary: Language | undefined,
): string {
  return tagName(tag.name, language, primary) || tag.shortId || tag.id;
}

/** A tag the report may be narrowed to: its label, and why its figures would be hidden today. */
export interface GroupChoice {
  id: string;
  label: string;
  hint?: string | undefined;
}

/**
 * Why a sphere's group would be hidden today (decision 0030), before the reader picks it: a tag
 * fewer than the threshold hold, or, once a first tag is chosen, a second one fewer hold together
 * with it. Only a hint: the report counts the tags people held when they answered.
 */
export function groupHint(
  group: ReportGroups['items'][number],
  groups: Pick<ReportGroups, 'threshold' | 'pairThreshold'>,
  firstTagId: string | undefined,
  t: TFunction,
): string | undefined {
  if (firstTagId !== undefined && group.tagId !== firstTagId)
    return group.pairEnough === false
      ? t('reports.filters.fewHoldBoth', { threshold: groups.pairThreshold })
      : undefined;
  return group.enough ? undefined : t('reports.filters.fewHoldTag', { threshold: groups.threshold });
}

/** An option of the group choice: its label, and under it why its figures would be hidden today. */
export function GroupOption({ label, hint }: { label: string; hint: string | undefined }) {
  if (!hint) return <span>{label}</span>;
  return (
    <Stack gap={0} data-testid="report-group-hint">
      <Group gap={6} wrap="nowrap">
        {/* A sign beside the words, not a colour alone. */}
        <Text span fw={700} aria-hidden>
          ⚠
        </Text>
        <span>{label}</span>
      </Group>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}

/**
 * The group a report is narrowed to: 0 to 2 tags (PRIVACY_MAX_GROUP_TAGS), each option with its
 * small-group hint. A tag too small today stays selectable: the people held their tags when they
 * answered, and past periods may have had more of them.
 */
export function GroupFilter({
  label,
  whole,
  tagIds,
  onChange,
  options,
  pending,
}: {
  label: string;
  /** What the report covers when no tag is chosen. */
  whole: string;
  tagIds: string[];
  onChange: (tagIds: string[]) => void;
  options: readonly { id: string; label: string; hint?: string | undefined }[];
  pending: boolean;
}) {
  const { t } = useTranslation();
  const hints = useMemo(() => new Map(options.map((o) => [o.id, o.hint])), [options]);
  const full = tagIds.length >= PRIVACY_MAX_GROUP_TAGS;
  return (
    <MultiSelect
      label={label}
      description={t('reports.filters.groupHelp', { chosen: tagIds.length, max: PRIVACY_MAX_GROUP_TAGS })}
      placeholder={tagIds.length ? undefined : whole}
      value={tagIds}
      onChange={(value) => onChange(value.slice(0, PRIVACY_MAX_GROUP_TAGS))}
      maxValues={PRIVACY_MAX_GROUP_TAGS}
      data={options.map(({ id, label: name }) => ({
        value: id,
        label: name,
        disabled: full && !tagIds.includes(id),
      }))}
      renderOption={({ option }) => <GroupOption label={option.label} hint={hints.get(option.value)} />}
      searchable
      clearable
      disabled={pending}
      miw={260}
      data-testid="report-group"
    />
  );
}
