import { stringify } from 'csv-stringify/browser/esm/sync';
import { formatDateTime } from './dates';

/**
 * A table as a file a person downloads: CSV or an Excel workbook of one sheet, then the browser's
 * download. Callers give the lines exactly as the file shows them (a preamble, an empty line, the
 * header, the rows); the rules of the formats live here.
 */

/** The media type of an Excel workbook (.xlsx). */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell of an exported table; a Date is an instant, shown as DD/MM/YYYY HH:mm (spec 01 §9). */
export type TableCell = string | number | Date;

/** A text cell a spreadsheet would run as a formula is written with a leading apostrophe. */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/**
 * CSV that Excel opens right in French and Dutch locales: UTF-8 with a byte-order mark, `;` between
 * cells, CRLF line ends; numbers stay numbers, dates are DD/MM/YYYY HH:mm in the browser's time
 * zone, text that starts like a formula is neutralised.
 */
export function csvOf(lines: readonly (readonly TableCell[])[]): string {
  const cell = (c: TableCell) =>
    c instanceof Date ? formatDateTime(c) : typeof c === 'string' ? neutralise(c) : c;
  return `\uFEFF${stringify(
    lines.map((line) => line.map(cell)),
    // A line break inside a cell (a note typed on two lines) is quoted, or Excel splits the row.
    { delimiter: ';', record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  )}`;
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

export interface SheetLayout {
  /** The sheet's name as the reader sees it; made acceptable to Excel here. */
  sheetName: string;
  /** The width of each column, in characters, first column first. */
  columnWidths: readonly number[];
}

/**
 * An Excel workbook of one sheet holding the lines: numbers stay numbers, dates are real dates
 * shown as DD/MM/YYYY HH:mm. The library is loaded only when a person exports.
 */
export async function workbookOf(
  lines: readonly (readonly TableCell[])[],
  layout: SheetLayout,
): Promise<ArrayBuffer> {
  const XLSX = await import('@e965/xlsx');
  const sheet = XLSX.utils.aoa_to_sheet(
    lines.map((line) => [...line]),
    { cellDates: true, dateNF: 'dd/mm/yyyy hh:mm' },
  );
  sheet['!cols'] = layout.columnWidths.map((wch) => ({ wch }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetNameOf(layout.sheetName));
  return XLSX.write(book, { type: 'array', bookType: 'xlsx', cellDates: true }) as ArrayBuffer;
}

/** Hands a blob to the browser as a download under the name given. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has the URL.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Hands a file's content (a CSV text, a workbook) to the browser as a download of that type. */
export function download(content: BlobPart, type: string, fileName: string): void {
  saveBlob(new Blob([content], { type }), fileName);
}
