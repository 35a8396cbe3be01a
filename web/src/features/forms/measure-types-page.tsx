import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  FORM_DESCRIPTION_MAX_LENGTH,
  MEASURE_TYPE_TITLE_MAX_LENGTH,
  MeasureTypeCreateSchema,
  MeasureTypeUpdateSchema,
  type MeasureType,
} from '@shared/contracts/forms';
import { LANGUAGES } from '@shared/contracts/headers';
import type { MultilingualText } from '@shared/contracts/text';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { listStatus } from '../../components/list-status';
import { notifySuccess } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { useAbility } from '../../lib/ability';
import { useFormProblems } from '../../lib/form-problems';
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
  const [deleting, setDeleting] = useState<MeasureType | null>(null);
  const remove = useDeleteMeasureType();
  const language = currentLanguage();

  if (!allowed)
    return (
      <Stack>
        <Title order={1}>{t('forms.measureTypes.title')}</Title>
        <Alert color="gray" data-testid="measure-types-not-allowed">
          {t('forms.admin.notAllowed')}
        </Alert>
      </Stack>
    );

  const titleOf = (m: MeasureType) =>
    m.title[language] || LANGUAGES.map((l) => m.title[l]).find((x) => x) || m.id;

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
                      onClick={() => {
                        remove.reset();
                        setDeleting(m);
                      }}
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
      <ConfirmDialog
        opened={deleting !== null}
        title={t('forms.measureTypes.deleteTitle')}
        confirmLabel={t('forms.measureTypes.delete')}
        cancelLabel={t('forms.cancel')}
        destructive
        pending={remove.isPending}
        error={remove.error ?? undefined}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const title = titleOf(deleting);
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess('forms.measureTypes.deleted', { values: { title } });
              setDeleting(null);
            },
          });
        }}
        testId="measure-type-delete"
      >
        <Text>{deleting && t('forms.measureTypes.deleteText', { title: titleOf(deleting) })}</Text>
      </ConfirmDialog>
    </Stack>
  );
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
  const problems = useFormProblems(saving.error);
  const [id, setId] = useState(measureType?.id ?? '');
  const [title, setTitle] = useState<MultilingualText>(measureType?.title ?? {});
  const [description, setDescription] = useState<MultilingualText>(measureType?.description ?? {});

  const submit = () => {
    const texts = { title, description };
    const done = () => {
      notifySuccess(measureType ? 'forms.measureTypes.saved' : 'forms.measureTypes.created');
      onClose();
    };
    if (measureType) {
      if (!problems.check(MeasureTypeUpdateSchema, texts)) return;
      update.mutate({ id: measureType.id, body: MeasureTypeUpdateSchema.parse(texts) }, { onSuccess: done });
      return;
    }
    const body = { id: id.trim(), ...texts };
    if (!problems.check(MeasureTypeCreateSchema, body)) return;
    // Each id once: the server says so too (409 `exist`), even when two people race.
    if (taken.includes(body.id)) return problems.show([{ key: 'exist', field: 'body.id' }]);
    create.mutate(MeasureTypeCreateSchema.parse(body), { onSuccess: done });
  };

  return (
    <Dialog
      opened
      onClose={onClose}
      title={t(measureType ? 'forms.measureTypes.editTitle' : 'forms.measureTypes.createTitle')}
      closeLabel={t('forms.cancel')}
      data-testid="measure-type-dialog"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('forms.measureTypes.id')}
            description={measureType ? t('forms.measureTypes.idFixed') : t('forms.measureTypes.idHint')}
            value={id}
            onChange={(e) => setId(e.currentTarget.value)}
            disabled={measureType !== undefined}
            withAsterisk={measureType === undefined}
            maxLength={64}
            error={problems.messageFor('id')}
            data-autofocus={measureType === undefined ? true : undefined}
            data-testid="measure-type-id"
          />
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
              error={problems.messageFor(`title.${l}`)}
              data-autofocus={measureType !== undefined && l === LANGUAGES[0] ? true : undefined}
              data-testid={`measure-type-title-${l}`}
            />
          ))}
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
              error={problems.messageFor(`description.${l}`)}
              data-testid={`measure-type-description-${l}`}
            />
          ))}
          {problems.general.length > 0 && (
            <Alert color="red" role="alert" data-testid="measure-type-error">
              {problems.general.map((p) => t(`errors.${p.key}`, { defaultValue: p.key })).join('; ')}
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
