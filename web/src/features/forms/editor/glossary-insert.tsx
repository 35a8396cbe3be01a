import { useId, useState, type FormEvent, type RefObject } from 'react';
import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { insertGlossaryEntry } from './glossary';

export interface GlossaryInsertProps {
  /** The field's label ("Description (English)"), which the button names. */
  fieldLabel: string;
  /** The markdown field the entry goes into, at its cursor. */
  textarea: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onInsert(text: string): void;
  testId: string;
}

/**
 * The glossary insert of a markdown field: a dialog asks for a term and its definition, and
 * `**term**: definition` goes where the cursor was, as a paragraph of its own. The term is kept
 * literal (its markup escaped); the definition may use markdown.
 */
export function GlossaryInsert({ fieldLabel, textarea, value, onInsert, testId }: GlossaryInsertProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [position, setPosition] = useState(0);
  const [term, setTerm] = useState('');
  const [definition, setDefinition] = useState('');
  const [checked, setChecked] = useState(false);
  const helpId = useId();

  const open = () => {
    // Where the cursor was in the field when the button was pressed (the end when it never had one).
    setPosition(textarea.current?.selectionEnd ?? value.length);
    setTerm('');
    setDefinition('');
    setChecked(false);
    setOpened(true);
  };

  const termMissing = term.trim() === '';
  const definitionMissing = definition.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (termMissing || definitionMissing) return;
    const next = insertGlossaryEntry(value, position, term, definition);
    onInsert(next.text);
    setOpened(false);
    // The cursor waits after the entry once the field has its new text.
    requestAnimationFrame(() => textarea.current?.setSelectionRange(next.cursor, next.cursor));
  };

  return (
    <>
      <Button
        variant="subtle"
        size="compact-xs"
        c="blue.9"
        style={{ alignSelf: 'flex-start' }}
        onClick={open}
        aria-label={t('forms.glossary.openFor', { label: fieldLabel })}
        data-testid={`${testId}-glossary`}
      >
        {t('forms.glossary.open')}
      </Button>
      {/* Mounted while open only: an editor holds many markdown fields. */}
      {opened && (
        <Dialog
          opened
          onClose={() => setOpened(false)}
          title={t('forms.glossary.title')}
          closeLabel={t('forms.glossary.cancel')}
          data-testid={`${testId}-glossary-dialog`}
        >
          <form onSubmit={submit} noValidate>
            <Stack>
              <Text size="sm" id={helpId}>
                {t('forms.glossary.help')}
              </Text>
              <TextInput
                label={t('forms.glossary.term')}
                value={term}
                onChange={(e) => setTerm(e.currentTarget.value)}
                required
                maxLength={200}
                data-autofocus
                aria-describedby={helpId}
                error={checked && termMissing ? t('forms.glossary.termRequired') : undefined}
                data-testid={`${testId}-glossary-term`}
              />
              <Textarea
                label={t('forms.glossary.definition')}
                value={definition}
                onChange={(e) => setDefinition(e.currentTarget.value)}
                required
                autosize
                minRows={2}
                maxLength={1_000}
                error={checked && definitionMissing ? t('forms.glossary.definitionRequired') : undefined}
                data-testid={`${testId}-glossary-definition`}
              />
              <Group justify="flex-end">
                <Button
                  variant="default"
                  onClick={() => setOpened(false)}
                  data-testid={`${testId}-glossary-cancel`}
                >
                  {t('forms.glossary.cancel')}
                </Button>
                <Button type="submit" data-testid={`${testId}-glossary-insert`}>
                  {t('forms.glossary.insert')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Dialog>
      )}
    </>
  );
}
