import { stringify } from 'csv-stringify/browser/esm/sync';
import type { TFunction } from 'i18next';
import type { EmotionWord, Feeling } from '../../../../../shared/contracts/feelings';
import type { Language } from '../../../../../shared/contracts/headers';
import { goalLevelLabel } from '../../../../../shared/domain/feeling-days';
import { QUADRANTS } from '../../../../../shared/domain/feelings';
import { GOAL_AXES, isGoalLevel } from '../../../../../shared/domain/goals';

/** One exported row: a real date first, then what was recorded. */
export type ExportCell = string | number | Date;
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

/** A text cell a spreadsheet would run as a formula is written with a leading apostrophe. */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** DD/MM/YYYY HH:mm in the browser's time zone (spec 01 §9). */
export const csvDate = (d: Date) =>
  `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;

/**
 * CSV that Excel opens right in French and Dutch locales: UTF-8 with a byte-order mark, `;` between
 * cells, CRLF line ends; numbers stay numbers, text that starts like a formula is neutralised.
 */
export function toCsv(table: ExportTable): string {
  const cell = (c: ExportCell) =>
    c instanceof Date ? csvDate(c) : typeof c === 'string' ? neutralise(c) : c;
  return `\uFEFF${stringify([table.header.map(neutralise), ...table.rows.map((r) => r.map(cell))], {
    delimiter: ';',
    record_delimiter: 'windows',
  })}`;
}

/** A name Excel accepts for a sheet: 31 characters at most, none of []:*?/\, not "History". */
export function sheetNameOf(name: string): string {
  const clean =
    name
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet';
  return clean.toLowerCase() === 'history' ? `${clean.slice(0, 29)} 1` : clean;
}

/**
 * An Excel workbook of one sheet: dates are real dates shown as DD/MM/YYYY HH:mm, the header row
 * in the user's language. The library is loaded only when a person exports.
 */
export async function toXlsx(table: ExportTable, sheetName: string): Promise<ArrayBuffer> {
  const XLSX = await import('@e965/xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([table.header, ...table.rows], {
    cellDates: true,
    dateNF: 'dd/mm/yyyy hh:mm',
  });
  sheet['!cols'] = table.header.map((_, i) => ({ wch: i === 0 ? 17 : i >= 7 ? 40 : 14 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetNameOf(sheetName));
  return XLSX.write(book, { type: 'array', bookType: 'xlsx', cellDates: true }) as ArrayBuffer;
}

/** Hands a file to the browser as a download. */
export function download(content: BlobPart, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
