import { useState } from 'react';
import { Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROFILE_QUESTIONS } from '@shared/contracts/campaigns';
import { valueError } from '../rules';
import { SaveBar, type RunnerProps } from './runner';

/** A profile step (spec 02 §3): each question the measure asks, one of its fixed values. */
export function ProfileStep({ step, saving, errors, onSave }: RunnerProps) {
  const { t } = useTranslation();
  const given = step.answer?.type === 'profile' ? step.answer.values : {};
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...given }));
  const questions = step.measure.profileQuestions;
  const missing = questions.filter((q) => !values[q]);
  return (
    <Stack>
      {questions.map((question) => (
        <Radio.Group
          key={question}
          label={t(`participation.profile.questions.${question}`)}
          value={values[question] ?? ''}
          onChange={(v) => setValues((current) => ({ ...current, [question]: v }))}
          error={valueError(errors, question)}
          required
          data-testid={`participation-profile-${question}`}
        >
          <Stack gap={6} mt="xs">
            {PROFILE_QUESTIONS[question].map((value) => (
              <Radio
                key={value}
                value={value}
                label={t(`participation.profile.values.${value}`)}
                data-testid={`participation-profile-${question}-${value}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      ))}
      <SaveBar
        saving={saving}
        incomplete={missing.length > 0 ? t('participation.step.answerAll') : undefined}
        onSave={() =>
          onSave({
            type: 'profile',
            values: Object.fromEntries(questions.map((q) => [q, values[q] ?? ''])),
          })
        }
      />
    </Stack>
  );
}
