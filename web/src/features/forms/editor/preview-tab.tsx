import { lazy, Suspense, useState } from 'react';
import { Alert, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/contracts/headers';
import { textIn } from '@shared/domain/sessions';
import { Markdown } from '../../../components/markdown';
import type { Draft } from './draft';

const FormRunner = lazy(() => import('../../../components/form-runner'));

/** The form as people will answer it: the real runner, in one of its languages; nothing is saved. */
export function PreviewTab({ form }: { form: Draft }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language>(form.languages[0] ?? 'fr');
  const [finished, setFinished] = useState(false);
  const shown = form.languages.includes(language) ? language : (form.languages[0] ?? 'fr');
  return (
    <Stack data-testid="preview">
      {form.languages.length > 1 && (
        <SegmentedControl
          aria-label={t('forms.preview.language')}
          value={shown}
          onChange={(l) => {
            setLanguage(l as Language);
            setFinished(false);
          }}
          data={form.languages.map((l) => ({ value: l, label: t(`language.${l}`) }))}
          data-testid="preview-language"
        />
      )}
      <Alert color="blue" data-testid="preview-notice">
        {t('forms.preview.notice')}
      </Alert>
      {form.steps.length === 0 ? (
        <Text c="dimmed" data-testid="preview-empty">
          {t('forms.preview.empty')}
        </Text>
      ) : finished ? (
        <Stack data-testid="preview-completed">
          <Text fw={700}>
            {textIn(form.completedPage.title, shown, form.languages[0]) || t('forms.completed.defaultTitle')}
          </Text>
          <Markdown>{textIn(form.completedPage.description, shown, form.languages[0])}</Markdown>
        </Stack>
      ) : (
        <Suspense fallback={<Loader aria-label={t('common.loading')} />}>
          <FormRunner
            key={shown}
            form={form}
            language={shown}
            onSubmit={() => setFinished(true)}
            submitLabel={t('forms.preview.submit')}
            testId="preview-runner"
          />
        </Suspense>
      )}
    </Stack>
  );
}
