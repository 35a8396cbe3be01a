import { useId, useRef, useState } from 'react';
import { Alert, Button, Fieldset, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/contracts/headers';
import type { MultilingualText } from '@shared/contracts/text';
import { Markdown } from '../../../components/markdown';
import { errorMessages } from '../../../lib/errors';
import { useTranslate } from '../api/forms';
import { useEditor } from './editor-context';
import { GlossaryInsert } from './glossary-insert';

export interface MultilingualInputProps {
  label: string;
  value: MultilingualText;
  onChange(value: MultilingualText): void;
  /** Markdown on several lines, with its rendering below. */
  markdown?: boolean;
  /** The problem of the field, shown under it. */
  error?: string | undefined;
  required?: boolean;
  maxLength?: number;
  testId: string;
}

/**
 * A text in each language of the form, labelled "Title (English)", with the auto-translate button
 * (for those allowed to `post` on `translation`) filling the other languages from the first one.
 * The local stack copies instead of translating: the field says so rather than pretend.
 */
export function MultilingualInput(props: MultilingualInputProps) {
  const { t } = useTranslation();
  const { languages, canTranslate } = useEditor();
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const noticeId = useId();
  const [source, ...targets] = languages;
  const sourceText = source ? (props.value[source]?.trim() ?? '') : '';

  const set = (language: Language, text: string) => {
    setCopied(false);
    props.onChange({ ...props.value, [language]: text });
  };

  const autoTranslate = () => {
    if (!source || targets.length === 0 || !sourceText) return;
    translate.mutate(
      { text: sourceText, lang: source, targets: [...targets] },
      {
        onSuccess: (result) => {
          const next: MultilingualText = { ...props.value };
          for (const target of targets) {
            const text = result.translations[target];
            if (text !== undefined) next[target] = text;
          }
          props.onChange(next);
          setCopied(!result.translated);
        },
      },
    );
  };

  return (
    <Fieldset legend={props.label} variant="unstyled" data-testid={props.testId}>
      <Stack gap="xs">
        {languages.map((language) => {
          const label = t('forms.ml.label', { label: props.label, language: t(`language.${language}`) });
          const common = {
            label,
            value: props.value[language] ?? '',
            onChange: (e: { currentTarget: { value: string } }) => set(language, e.currentTarget.value),
            // The field's problem shows once, on the first language.
            error: language === languages[0] ? props.error : undefined,
            withAsterisk: props.required === true && language === languages[0],
            maxLength: props.maxLength,
            lang: language,
            'aria-describedby': copied ? noticeId : undefined,
            'data-testid': `${props.testId}-${language}`,
          };
          if (!props.markdown) return <TextInput key={language} {...common} />;
          return (
            <MarkdownInput
              key={language}
              label={common.label}
              text={common.value}
              onText={(text) => set(language, text)}
              error={common.error}
              withAsterisk={common.withAsterisk}
              maxLength={common.maxLength}
              lang={language}
              aria-describedby={common['aria-describedby']}
              testId={common['data-testid']}
            />
          );
        })}
        {canTranslate && targets.length > 0 && (
          <Button
            variant="light"
            size="xs"
            style={{ alignSelf: 'flex-start' }}
            onClick={autoTranslate}
            loading={translate.isPending}
            disabled={!sourceText}
            data-testid={`${props.testId}-translate`}
          >
            {t('forms.ml.translate', { language: t(`language.${source ?? 'fr'}`) })}
          </Button>
        )}
        {copied && (
          <Alert color="yellow" id={noticeId} data-testid={`${props.testId}-not-translated`}>
            {t('forms.ml.notTranslated')}
          </Alert>
        )}
        {translate.isError && (
          <Alert color="red" role="alert" data-testid={`${props.testId}-translate-error`}>
            {errorMessages(translate.error, t)}
          </Alert>
        )}
      </Stack>
    </Fieldset>
  );
}

interface MarkdownInputProps {
  label: string;
  text: string;
  onText(text: string): void;
  error: string | undefined;
  withAsterisk: boolean;
  maxLength: number | undefined;
  lang: Language;
  'aria-describedby': string | undefined;
  testId: string;
}

/** One language of a markdown text: the field, its glossary insert, and its rendering below. */
function MarkdownInput({ text, onText, testId, ...field }: MarkdownInputProps) {
  const { t } = useTranslation();
  const textarea = useRef<HTMLTextAreaElement>(null);
  return (
    <Stack gap={4}>
      <Textarea
        {...field}
        value={text}
        onChange={(e) => onText(e.currentTarget.value)}
        ref={textarea}
        autosize
        minRows={2}
        maxRows={10}
        description={t('forms.ml.markdownHint')}
        data-testid={testId}
      />
      <GlossaryInsert
        fieldLabel={field.label}
        textarea={textarea}
        value={text}
        onInsert={onText}
        testId={testId}
      />
      {text.trim() !== '' && (
        <Paper withBorder p="xs" data-testid={`${testId}-preview`}>
          <Text size="xs" c="dimmed">
            {t('forms.ml.preview')}
          </Text>
          <Markdown headingLevel={4}>{text}</Markdown>
        </Paper>
      )}
    </Stack>
  );
}
