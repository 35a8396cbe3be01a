import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CardData, SphereDataShot } from '@shared/contracts/custom-reports';
import { type Language } from '@shared/contracts/headers';
import {
  hiddenReason,
  periodLabel,
  round2,
  signed,
  type HiddenFigure,
  type ShownFigure,
} from '../exports/report-export';

/** A sphere's data shot's figures: a face of the sphere over the report's period. */
export type SphereCardData = Exclude<CardData, { source: 'campaign' | 'form' }>;

export type FormCardData = Extract<CardData, { source: 'form' }>;

export const plain = (n: number | undefined) => (n === undefined ? '—' : round2(n).toFixed(2));

/** The Monday and the Sunday of an ISO week `YYYY-Www`, as `YYYY-MM-DD`; null for anything else. */
export function isoWeekDays(period: string): { first: string; last: string } | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(period);
  if (!match) return null;
  const year = Number(match[1]);
  const week = Number(match[2]);
  // 4 January is always in week 1.
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(jan4);
  monday.setUTCDate(jan4.getUTCDate() - ((jan4.getUTCDay() + 6) % 7) + (week - 1) * 7);
  const sunday = new Date(monday);
  sunday.setUTCDate(monday.getUTCDate() + 6);
  return { first: monday.toISOString().slice(0, 10), last: sunday.toISOString().slice(0, 10) };
}

/** A card's period in words: a month by its name, a week by its days (as on the sphere's report). */
export function cardPeriodLabel(
  period: string,
  interval: SphereDataShot['interval'],
  language: Language,
): string {
  const days = isoWeekDays(period);
  if (interval === 'week' && days) return periodLabel({ period, ...days }, 'week', language);
  if (interval === 'month') return periodLabel({ period, first: period, last: period }, 'month', language);
  return period;
}

/** The number a feelings figure gives for a measure; null when it has none. */
export function feelingValue(figure: ShownFigure, measure: SphereDataShot['measure']): number | null {
  if (measure === 'answers') return figure.answers;
  if (measure === 'averageValue')
    return figure.averageValue === undefined ? null : round2(figure.averageValue);
  if (measure === 'averageEnergy')
    return figure.averageEnergy === undefined ? null : round2(figure.averageEnergy);
  return figure.people;
}

/** A measure's value as the sphere's report writes it. */
export function valueText(value: number | null, measure: SphereDataShot['measure']): string {
  if (value === null) return '—';
  if (measure === 'averageValue') return signed(value);
  if (measure === 'averageEnergy') return plain(value);
  return String(value);
}

/** The measures a thinkings card counts: its people or its answers (its axes show beside). */
export const thinkingMeasure = (measure: SphereDataShot['measure']) =>
  measure === 'answers' ? 'answers' : 'people';

export function measureName(
  source: SphereDataShot['source'],
  measure: SphereDataShot['measure'],
  t: TFunction,
): string {
  if (source === 'thinkings')
    return thinkingMeasure(measure) === 'answers'
      ? t('reports.thinking.answers')
      : t('reports.columns.people');
  return t(`reports.custom.measures.${measure}`);
}

export function HiddenText({ cardId, figure }: { cardId: string; figure: { shown: true } | HiddenFigure }) {
  const { t } = useTranslation();
  if (figure.shown) return null;
  return (
    <Text fs="italic" data-testid={`card-hidden-${cardId}`}>
      {hiddenReason(figure, t)}
    </Text>
  );
}
