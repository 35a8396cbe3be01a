import { TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface CardTextFieldsProps {
  title: string;
  onTitle: (title: string) => void;
  description: string;
  onDescription: (description: string) => void;
  /** The message of a field's problem, if any (`useFormProblems().messageFor`). */
  messageFor: (field: string) => string | undefined;
  /** `card-add` or `card-edit`: the test ids of the two fields. */
  testIdPrefix: string;
}

/** A card's title and description, as adding and editing a card both ask them. */
export function CardTextFields(props: CardTextFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('reports.custom.card.title')}
        required
        value={props.title}
        onChange={(e) => props.onTitle(e.currentTarget.value)}
        error={props.messageFor('title')}
        data-testid={`${props.testIdPrefix}-title`}
      />
      <Textarea
        label={t('reports.custom.card.description')}
        autosize
        minRows={2}
        value={props.description}
        onChange={(e) => props.onDescription(e.currentTarget.value)}
        error={props.messageFor('description')}
        data-testid={`${props.testIdPrefix}-description`}
      />
    </>
  );
}
