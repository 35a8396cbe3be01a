import { describe, expect, it } from 'vitest';
import type { Feeling } from '@shared/contracts/feelings';
import i18n from '../../../i18n';
import { neutralise, sheetNameOf } from '../../../lib/table-export';
import { exportTable, toCsv, toXlsx } from './history-export';

const feeling = (over: Partial<Feeling>): Feeling => ({
  id: 'f',
  value: 0.7,
  energy: 0.9,
  color: 'yellow',
  evaluationPeriod: { value: 0, type: 'none' },
  geoPoint: { latitude: 0, longitude: 0 },
  personalNotes: [],
  goals: [],
  timestamp: '2026-11-20T08:30:00.000Z',
  editable: false,
  ...over,
});
const words = [
  {
    id: 'joyful',
    color: 'yellow' as const,
    label: { fr: 'Joie', en: 'Joyful', nl: 'Blij' },
    description: { fr: '.', en: '.', nl: '.' },
  },
];

describe('history export', () => {
  const t = i18n.getFixedT('en');
  const table = exportTable(
    [
      feeling({
        wordId: 'joyful',
        goals: [{ id: 'health', level: 2 }],
        personalNotes: [{ id: 1, value: '=HYPERLINK("x")', type: 'professional' }],
      }),
      feeling({ value: -0.3, energy: 0.2, color: 'blue', timestamp: '2026-11-21T19:05:00.000Z' }),
    ],
    words,
    'en',
    t,
  );

  it('has a header row in the language asked and one row per feeling, steps as numbers', () => {
    expect(table.header).toEqual([
      'Date',
      'Quadrant',
      'Pleasant or not',
      'Intensity (1-10)',
      'Energy (1-10)',
      'Word',
      'About',
      'Goals',
      'Notes',
    ]);
    expect(table.rows).toHaveLength(2);
    expect(table.rows[0]?.slice(1)).toEqual([
      'Pleasant, high energy',
      'Pleasant',
      7,
      9,
      'Joyful',
      'Right now',
      'Health: Strongly closer',
      '[Work] =HYPERLINK("x")',
    ]);
    expect(table.rows[1]?.slice(1, 5)).toEqual(['Unpleasant, low energy', 'Unpleasant', 3, 2]);
    expect(exportTable([feeling({})], words, 'fr', i18n.getFixedT('fr')).header[0]).toBe('Date');
    expect(exportTable([feeling({})], words, 'nl', i18n.getFixedT('nl')).header[1]).toBe('Kwadrant');
  });

  it('writes CSV with a byte-order mark, semicolons, DD/MM/YYYY dates and neutralised formulas', () => {
    const csv = toCsv(table);
    expect(csv.startsWith('\uFEFFDate;Quadrant;')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toMatch(/^\d{2}\/11\/2026 \d{2}:30;Pleasant, high energy;Pleasant;7;9;Joyful;/);
    expect(lines[1]).toContain(`"[Work] =HYPERLINK(""x"")"`);
    expect(neutralise('=1+1')).toBe(`'=1+1`);
    expect(neutralise('-cmd')).toBe(`'-cmd`);
    expect(neutralise('@SUM')).toBe(`'@SUM`);
    expect(neutralise('Fine')).toBe('Fine');
  });

  it('writes an Excel sheet whose dates are real dates', async () => {
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(await toXlsx(table, 'My history'), { type: 'array', cellDates: true });
    const sheet = book.Sheets['My history'];
    expect(sheet).toBeDefined();
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet as never, { header: 1 });
    expect(rows[0]).toEqual(table.header);
    expect(rows[1]?.[0]).toBeInstanceOf(Date);
    expect(Math.abs((rows[1]?.[0] as Date).getTime() - Date.parse('2026-11-20T08:30:00.000Z'))).toBeLessThan(
      1000,
    );
    expect(rows[1]?.slice(1, 6)).toEqual(['Pleasant, high energy', 'Pleasant', 7, 9, 'Joyful']);
    expect(sheet?.['A2']?.t).toBe('d');
  });

  it('names the sheet as Excel allows', () => {
    expect(sheetNameOf('History')).toBe('History 1');
    expect(sheetNameOf('Mes notes: 2026/11?')).toBe('Mes notes  2026 11');
    expect(sheetNameOf('x'.repeat(40))).toHaveLength(31);
  });
});
