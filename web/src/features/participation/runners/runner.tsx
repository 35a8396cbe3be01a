import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StepAnswerInput, StepView } from '@shared/contracts/campaigns';

/** What every step runner receives: the step, whether a save runs, the refused fields, and save. */
export interface RunnerProps {
  step: StepView;
  saving: boolean;
  /** Messages of the fields the server refused (`values.<id>`, `axes.<i>.id`, `wordId`…). */
  errors: Readonly<Record<string, string>>;
  onSave: (answer: StepAnswerInput) => void;
}

/** Save and go on: disabled while saving or while the answer is not complete (and then says why). */
export function SaveBar({
  onSave,
  saving,
  incomplete,
}: {
  onSave: () => void;
  saving: boolean;
  /** Why saving is not possible yet, shown beside the button. */
  incomplete?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      {incomplete && (
        <Text size="sm" c="dimmed" data-testid="participation-incomplete">
          {incomplete}
        </Text>
      )}
      <Button
        onClick={onSave}
        loading={saving}
        disabled={saving || incomplete !== undefined}
        data-testid="participation-save"
      >
        {t('participation.step.save')}
      </Button>
    </Group>
  );
}

/** Hides a fieldset's frame: the legend names the group, the page draws none. */
export const PLAIN_FIELDSET = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;
