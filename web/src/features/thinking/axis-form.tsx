import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  AxisCreateSchema,
  AxisUpdateSchema,
  type Axis,
  type AxisCreateInput,
} from '@shared/contracts/thinkings';
import { LANGUAGES, type Language } from '@shared/contracts/headers';
import { AXIS_MODULES, SPHERE_NAME_PLACEHOLDER, type AxisModule } from '@shared/domain/thinkings';
import { translateErrorItem } from '../../lib/errors';
import { useFormProblems } from '../../lib/form-problems';

interface Draft {
  id: string;
  name: Record<Language, string>;
  description: Record<Language, string>;
  keywords: string[];
  modules: AxisModule[];
  required: boolean;
  allowComment: boolean;
}

const empty = (): Record<Language, string> => ({ fr: '', en: '', nl: '' });

function draftOf(axis: Axis | undefined): Draft {
  return {
    id: axis?.id ?? '',
    name: { ...empty(), ...axis?.name },
    description: { ...empty(), ...axis?.description },
    keywords: axis?.keywords ?? [],
    modules: axis?.modules ?? ['myself'],
    required: axis?.required ?? false,
    allowComment: axis?.allowComment ?? false,
  };
}

/** Only the languages written: an empty field is absent, not an empty text. */
const written = (text: Record<Language, string>) =>
  Object.fromEntries(LANGUAGES.filter((l) => text[l].trim() !== '').map((l) => [l, text[l].trim()]));

/**
 * An axis of the catalogue (spec 01 §2 `createThinkingAxis`, `updateThinkingAxis`; §5): its id,
 * written once and never changed, its name and description in the product's languages, where it
 * is offered, and its flags. Checked here with the contract's own rules, then by the server.
 */
export function AxisForm({
  axis,
  pending,
  error,
  onSubmit,
}: {
  axis?: Axis;
  pending: boolean;
  error: unknown;
  onSubmit: (body: AxisCreateInput) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(axis));
  const creating = axis === undefined;
  const { general, messageFor, check } = useFormProblems(error);

  const submit = () => {
    const description = written(draft.description);
    const body = {
      ...(creating ? { id: draft.id.trim() } : {}),
      name: written(draft.name),
      // No description at all is sent as none (an empty one is not a text).
      ...(Object.keys(description).length > 0 ? { description } : {}),
      keywords: draft.keywords,
      modules: draft.modules,
      required: draft.required,
      allowComment: draft.allowComment,
    };
    if (!check(creating ? AxisCreateSchema : AxisUpdateSchema, body)) return;
    onSubmit(body as AxisCreateInput);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
      data-testid="axis-form"
    >
      <Stack>
        {creating ? (
          <TextInput
            label={t('axes.form.id')}
            description={t('axes.form.idHelp')}
            value={draft.id}
            onChange={(event) => setDraft({ ...draft, id: event.currentTarget.value })}
            error={messageFor('id')}
            required
            data-autofocus
            data-testid="axis-id"
          />
        ) : (
          <Text size="sm">
            {t('axes.form.id')} : <code>{draft.id}</code>
          </Text>
        )}
        <Fieldset legend={t('axes.form.name')}>
          <Stack gap="xs">
            {LANGUAGES.map((language) => (
              <TextInput
                key={language}
                label={t(`language.${language}`)}
                value={draft.name[language]}
                onChange={(event) =>
                  setDraft({ ...draft, name: { ...draft.name, [language]: event.currentTarget.value } })
                }
                error={messageFor(`name.${language}`)}
                data-testid={`axis-name-${language}`}
              />
            ))}
            {messageFor('name') && !LANGUAGES.some((l) => messageFor(`name.${l}`)) && (
              <Text size="sm" c="red" role="alert">
                {t('axes.form.nameRequired')}
              </Text>
            )}
          </Stack>
        </Fieldset>
        <Fieldset legend={t('axes.form.description')}>
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {t('axes.form.descriptionHelp', { placeholder: SPHERE_NAME_PLACEHOLDER })}
            </Text>
            {LANGUAGES.map((language) => (
              <Textarea
                key={language}
                label={t(`language.${language}`)}
                value={draft.description[language]}
                autosize
                minRows={2}
                onChange={(event) =>
                  setDraft({
                    ...draft,
                    description: { ...draft.description, [language]: event.currentTarget.value },
                  })
                }
                error={messageFor(`description.${language}`)}
                data-testid={`axis-description-${language}`}
              />
            ))}
          </Stack>
        </Fieldset>
        <TagsInput
          label={t('axes.form.keywords')}
          description={t('axes.form.keywordsHelp')}
          value={draft.keywords}
          onChange={(keywords) => setDraft({ ...draft, keywords })}
          error={messageFor('keywords')}
          data-testid="axis-keywords"
        />
        <Checkbox.Group
          label={t('axes.form.modules')}
          value={draft.modules}
          onChange={(modules) => setDraft({ ...draft, modules: modules as AxisModule[] })}
          error={messageFor('modules')}
        >
          <Group mt="xs" gap="md" wrap="wrap">
            {AXIS_MODULES.map((m) => (
              <Checkbox key={m} value={m} label={t(`axes.modules.${m}`)} data-testid={`axis-module-${m}`} />
            ))}
          </Group>
        </Checkbox.Group>
        <Switch
          label={t('axes.form.allowComment')}
          checked={draft.allowComment}
          onChange={(event) => setDraft({ ...draft, allowComment: event.currentTarget.checked })}
          data-testid="axis-allow-comment"
        />
        <Switch
          label={t('axes.form.required')}
          description={t('axes.form.requiredHelp')}
          checked={draft.required}
          onChange={(event) => setDraft({ ...draft, required: event.currentTarget.checked })}
          data-testid="axis-required"
        />
        {general.length > 0 && (
          <Alert color="red" role="alert" data-testid="axis-error">
            {general.map((p) => translateErrorItem(p, t)).join('; ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={pending} data-testid="axis-save">
            {creating ? t('axes.form.create') : t('axes.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
