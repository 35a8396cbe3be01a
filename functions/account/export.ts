import { strToU8, zipSync } from 'fflate';
import type { Language } from '@shared/contracts/headers';
import type { Belonging, ExportRecord } from '../lib/domain';

/** One section of the archive: a belonging and the owner's records of it. */
export interface ExportSection {
  belonging: Pick<Belonging, 'name' | 'csv' | 'single' | 'describe'>;
  records: ExportRecord[];
}

export interface ExportInput {
  userId: string;
  locale: Language;
  at: Date;
  sections: ExportSection[];
}

function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text =
    typeof value === 'string'
      ? value
      : Array.isArray(value)
        ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join('; ')
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value as number | boolean | bigint);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * RFC 4180 CSV: a header of every column met (in order of appearance), CRLF line ends, fields with
 * a comma, a quote or a line break quoted and their quotes doubled. A byte-order mark lets
 * spreadsheets read the UTF-8 accents.
 */
export function toCsv(rows: readonly ExportRecord[]): string {
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  const lines = [
    columns.map(cell).join(','),
    ...rows.map((row) => columns.map((c) => cell(row[c])).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const README_TEXT: Record<
  Language,
  { title: string; intro: (date: string) => string; json: string; csv: string; erase: string }
> = {
  fr: {
    title: 'Vos données',
    intro: (date) =>
      `Cette archive contient toutes les données que le produit conserve à votre sujet, au ${date}.`,
    json: 'data.json : toutes les données, lisibles par un programme, avec :',
    csv: 'Un fichier CSV par liste (ouvrable dans un tableur) :',
    erase:
      'Vous pouvez quitter le produit depuis « Mes données » : tout ce qui est listé ici est alors effacé définitivement.',
  },
  en: {
    title: 'Your data',
    intro: (date) => `This archive holds all the data the product keeps about you, as of ${date}.`,
    json: 'data.json: all the data, readable by a program, with:',
    csv: 'One CSV file per list (opens in a spreadsheet):',
    erase: 'You can leave the product from "My data": everything listed here is then erased for good.',
  },
  nl: {
    title: 'Je gegevens',
    intro: (date) => `Dit archief bevat alle gegevens die het product over jou bewaart, op ${date}.`,
    json: 'data.json: alle gegevens, leesbaar voor een programma, met:',
    csv: 'Eén CSV-bestand per lijst (te openen in een rekenblad):',
    erase:
      'Je kunt het product verlaten via "Mijn gegevens": alles wat hier staat, wordt dan definitief gewist.',
  },
};

/** README.txt in the user's language: what each file and section holds. */
export function readme(locale: Language, at: Date, sections: readonly ExportSection[]): string {
  const text = README_TEXT[locale];
  const lines = [
    text.title,
    '='.repeat(text.title.length),
    '',
    text.intro(at.toISOString().slice(0, 10)),
    '',
    text.json,
    ...sections.map((s) => `  - ${s.belonging.name}: ${s.belonging.describe[locale]}`),
    '',
    text.csv,
    ...sections
      .filter((s) => s.belonging.csv)
      .map((s) => `  - ${s.belonging.csv}: ${s.belonging.describe[locale]}`),
    '',
    text.erase,
    '',
  ];
  return lines.join('\r\n');
}

/** The data.json document: one key per section, a list or (for single sections) one object. */
export function dataDocument(input: ExportInput): Record<string, unknown> {
  const doc: Record<string, unknown> = { exportedAt: input.at.toISOString(), userId: input.userId };
  for (const { belonging, records } of input.sections)
    doc[belonging.name] = belonging.single ? (records[0] ?? null) : records;
  return doc;
}

/** The archive the user downloads: data.json, one CSV per list and README.txt. */
export function buildArchive(input: ExportInput): Uint8Array {
  const files: Record<string, Uint8Array> = {
    'README.txt': strToU8(readme(input.locale, input.at, input.sections)),
    'data.json': strToU8(JSON.stringify(dataDocument(input), null, 2)),
  };
  for (const { belonging, records } of input.sections)
    if (belonging.csv) files[belonging.csv] = strToU8(toCsv(records));
  return zipSync(files, { level: 6, mtime: input.at });
}
