import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NOTE_MAX_LENGTH, NOTE_TYPES, type NoteType } from '@shared/domain/notes';

/** A note being written: `id` once the server numbered it (kept when the note is edited). */
export interface DraftNote {
  key: string;
  id?: number;
  value: string;
  type: NoteType;
}

let counter = 0;
export const newDraftNote = (type: NoteType = 'general'): DraftNote => ({
  key: `note-${++counter}`,
  value: '',
  type,
});

/** Personal notes of a feeling (spec 01 §3 Personal note): a type each and 500 characters at most. */
export function NotesEditor({
  value,
  onChange,
}: {
  value: DraftNote[];
  onChange: (notes: DraftNote[]) => void;
}) {
  const { t } = useTranslation();
  // A note just added takes the focus, so the keyboard writes in it at once.
  const [added, setAdded] = useState<string | null>(null);
  const addedText = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (added) addedText.current?.focus();
  }, [added]);
  const change = (key: string, patch: Partial<DraftNote>) =>
    onChange(value.map((n) => (n.key === key ? { ...n, ...patch } : n)));
  return (
    <Stack gap="xs" component="section" aria-labelledby="feeling-notes-title" data-testid="notes-editor">
      <Text id="feeling-notes-title" fw={600}>
        {t('feelings.notes.title')}
      </Text>
      {value.map((note, index) => (
        <Stack key={note.key} gap={4} data-testid={`note-${index}`}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <NativeSelect
              style={{ flex: 1 }}
              label={t('feelings.notes.type')}
              value={note.type}
              onChange={(event) => change(note.key, { type: event.currentTarget.value as NoteType })}
              data={NOTE_TYPES.map((type) => ({ value: type, label: t(`feelings.notes.types.${type}`) }))}
              data-testid={`note-type-${index}`}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={t('feelings.notes.remove', { number: index + 1 })}
              onClick={() => onChange(value.filter((n) => n.key !== note.key))}
              data-testid={`note-remove-${index}`}
            >
              ✕
            </ActionIcon>
          </Group>
          <Textarea
            label={t('feelings.notes.text', { number: index + 1 })}
            value={note.value}
            maxLength={NOTE_MAX_LENGTH}
            autosize
            minRows={2}
            onChange={(event) => change(note.key, { value: event.currentTarget.value })}
            description={t('feelings.notes.count', { count: note.value.length, max: NOTE_MAX_LENGTH })}
            ref={note.key === added ? addedText : undefined}
            data-testid={`note-text-${index}`}
          />
        </Stack>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          onClick={() => {
            const note = newDraftNote();
            onChange([...value, note]);
            setAdded(note.key);
          }}
          data-testid="note-add"
        >
          {t('feelings.notes.add')}
        </Button>
      </Group>
    </Stack>
  );
}
