import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GalaxyWriteSchema, type Galaxy, type GalaxyWriteInput } from '@shared/contracts/galaxies';
import { LANGUAGES } from '@shared/contracts/headers';
import { errorItems, errorMessages, errorsFromIssues, translateErrorItem } from '../../lib/errors';

type Values = { name: string; shortName: string; language: string; photoUrl: string; renewalDate: string };

/** The galaxy's identity (spec 02 §3 Galaxy): checked with the contract before sending. */
export function GalaxyForm({
  galaxy,
  pending,
  error,
  onSubmit,
  onCancel,
  submitLabel,
}: {
  galaxy?: Galaxy;
  pending: boolean;
  error: unknown;
  onSubmit: (body: GalaxyWriteInput) => void;
  onCancel: () => void;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>({
    name: galaxy?.name ?? '',
    shortName: galaxy?.shortName ?? '',
    language: galaxy?.language ?? 'fr',
    photoUrl: galaxy?.photoUrl ?? '',
    renewalDate: galaxy?.renewalDate ?? '',
  });
  const [local, setLocal] = useState<ReturnType<typeof errorsFromIssues>>([]);
  const items = local.length > 0 ? local : error ? errorItems(error) : [];
  const fieldError = (field: keyof Values) => {
    const item = items.find((i) => i.field === field);
    return item ? translateErrorItem(item, t) : undefined;
  };
  const general = items.filter((i) => !i.field || !(i.field in values));
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: values.name.trim(),
      shortName: values.shortName.trim(),
      language: values.language,
      ...(values.photoUrl.trim() ? { photoUrl: values.photoUrl.trim() } : {}),
      ...(values.renewalDate ? { renewalDate: values.renewalDate } : {}),
    };
    const parsed = GalaxyWriteSchema.safeParse(body);
    if (!parsed.success) {
      setLocal(errorsFromIssues(parsed.error.issues, body));
      return;
    }
    setLocal([]);
    onSubmit(body as GalaxyWriteInput);
  };
  return (
    <form onSubmit={submit} noValidate data-testid="galaxy-form">
      <Stack>
        <TextInput
          label={t('galaxies.fields.name')}
          required
          value={values.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={fieldError('name')}
          data-testid="galaxy-name"
        />
        <TextInput
          label={t('galaxies.fields.shortName')}
          required
          value={values.shortName}
          onChange={(e) => set('shortName')(e.currentTarget.value)}
          error={fieldError('shortName')}
          data-testid="galaxy-short-name"
        />
        <Select
          label={t('galaxies.fields.language')}
          required
          allowDeselect={false}
          data={LANGUAGES.map((l) => ({ value: l, label: t(`galaxies.languages.${l}`) }))}
          value={values.language}
          onChange={(v) => set('language')(v ?? '')}
          error={fieldError('language')}
          data-testid="galaxy-language"
        />
        <TextInput
          label={t('galaxies.fields.photoUrl')}
          type="url"
          value={values.photoUrl}
          onChange={(e) => set('photoUrl')(e.currentTarget.value)}
          error={fieldError('photoUrl')}
          data-testid="galaxy-photo"
        />
        <TextInput
          label={t('galaxies.fields.renewalDate')}
          type="date"
          value={values.renewalDate}
          onChange={(e) => set('renewalDate')(e.currentTarget.value)}
          error={fieldError('renewalDate')}
          data-testid="galaxy-renewal"
        />
        {general.length > 0 && (
          <Alert color="red" role="alert" data-testid="galaxy-form-error">
            {local.length > 0
              ? general.map((i) => translateErrorItem(i, t)).join('; ')
              : errorMessages(error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('galaxies.common.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="galaxy-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
