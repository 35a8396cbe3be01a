import { Alert, Button, Group, Skeleton, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GalaxyContextWriteSchema, type GalaxyContext } from '@shared/contracts/galaxies';
import { LANGUAGES, type Language } from '@shared/contracts/headers';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { ErrorState } from '../../components/error-state';
import { notifySuccess } from '../../components/notify';
import { useAbility } from '../../lib/ability';
import { errorMessages, errorsFromIssues, translateErrorItem } from '../../lib/errors';
import { useDeleteGalaxyContext, useGalaxyContext, usePutGalaxyContext } from './api/galaxies';

type PerLanguage = Partial<Record<Language, string>>;

function ContextForm({
  galaxyId,
  context,
  canEdit,
}: {
  galaxyId: string;
  context: GalaxyContext | null;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const put = usePutGalaxyContext(galaxyId);
  const [name, setName] = useState<PerLanguage>((context?.name ?? {}) as PerLanguage);
  const [description, setDescription] = useState<PerLanguage>((context?.description ?? {}) as PerLanguage);
  const [local, setLocal] = useState<string[]>([]);
  const removeContext = useDeleteGalaxyContext(galaxyId);
  const removal = useConfirmedRemoval({
    remove: () => removeContext.mutateAsync(undefined),
    title: t('galaxies.context.delete.title'),
    message: <Text>{t('galaxies.context.delete.message')}</Text>,
    confirmLabel: t('galaxies.context.delete.confirm'),
    cancelLabel: t('galaxies.common.cancel'),
    success: 'galaxies.context.deleted',
    testId: 'context-delete',
  });
  const clean = (values: PerLanguage) =>
    Object.fromEntries(
      Object.entries(values)
        .filter(([, v]) => v && v.trim() !== '')
        .map(([k, v]) => [k, v!.trim()]),
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: clean(name),
      description: clean(description),
      substitutions: context?.substitutions ?? {},
      overrides: context?.overrides ?? {},
      ...(context ? { updateDate: context.updateDate } : {}),
    };
    const parsed = GalaxyContextWriteSchema.safeParse(body);
    if (!parsed.success) {
      setLocal(errorsFromIssues(parsed.error.issues, body).map((i) => translateErrorItem(i, t)));
      return;
    }
    setLocal([]);
    put.mutate(body, { onSuccess: () => notifySuccess('galaxies.context.saved') });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="context-form">
      <Stack>
        <Text size="sm">{t('galaxies.context.note')}</Text>
        {LANGUAGES.map((lng) => (
          <Stack key={lng} gap={4}>
            <TextInput
              label={t('galaxies.context.name', { language: t(`galaxies.languages.${lng}`) })}
              value={name[lng] ?? ''}
              readOnly={!canEdit}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setName((v) => ({ ...v, [lng]: value }));
              }}
            />
            <Textarea
              label={t('galaxies.context.description', { language: t(`galaxies.languages.${lng}`) })}
              value={description[lng] ?? ''}
              readOnly={!canEdit}
              autosize
              minRows={2}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setDescription((v) => ({ ...v, [lng]: value }));
              }}
            />
          </Stack>
        ))}
        <Text size="sm" c="dimmed">
          {t('galaxies.context.kept', {
            substitutions: Object.values(context?.substitutions ?? {}).flat().length,
            overrides: Object.keys(context?.overrides ?? {}).length,
          })}
        </Text>
        {(local.length > 0 || put.error) && (
          <Alert color="red" role="alert" data-testid="context-error">
            {local.length > 0 ? local.join('; ') : errorMessages(put.error, t)}
          </Alert>
        )}
        {canEdit && (
          <Group justify="flex-end">
            {context && (
              <Button
                variant="subtle"
                color="red"
                onClick={() => removal.ask()}
                data-testid="context-delete-button"
              >
                {t('galaxies.context.delete.button')}
              </Button>
            )}
            <Button type="submit" loading={put.isPending} data-testid="context-save">
              {t('galaxies.context.save')}
            </Button>
          </Group>
        )}
      </Stack>
      {removal.dialog}
    </form>
  );
}

/** Tab "context" (spec 02 §2): the galaxy's context, used by its spheres that have none of their own. */
export function GalaxyContextTab({ galaxyId }: { galaxyId: string }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const context = useGalaxyContext(galaxyId);
  if (context.isPending) return <Skeleton height={200} data-testid="context-loading" />;
  if (context.isError)
    return (
      <ErrorState
        title={t('galaxies.context.loadError')}
        error={context.error}
        onRetry={() => void context.refetch()}
      />
    );
  return (
    <ContextForm
      key={context.data.context?.updateDate ?? 'none'}
      galaxyId={galaxyId}
      context={context.data.context}
      canEdit={ability.can('put', 'galaxy') || ability.can('manage', 'galaxy')}
    />
  );
}
