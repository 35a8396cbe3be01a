import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Language } from '@shared/contracts/headers';
import type { TagSelection } from '@shared/contracts/tags';
import { tagName } from '@shared/domain/tags';
import { ErrorState } from '../../components/error-state';
import { overlaySearch } from '../../lib/overlays';
import { currentLanguage } from '../../i18n';
import { useTagSelections, useTags } from './api/tags';

function selectionSearch(search: string, sphereId: string, selectionId: string): string {
  const params = new URLSearchParams(overlaySearch(search, 'addOrUpdateTagsSelection'));
  params.set('sphereId', sphereId);
  params.set('selectionId', selectionId);
  return `?${params.toString()}`;
}

/**
 * A sphere's tag automation (spec 01 §2 sphere page: tag-selection automation): for age, gender
 * and seniority, the rules in words and a button to change them.
 */
export function TagRules({ sphereId, primary }: { sphereId: string; primary: Language }) {
  const { t } = useTranslation();
  const location = useLocation();
  const language = currentLanguage();
  const selections = useTagSelections(sphereId);
  const tags = useTags(sphereId);
  if (selections.isPending || tags.isPending) return <Skeleton height={200} />;
  if (selections.isError || tags.isError)
    return (
      <ErrorState
        title={t('spheres.rules.loadError')}
        error={selections.error ?? tags.error}
        onRetry={() => void Promise.all([selections.refetch(), tags.refetch()])}
      />
    );
  const names = new Map(tags.data.items.map((tag) => [tag.id, tagName(tag.name, language, primary)]));
  const named = (ids: readonly string[]) => ids.map((id) => names.get(id) ?? id).join(', ');
  const sentence = (selection: TagSelection, rule: TagSelection['rules'][number]) => {
    const value =
      selection.selectionId === 'user_gender' && typeof rule.value === 'string'
        ? t(`spheres.rules.genders.${rule.value}`, { defaultValue: rule.value })
        : rule.value;
    return t(`spheres.rules.sentence.${rule.condition}`, {
      field: t(`spheres.rules.fields.${selection.selectionId}`).toLocaleLowerCase(),
      operator: rule.operator ? t(`spheres.rules.operators.${rule.operator}`) : '',
      value,
      tags: named(rule.tagIds),
    });
  };
  return (
    <Stack gap="sm" data-testid="tag-rules">
      <Text size="sm" c="dimmed">
        {t('spheres.rules.explain')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {selections.data.items.map((selection) => (
          <Card
            key={selection.selectionId}
            withBorder
            component="section"
            aria-labelledby={`rules-${selection.selectionId}`}
            data-testid={`tag-rules-${selection.selectionId}`}
          >
            <Stack gap="xs">
              <Group justify="space-between">
                <Title order={3} size="h5" id={`rules-${selection.selectionId}`}>
                  {t(`spheres.rules.fields.${selection.selectionId}`)}
                </Title>
                <Badge size="sm" variant="light" color={selection.rules.length ? undefined : 'dark'}>
                  {t('spheres.rules.ruleCount', { count: selection.rules.length })}
                </Badge>
              </Group>
              {selection.rules.length === 0 && !selection.defaultTagId ? (
                <Text size="sm" c="dimmed">
                  {t('spheres.rules.none')}
                </Text>
              ) : (
                <Stack gap={2} component="ol" style={{ paddingInlineStart: '1.2em', margin: 0 }}>
                  {selection.rules.map((rule, i) => (
                    <Text key={i} size="sm" component="li">
                      {sentence(selection, rule)}
                    </Text>
                  ))}
                  {selection.defaultTagId && (
                    <Text size="sm" component="li">
                      {t('spheres.rules.sentence.default', { tags: named([selection.defaultTagId]) })}
                    </Text>
                  )}
                </Stack>
              )}
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  component={Link}
                  to={selectionSearch(location.search, sphereId, selection.selectionId)}
                  data-testid={`tag-rules-edit-${selection.selectionId}`}
                >
                  {t('spheres.rules.edit')}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
