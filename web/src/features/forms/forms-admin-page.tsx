import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormCreateSchema, type FormSummary } from '@shared/contracts/forms';
import { LANGUAGES, type Language } from '@shared/contracts/headers';
import { textIn } from '@shared/domain/sessions';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { Dialog } from '../../components/dialog';
import { listStatus } from '../../components/list-status';
import { notifySuccess } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { useAbility } from '../../lib/ability';
import { formatDate } from '../../lib/dates';
import { useContractForm } from '../../lib/contract-form';
import {
  useArchiveFormDefinition,
  useCreateFormDefinition,
  useDuplicateFormDefinition,
  useFormDefinitions,
  type FormListFilter,
} from './api/forms';
import { formEditorPath, MEASURE_TYPES_PATH } from './paths';

/** The forms administration (spec 01 §2 `/apps/forms/administration`), for those who manage forms. */
export default function FormsAdminPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const allowed = ability.can('manage', 'form-definition');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [privacy, setPrivacy] = useState<FormListFilter['privacy']>('all');
  const [archived, setArchived] = useState(false);
  const forms = useFormDefinitions({ privacy, archived, q }, allowed);
  const [creating, setCreating] = useState(false);
  const archive = useArchiveFormDefinition();
  const duplicate = useDuplicateFormDefinition();
  const navigate = useNavigate();
  const language = currentLanguage();
  const titleOf = (f: FormSummary) => textIn(f.title, language, f.languages[0]) || f.id;
  /** Archiving a form, or restoring an archived one. */
  const archiving = useConfirmedRemoval<FormSummary>({
    remove: (f) => archive.mutateAsync({ formId: f.id, archive: !f.archived }),
    title: (f) => t(f.archived ? 'forms.admin.restoreTitle' : 'forms.admin.archiveTitle'),
    message: (f) => (
      <Text>
        {t(f.archived ? 'forms.admin.restoreText' : 'forms.admin.archiveText', { title: titleOf(f) })}
      </Text>
    ),
    confirmLabel: (f) => t(f.archived ? 'forms.admin.restore' : 'forms.admin.archive'),
    cancelLabel: t('forms.cancel'),
    destructive: (f) => !f.archived,
    success: (f) => ({
      key: f.archived ? 'forms.admin.restored' : 'forms.admin.archivedDone',
      values: { title: titleOf(f) },
    }),
    testId: 'forms-admin-archive',
  });

  if (!allowed)
    return (
      <Stack>
        <Title order={1}>{t('forms.admin.title')}</Title>
        <Alert color="gray" data-testid="forms-admin-not-allowed">
          {t('forms.admin.notAllowed')}
        </Alert>
      </Stack>
    );

  const status = listStatus(forms, {
    loadError: t('forms.admin.loadError'),
    empty: t('forms.admin.empty'),
    skeletonHeight: 120,
    testIds: { loading: 'forms-admin-loading', error: 'forms-admin-error', empty: 'forms-admin-empty' },
  });
  let body;
  if (status || !forms.data) body = status;
  else
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped data-testid="forms-admin-table">
          <Table.Caption>{t('forms.admin.count', { count: forms.data.count })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('forms.admin.columns.title')}</Table.Th>
              <Table.Th scope="col">{t('forms.admin.columns.questions')}</Table.Th>
              <Table.Th scope="col">{t('forms.admin.columns.languages')}</Table.Th>
              <Table.Th scope="col">{t('forms.admin.columns.updated')}</Table.Th>
              <Table.Th scope="col">{t('forms.admin.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {forms.data.items.map((f) => (
              <Table.Tr key={f.id} data-testid={`forms-admin-row-${f.id}`}>
                <Table.Td>
                  <Group gap="xs">
                    <Anchor component={Link} to={formEditorPath(f.id)}>
                      {titleOf(f)}
                    </Anchor>
                    {f.isPrivate && <Badge variant="outline">{t('forms.admin.private')}</Badge>}
                    {f.archived && (
                      <Badge variant="outline" color="gray">
                        {t('forms.admin.archived')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{f.answersCount}</Table.Td>
                <Table.Td>{f.languages.map((l) => t(`language.${l}`)).join(', ')}</Table.Td>
                <Table.Td>{formatDate(new Date(f.updateDate))}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      component={Link}
                      to={formEditorPath(f.id)}
                      aria-label={t('forms.admin.editLabel', { title: titleOf(f) })}
                      data-testid={`forms-admin-edit-${f.id}`}
                    >
                      {t('forms.admin.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      loading={duplicate.isPending && duplicate.variables === f.id}
                      onClick={() =>
                        duplicate.mutate(f.id, {
                          onSuccess: (copy) =>
                            notifySuccess('forms.admin.duplicated', {
                              values: { title: titleOf(f), id: copy.id },
                            }),
                        })
                      }
                      aria-label={t('forms.admin.duplicateLabel', { title: titleOf(f) })}
                      data-testid={`forms-admin-duplicate-${f.id}`}
                    >
                      {t('forms.admin.duplicate')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color={f.archived ? undefined : 'red'}
                      c={f.archived ? 'blue.9' : 'red.9'}
                      onClick={() => archiving.ask(f)}
                      aria-label={t(f.archived ? 'forms.admin.restoreLabel' : 'forms.admin.archiveLabel', {
                        title: titleOf(f),
                      })}
                      data-testid={`forms-admin-archive-${f.id}`}
                    >
                      {t(f.archived ? 'forms.admin.restore' : 'forms.admin.archive')}
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
      <Group justify="space-between">
        <Title order={1}>{t('forms.admin.title')}</Title>
        <Group gap="xs">
          <Button
            variant="default"
            component={Link}
            to={MEASURE_TYPES_PATH}
            data-testid="forms-admin-measure-types"
          >
            {t('forms.measureTypes.title')}
          </Button>
          <Button onClick={() => setCreating(true)} data-testid="forms-admin-create">
            {t('forms.admin.create')}
          </Button>
        </Group>
      </Group>
      <Group align="flex-end">
        <TextInput
          label={t('forms.admin.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={320}
          data-testid="forms-admin-search"
        />
        <NativeSelect
          label={t('forms.admin.privacy')}
          value={privacy}
          onChange={(e) => setPrivacy(e.currentTarget.value as FormListFilter['privacy'])}
          data={(['all', 'public', 'private'] as const).map((p) => ({
            value: p,
            label: t(`forms.admin.privacyOptions.${p}`),
          }))}
          data-testid="forms-admin-privacy"
        />
        <Switch
          label={t('forms.admin.showArchived')}
          checked={archived}
          onChange={(e) => setArchived(e.currentTarget.checked)}
          data-testid="forms-admin-archived"
        />
      </Group>
      {body}
      <CreateFormDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          void navigate(formEditorPath(id));
        }}
      />
      {archiving.dialog}
    </Stack>
  );
}

/** A new form: a title (spec 02 §5: creation needs one) in its languages; the editor opens next. */
function CreateFormDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose(): void;
  onCreated(id: string): void;
}) {
  const { t } = useTranslation();
  const create = useCreateFormDefinition();
  const defaults: { languages: Language[]; title: string } = { languages: [currentLanguage()], title: '' };
  const form = useContractForm(FormCreateSchema, defaults, {
    // The body is sent as checked: the server fills in the rest.
    sends: 'body',
    // The title is given in the form's first language.
    toBody: ({ languages, title }) => ({
      title: title.trim() ? { [languages[0] ?? currentLanguage()]: title.trim() } : {},
      languages,
    }),
    serverError: create.error,
  });
  const [languages, title] = form.watch(['languages', 'title']);
  const first = languages[0] ?? currentLanguage();

  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (created) => {
        notifySuccess('forms.admin.created');
        form.setValue('title', '');
        onCreated(created.id);
      },
    }),
  );
  const titleError =
    form.messageFor('title') && (title.trim() ? form.messageFor('title') : t('forms.rules.formTitle'));

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t('forms.admin.createTitle')}
      closeLabel={t('forms.cancel')}
      data-testid="forms-create-dialog"
    >
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Stack>
          <Controller
            control={form.control}
            name="languages"
            render={({ field: { value: languages, onChange: setLanguages } }) => (
              <Checkbox.Group
                label={t('forms.fields.languages')}
                description={t('forms.fields.languagesHint')}
                value={languages}
                onChange={(v) => {
                  const chosen = v as Language[];
                  // The order chosen is kept: the first one is the form's main language.
                  if (chosen.length)
                    setLanguages([
                      ...languages.filter((l) => chosen.includes(l)),
                      ...chosen.filter((l) => !languages.includes(l)),
                    ]);
                }}
                error={form.messageFor('languages')}
              >
                <Group mt={4}>
                  {LANGUAGES.map((l) => (
                    <Checkbox
                      key={l}
                      value={l}
                      label={t(`language.${l}`)}
                      data-testid={`forms-create-language-${l}`}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
          <TextInput
            label={t('forms.admin.createName', { language: t(`language.${first}`) })}
            {...form.register('title')}
            withAsterisk
            error={titleError}
            data-autofocus
            data-testid="forms-create-title"
          />
          {form.general.length > 0 && (
            <Alert color="red" role="alert" data-testid="forms-create-error">
              {form.general.map((p) => t(`errors.${p.key}`, { defaultValue: p.key })).join('; ')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              {t('forms.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="forms-create-submit">
              {t('forms.admin.createSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
