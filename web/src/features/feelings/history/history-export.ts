import type { TFunction } from 'i18next';
import type { EmotionWord, Feeling } from '@shared/contracts/feelings';
import type { Language } from '@shared/contracts/headers';
import { goalLevelLabel } from '@shared/domain/feeling-days';
import { QUADRANTS } from '@shared/domain/feelings';
import { GOAL_AXES, isGoalLevel } from '@shared/domain/goals';
import { csvOf, workbookOf, type TableCell } from '../../../lib/table-export';

// The history page hands its files to the browser with the one download of the SPA.
export { download } from '../../../lib/table-export';

/** One exported row: a real date first, then what was recorded. */
export type ExportCell = TableCell;
export interface ExportTable {
  header: string[];
  rows: ExportCell[][];
}

const COLUMNS = [
  'date',
  'quadrant',
  'mood',
  'intensity',
  'energy',
  'word',
  'period',
  'goals',
  'notes',
] as const;

/**
 * The rows of an export, exactly the feelings given (the filtered list), with a header row in
 * the user's language. Intensity and energy are the histogram steps (1 … 10) the person chose.
 */
export function exportTable(
  feelings: readonly Feeling[],
  words: readonly EmotionWord[],
  language: Language,
  t: TFunction,
): ExportTable {
  const wordLabel = new Map(words.map((w) => [w.id, w.label[language]]));
  const goalLabel = (id: string) => GOAL_AXES.find((g) => g.id === id)?.label[language] ?? id;
  return {
    header: COLUMNS.map((c) => t(`history.columns.${c}`)),
    rows: feelings.map((f) => [
      new Date(f.timestamp),
      QUADRANTS[f.color].label[language],
      t(`feelings.mood.${f.value > 0 ? 'good' : 'bad'}`),
      Math.round(Math.abs(f.value) * 10),
      Math.round(f.energy * 10),
      f.wordId ? (wordLabel.get(f.wordId) ?? f.wordId) : '',
      t(`feelings.period.${f.evaluationPeriod.type}`),
      f.goals
        .map(
          (g) => `${goalLabel(g.id)}: ${isGoalLevel(g.level) ? goalLevelLabel(g.level, language) : g.level}`,
        )
        .join('; '),
      f.personalNotes.map((n) => `[${t(`feelings.notes.types.${n.type}`)}] ${n.value}`).join(' | '),
    ]),
  };
}

/**
 * CSV that Excel opens right in French and Dutch locales (see `csvOf`): the header row, then one
 * row per feeling, its date first.
 */
export function toCsv(table: ExportTable): string {
  return csvOf([table.header, ...table.rows]);
}

/**
 * An Excel workbook of one sheet: dates are real dates shown as DD/MM/YYYY HH:mm, the header row
 * in the user's language, the goals and notes in wide columns.
 */
export function toXlsx(table: ExportTable, sheetName: string): Promise<ArrayBuffer> {
  return workbookOf([table.header, ...table.rows], {
    sheetName,
    columnWidths: table.header.map((_, i) => (i === 0 ? 17 : i >= 7 ? 40 : 14)),
  });
}
