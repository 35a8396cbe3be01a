import { useMemo } from 'react';
import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Language } from '@shared/contracts/headers';
import type { QuestionFigure, ResultFigure } from '@shared/contracts/form-reports';
import { textIn } from '@shared/domain/sessions';
import { ownLanguage, partHiddenReason } from '../exports/form-details';
import { ReportTable, Withheld } from '../common/report-parts';
import { Figure } from '../common/report-figure';
import { type FormCardData, plain, HiddenText } from './card-figures';

/** How many of a choice question's values a card names: the most chosen first. */
export const FORM_CARD_TOP_CHOICES = 3;

/** One row of a questionnaire card's table: a question or a result, its figures or why they are hidden. */
export type FormCardRow = { id: string; title: string } & (
  { shown: true; answers: number; figure: string } | { shown: false; reason: string }
);

/**
 * A questionnaire's figures in a custom report (decision 0038): the form's title, its people and
 * surveys over the report's period, then each counted question and additional result in the
 * form's order — a number's average on its scale, a choice's most chosen values with their counts,
 * a hidden one's reason. Free texts are never in a card.
 */
export function FormCardView({
  cardId,
  data,
  language,
}: {
  cardId: string;
  data: FormCardData;
  language: Language;
}) {
  const { t } = useTranslation();
  const { definition, total } = data;
  const primary = ownLanguage(definition);
  const text = (value: Parameters<typeof textIn>[0]) => textIn(value, language, primary);
  const title = text(definition.title) || data.formId;
  const rows = useMemo(() => formCardRows(data, language, t), [data, language, t]);
  return (
    <Stack gap="sm" data-testid={`card-form-${cardId}`}>
      <Text size="sm" c="dimmed" data-testid={`card-form-title-${cardId}`}>
        {t('reports.custom.formCard.form', { title })}
      </Text>
      {!total.shown ? (
        <HiddenText cardId={cardId} figure={total} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3 }} data-testid={`card-total-${cardId}`}>
            <Figure label={t('reports.columns.people')} value={String(total.people)} />
            <Figure label={t('reports.forms.answers')} value={String(total.answers)} />
          </SimpleGrid>
          {rows.questions.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid={`card-form-no-question-${cardId}`}>
              {t('reports.forms.noQuestion')}
            </Text>
          ) : (
            <FormCardTable
              cardId={cardId}
              kind="question"
              rows={rows.questions}
              caption={t('reports.custom.formCard.questions')}
              columns={[
                t('reports.forms.question'),
                t('reports.forms.questionAnswers'),
                t('reports.custom.formCard.figure'),
              ]}
            />
          )}
          {rows.results.length > 0 && (
            <FormCardTable
              cardId={cardId}
              kind="result"
              rows={rows.results}
              caption={t('reports.custom.formCard.results')}
              columns={[
                t('reports.forms.result'),
                t('reports.forms.questionAnswers'),
                t('reports.forms.average'),
              ]}
            />
          )}
        </>
      )}
    </Stack>
  );
}

export function FormCardTable({
  cardId,
  kind,
  rows,
  caption,
  columns,
}: {
  cardId: string;
  kind: 'question' | 'result';
  rows: FormCardRow[];
  caption: string;
  columns: string[];
}) {
  return (
    <ReportTable caption={caption} columns={columns} minWidth={480} testId={`card-form-${kind}s-${cardId}`}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} data-testid={`card-form-${kind}-${cardId}-${row.id}`}>
            <Table.Th scope="row" fw={500}>
              {row.title}
            </Table.Th>
            {row.shown ? (
              <>
                <Table.Td>{row.answers}</Table.Td>
                <Table.Td>{row.figure}</Table.Td>
              </>
            ) : (
              <Table.Td colSpan={2} data-testid={`card-form-hidden-${cardId}-${row.id}`}>
                <Withheld>{row.reason}</Withheld>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ReportTable>
  );
}

/** An average on its scale, "4.20 on 1–7"; the average alone when the scale has no ends. */
export function onScale(
  average: number | undefined,
  scale: { min?: number | undefined; max?: number | undefined },
  t: TFunction,
): string {
  if (average === undefined) return '—';
  const value = plain(average);
  if (scale.min === undefined || scale.max === undefined) return value;
  return t('reports.custom.formCard.onScale', { average: value, min: scale.min, max: scale.max });
}

/**
 * A questionnaire card's rows, in the form's order: its counted questions, then its additional
 * results; a question or result with no figure in the period is left out.
 */
export function formCardRows(
  data: FormCardData,
  language: Language,
  t: TFunction,
): { questions: FormCardRow[]; results: FormCardRow[] } {
  const { definition, total } = data;
  if (!total.shown) return { questions: [], results: [] };
  const primary = ownLanguage(definition);
  const text = (value: Parameters<typeof textIn>[0]) => textIn(value, language, primary);
  const questionFigures = new Map<string, QuestionFigure>(total.questions.map((q) => [q.answerId, q]));
  const resultFigures = new Map<string, ResultFigure>(total.results.map((r) => [r.resultId, r]));
  const questions = definition.questions.flatMap((question): FormCardRow[] => {
    const part = questionFigures.get(question.id);
    if (!part) return [];
    const head = { id: question.id, title: text(question.title) || question.id };
    if (!part.shown) return [{ ...head, shown: false, reason: partHiddenReason(part, t) }];
    if (question.kind === 'number')
      return [{ ...head, shown: true, answers: part.answers, figure: onScale(part.average, question, t) }];
    const titles = new Map(question.choices.map((c) => [c.value, text(c.title) || c.value]));
    // The most chosen first; equal counts in the form's order of its choices.
    const order = new Map(question.choices.map((c, i) => [c.value, i]));
    const chosen = (part.choices ?? [])
      .filter((c) => c.count > 0)
      .sort(
        (a, b) =>
          b.count - a.count ||
          (order.get(a.value) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.value) ?? Number.MAX_SAFE_INTEGER),
      )
      .slice(0, FORM_CARD_TOP_CHOICES)
      .map((c) =>
        t('reports.custom.formCard.choice', { label: titles.get(c.value) ?? c.value, count: c.count }),
      );
    return [
      {
        ...head,
        shown: true,
        answers: part.answers,
        figure: chosen.length > 0 ? chosen.join(' · ') : t('reports.custom.formCard.noChoice'),
      },
    ];
  });
  const results = definition.results.flatMap((result): FormCardRow[] => {
    const part = resultFigures.get(result.id);
    if (!part) return [];
    const head = { id: result.id, title: text(result.title) || result.id };
    if (!part.shown) return [{ ...head, shown: false, reason: partHiddenReason(part, t) }];
    return [{ ...head, shown: true, answers: part.answers, figure: onScale(part.average, result, t) }];
  });
  return { questions, results };
}
