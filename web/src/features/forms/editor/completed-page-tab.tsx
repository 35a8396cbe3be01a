import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FORM_DESCRIPTION_MAX_LENGTH, FORM_TITLE_MAX_LENGTH } from '@shared/contracts/forms';
import type { Draft } from './draft';
import { useEditor } from './editor-context';
import { MultilingualInput } from './multilingual-input';

/** What people read once they have answered (spec 02 §2: completed page). */
export function CompletedPageTab({ form, onChange }: { form: Draft; onChange(form: Draft): void }) {
  const { t } = useTranslation();
  const { messageFor } = useEditor();
  const page = form.completedPage;
  return (
    <Stack data-testid="completed-page">
      <Text c="dimmed">{t('forms.completed.intro')}</Text>
      <MultilingualInput
        label={t('forms.fields.title')}
        value={page.title}
        onChange={(title) => onChange({ ...form, completedPage: { ...page, title } })}
        error={messageFor('completedPage.title')}
        maxLength={FORM_TITLE_MAX_LENGTH}
        testId="completed-title"
      />
      <MultilingualInput
        label={t('forms.fields.description')}
        value={page.description}
        onChange={(description) => onChange({ ...form, completedPage: { ...page, description } })}
        error={messageFor('completedPage.description')}
        markdown
        maxLength={FORM_DESCRIPTION_MAX_LENGTH}
        testId="completed-description"
      />
    </Stack>
  );
}
