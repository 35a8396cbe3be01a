import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  FORM_DESCRIPTION_MAX_LENGTH,
  MEASURE_TYPE_TITLE_MAX_LENGTH,
  MeasureTypeCreateSchema,
  MeasureTypeUpdateSchema,
  type MeasureType,
  type MeasureTypeCreate,
} from '@shared/contracts/forms';
import { LANGUAGES } from '@shared/contracts/headers';
import type { MultilingualText } from '@shared/contracts/text';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { Dialog } from '../../components/dialog';
import { listStatus } from '../../components/list-status';
import { notifySuccess } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { useAbility } from '../../lib/ability';
import { encodeError, useContractForm } from '../../lib/contract-form';
import { useMeasureTypes } from './api/forms';
import { useCreateMeasureType, useDeleteMeasureType, useUpdateMeasureType } from './api/measure-types';
import { FORMS_ADMIN_PATH } from './paths';

/**
 * The measure types (spec 02 §3: what an answer's `measureType` names, which reports group answers
 * by), for those who manage forms: listed by id, added (an id not empty and not taken), their texts
 * changed, and deleted after a confirmation, which the server refuses while a form uses one.
 */
export default function MeasureTypesPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const allowed = ability.can('manage', 'form-definition');
  const types = useMeasureTypes(allowed);
  /** The dialog open: a new measure type, or the one being changed. */
  const [editing, setEditing] = useState<MeasureType | 'new' | null>(null);
  const remove = useDeleteMeasureType();
  const language = currentLanguage();
  const titleOf = (m: MeasureType) =>
    m.title[language] || LANGUAGES.map((l) => m.title[l]).find((x) => x) || m.id;
  const removal = useConfirmedRemoval<MeasureType>({
    remove: (m) => remove.mutateAsync(m.id),
    title: t('forms.measureTypes.deleteTitle'),
    message: (m) => <Text>{t('forms.measureTypes.deleteText', { title: titleOf(m) })}</Text>,
    confirmLabel: t('forms.measureTypes.delete'),
    cancelLabel: t('forms.cancel'),
    success: (m) => ({ key: 'forms.measureTypes.deleted', values: { title: titleOf(m) } }),
    testId: 'measure-type-delete',
  });

  if (!allowed)
    return (
      <Stack>
        <Title order={1}>{t('forms.measureTypes.title')}</Title>
        <Alert color="gray" data-testid="measure-types-not-allowed">
          {t('forms.admin.notAllowed')}
        </Alert>
      </Stack>
    );

  const status = listStatus(types, {
    loadError: t('forms.measureTypes.loadError'),
    empty: t('forms.measureTypes.empty'),
    skeletonHeight: 120,
    testIds: { loading: 'measure-types-loading', error: 'measure-types-error', empty: 'measure-types-empty' },
  });
  let body;
  if (status || !types.data) body = status;
  else
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="measure-types-table">
          <Table.Caption>{t('forms.measureTypes.count', { count: types.data.count })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('forms.measureTypes.columns.id')}</Table.Th>
              <Table.Th scope="col">{t('forms.measureTypes.columns.title')}</Table.Th>
              <Table.Th scope="col">{t('forms.measureTypes.columns.usedBy')}</Table.Th>
              <Table.Th scope="col">{t('forms.measureTypes.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {types.data.items.map((m) => (
              <Table.Tr key={m.id} data-testid={`measure-type-row-${m.id}`}>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {m.id}
                  </Text>
                </Table.Td>
                <Table.Td>{titleOf(m)}</Table.Td>
                <Table.Td>{t('forms.measureTypes.usedByCount', { count: m.usedBy })}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setEditing(m)}
                      aria-label={t('forms.measureTypes.editLabel', { title: titleOf(m) })}
                      data-testid={`measure-type-edit-${m.id}`}
                    >
                      {t('forms.measureTypes.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      c="red.9"
                      onClick={() => removal.ask(m)}
                      aria-label={t('forms.measureTypes.deleteLabel', { title: titleOf(m) })}
                      data-testid={`measure-type-delete-${m.id}`}
                    >
                      {t('forms.measureTypes.delete')}
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
    <Stack>
      <Anchor component={Link} to={FORMS_ADMIN_PATH} size="sm">
        {t('forms.measureTypes.back')}
      </Anchor>
      <Group justify="space-between">
        <Title order={1}>{t('forms.measureTypes.title')}</Title>
        <Button onClick={() => setEditing('new')} data-testid="measure-types-create">
          {t('forms.measureTypes.create')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('forms.measureTypes.intro')}
      </Text>
      {body}
      {editing !== null && (
        <MeasureTypeDialog
          measureType={editing === 'new' ? undefined : editing}
          taken={types.data?.items.map((m) => m.id) ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {removal.dialog}
    </Stack>
  );
}

/** What the measure type dialog edits: the id (fixed once made) and the texts. */
interface MeasureTypeValues {
  id: string;
  title: MultilingualText;
  description: MultilingualText;
}

/** Adds a measure type (its id, then its texts), or changes the texts of one (its id stays). */
function MeasureTypeDialog({
  measureType,
  taken,
  onClose,
}: {
  measureType: MeasureType | undefined;
  taken: readonly string[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const create = useCreateMeasureType();
  const update = useUpdateMeasureType();
  const saving = measureType ? update : create;
  const defaults: MeasureTypeValues = {
    id: measureType?.id ?? '',
    title: measureType?.title ?? {},
    description: measureType?.description ?? {},
  };
  const form = useContractForm(measureType ? MeasureTypeUpdateSchema : MeasureTypeCreateSchema, defaults, {
    // Its id is fixed once made: only the texts are sent again.
    toBody: ({ id, title, description }) =>
      measureType ? { title, description } : { id: id.trim(), title, description },
    serverError: saving.error,
  });

  const submit = form.handleSubmit((body) => {
    const done = () => {
      notifySuccess(measureType ? 'forms.measureTypes.saved' : 'forms.measureTypes.created');
      onClose();
    };
    if (measureType) return update.mutate({ id: measureType.id, body }, { onSuccess: done });
    const created = body as MeasureTypeCreate;
    // Each id once: the server says so too (409 `exist`), even when two people race.
    if (taken.includes(created.id))
      return form.setError('id', { type: 'exist', message: encodeError({ key: 'exist' }) });
    create.mutate(created, { onSuccess: done });
  });

  return (
    <Dialog
      opened
      onClose={onClose}
      title={t(measureType ? 'forms.measureTypes.editTitle' : 'forms.measureTypes.createTitle')}
      closeLabel={t('forms.cancel')}
      data-testid="measure-type-dialog"
    >
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Stack>
          <TextInput
            label={t('forms.measureTypes.id')}
            description={measureType ? t('forms.measureTypes.idFixed') : t('forms.measureTypes.idHint')}
            {...form.register('id')}
            disabled={measureType !== undefined}
            withAsterisk={measureType === undefined}
            maxLength={64}
            error={form.messageFor('id')}
            data-autofocus={measureType === undefined ? true : undefined}
            data-testid="measure-type-id"
          />
          <Controller
            control={form.control}
            name="title"
            render={({ field: { value: title, onChange: setTitle } }) => (
              <>
                {LANGUAGES.map((l) => (
                  <TextInput
                    key={`title-${l}`}
                    label={t('forms.ml.label', {
                      label: t('forms.measureTypes.titleField'),
                      language: t(`language.${l}`),
                    })}
                    value={title[l] ?? ''}
                    onChange={(e) => setTitle({ ...title, [l]: e.currentTarget.value })}
                    maxLength={MEASURE_TYPE_TITLE_MAX_LENGTH}
                    lang={l}
                    error={form.messageFor(`title.${l}`)}
                    data-autofocus={measureType !== undefined && l === LANGUAGES[0] ? true : undefined}
                    data-testid={`measure-type-title-${l}`}
                  />
                ))}
              </>
            )}
          />
          <Controller
            control={form.control}
            name="description"
            render={({ field: { value: description, onChange: setDescription } }) => (
              <>
                {LANGUAGES.map((l) => (
                  <Textarea
                    key={`description-${l}`}
                    label={t('forms.ml.label', {
                      label: t('forms.measureTypes.descriptionField'),
                      language: t(`language.${l}`),
                    })}
                    value={description[l] ?? ''}
                    onChange={(e) => setDescription({ ...description, [l]: e.currentTarget.value })}
                    maxLength={FORM_DESCRIPTION_MAX_LENGTH}
                    autosize
                    minRows={1}
                    maxRows={4}
                    lang={l}
                    error={form.messageFor(`description.${l}`)}
                    data-testid={`measure-type-description-${l}`}
                  />
                ))}
              </>
            )}
          />
          {form.general.length > 0 && (
            <Alert color="red" role="alert" data-testid="measure-type-error">
              {form.general.map((p) => t(`errors.${p.key}`, { defaultValue: p.key })).join('; ')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving.isPending}>
              {t('forms.cancel')}
            </Button>
            <Button type="submit" loading={saving.isPending} data-testid="measure-type-submit">
              {t(measureType ? 'forms.measureTypes.save' : 'forms.measureTypes.createSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
