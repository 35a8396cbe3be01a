import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SphereReport } from '@shared/contracts/reports';
import i18n from '../../../i18n';
import { sheetNameOf } from '../../../lib/table-export';
import { colorsOverTime, hiddenPeriods } from '../common/report-chart';
import {
  exportTable,
  hiddenReason,
  reportFileName,
  reportRows,
  toCsv,
  toXlsx,
  type ShownFigure,
} from './report-export';

const shown = (people: number, answers: number): ShownFigure => ({
  shown: true,
  people,
  answers,
  averageValue: 0.2349,
  averageEnergy: 0.6,
  colors: { yellow: 10, green: 5, red: 3, blue: 2 },
  words: [{ wordId: 'calm', count: 4 }],
});

function report(extra: Partial<SphereReport> = {}): SphereReport {
  return {
    sphereId: 'sphere-1',
    template: 'general',
    interval: 'week',
    anonymityNotGuaranteed: false,
    tagIds: ['tag-a'],
    start: '2026-03-01',
    end: '2026-03-22',
    weeks: ['2026-W10', '2026-W11'],
    covered: { first: '2026-03-02', last: '2026-03-15' },
    total: shown(12, 40),
    series: [
      { period: '2026-W10', first: '2026-03-02', last: '2026-03-08', figure: shown(9, 20) },
      {
        period: '2026-W11',
        first: '2026-03-09',
        last: '2026-03-15',
        figure: { shown: false, reason: 'too-few-people', threshold: 8 },
      },
    ],
    ...extra,
  };
}

const t = i18n.getFixedT('en');

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterAll(async () => {
  await i18n.changeLanguage('fr');
});

describe('the rows of a sphere report', () => {
  it('a hidden figure gives its reason with the threshold it missed, never a number', () => {
    const rows = reportRows(report(), 'en', t);
    const hidden = rows.find((r) => r.key === '2026-W11');
    expect(hidden).toEqual({
      key: '2026-W11',
      label: '09/03/2026 – 15/03/2026',
      shown: false,
      reason: 'Hidden: fewer than 8 people',
    });
    expect(hiddenReason({ shown: false, reason: 'too-close-to-another-group', threshold: 5 }, t)).toBe(
      'Hidden: too close to another group (fewer than 5 people apart)',
    );
  });

  it('a shown figure gives people, answers, the averages to two decimals and the four quadrants', () => {
    const rows = reportRows(report(), 'en', t);
    expect(rows[0]).toEqual({
      key: '2026-W10',
      label: '02/03/2026 – 08/03/2026',
      shown: true,
      cells: [9, 20, 0.23, 0.6, 10, 5, 3, 2],
    });
    expect(rows.at(-1)).toMatchObject({ key: 'total', label: 'The whole period', shown: true });
  });

  it('a month is named by its month in the reader’s language', () => {
    const monthly = report({
      interval: 'month',
      series: [{ period: '2026-03', first: '2026-03-02', last: '2026-03-29', figure: shown(9, 20) }],
    });
    expect(reportRows(monthly, 'en', t)[0]?.label).toBe('March 2026');
    expect(reportRows(monthly, 'fr', i18n.getFixedT('fr'))[0]?.label).toBe('mars 2026');
  });
});

describe('the export of a sphere report', () => {
  const context = { sphereName: 'Atelier', tagNames: ['North', 'Night shift'] };

  it('hidden rows carry the reason and no number, shown rows the table’s numbers', () => {
    const table = exportTable(report(), context, 'en', t);
    expect(table.header).toEqual([
      'Period',
      'People',
      'Feelings',
      'Pleasantness (average)',
      'Energy (average)',
      '▲ Pleasant, high energy',
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
    const hidden = table.rows[1] ?? [];
    expect(hidden).toEqual(['09/03/2026 – 15/03/2026', 'Hidden: fewer than 8 people']);
    expect(hidden.some((cell) => typeof cell === 'number')).toBe(false);
    expect(table.rows[0]).toEqual(['02/03/2026 – 08/03/2026', 9, 20, 0.23, 0.6, 10, 5, 3, 2]);
    expect(table.rows.at(-1)?.[0]).toBe('The whole period');
  });

  it('a hidden total is a reason too', () => {
    const table = exportTable(
      report({ total: { shown: false, reason: 'too-close-to-another-group', threshold: 8 } }),
      context,
      'en',
      t,
    );
    expect(table.rows.at(-1)).toEqual([
      'The whole period',
      'Hidden: too close to another group (fewer than 8 people apart)',
    ]);
  });

  it('the header names the sphere, the period, the weeks covered and the group', () => {
    const lines = exportTable(report(), context, 'en', t).preamble.map((l) => l.join(''));
    expect(lines).toEqual([
      'Sphere: Atelier',
      'Period asked: 01/03/2026 to 22/03/2026',
      'The week in progress is not counted: these figures cover 2 closed weeks, from 02/03/2026 to 15/03/2026.',
      'Group: North + Night shift',
      'Interval: Week',
    ]);
    expect(exportTable(report(), { sphereName: 'Atelier', tagNames: [] }, 'en', t).preamble[3]).toEqual([
      'Group: The whole sphere',
    ]);
  });

  it('a study programme’s file says that anonymity is not guaranteed, and only then', () => {
    const line =
      'Anonymity not guaranteed: this sphere is a study programme; its data is shared with researchers.';
    const flagged = exportTable(report({ anonymityNotGuaranteed: true }), context, 'en', t);
    expect(flagged.preamble[1]).toEqual([line]);
    expect(toCsv(flagged)).toContain(line);
    const plain = exportTable(report(), context, 'en', t);
    expect(plain.preamble.flat()).not.toContain(line);
  });

  it('CSV: byte-order mark, semicolons, the hidden reason in its row, formulas neutralised', () => {
    const csv = toCsv(exportTable(report(), { sphereName: '=Atelier', tagNames: [] }, 'en', t));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toContain('09/03/2026 – 15/03/2026;Hidden: fewer than 8 people');
    expect(lines).toContain('02/03/2026 – 08/03/2026;9;20;0.23;0.6;10;5;3;2');
    expect(lines[0]).toBe('Sphere: =Atelier');
    const neutral = toCsv({ preamble: [['=1+1']], header: ['a'], rows: [] });
    expect(neutral).toContain("'=1+1");
  });

  it('Excel: one sheet with the preamble above the same table', async () => {
    const XLSX = await import('@e965/xlsx');
    const buffer = await toXlsx(
      exportTable(report({ anonymityNotGuaranteed: true }), context, 'en', t),
      'Report',
    );
    const book = XLSX.read(buffer, { type: 'array' });
    expect(book.SheetNames).toEqual(['Report']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Report!, { header: 1, blankrows: false });
    expect(rows[1]).toEqual([
      'Anonymity not guaranteed: this sphere is a study programme; its data is shared with researchers.',
    ]);
    expect(rows).toContainEqual(['09/03/2026 – 15/03/2026', 'Hidden: fewer than 8 people']);
    expect(rows).toContainEqual(['02/03/2026 – 08/03/2026', 9, 20, 0.23, 0.6, 10, 5, 3, 2]);
  });

  it('the file is named after the sphere and the period', () => {
    expect(reportFileName({ id: 'sphere-1', name: 'Équipe Nord / Sud' }, report(), 'csv')).toBe(
      'sphere-report-equipe-nord-sud-2026-03-01-2026-03-22.csv',
    );
    expect(reportFileName({ id: 'sphere-1', name: '***' }, report(), 'xlsx')).toBe(
      'sphere-report-sphere-1-2026-03-01-2026-03-22.xlsx',
    );
    expect(sheetNameOf('A/B: report of a very long sphere name')).toBe('A B  report of a very long sphe');
  });
});

describe('a figure hidden to protect a smaller group', () => {
  const protects = { shown: false, reason: 'protects-a-smaller-group', threshold: 8 } as const;
  const context = { sphereName: 'Atelier', tagNames: [] };

  it.each([
    { lang: 'fr', said: 'Masqué pour qu’aucun groupe plus petit ne puisse être déduit' },
    { lang: 'en', said: 'Hidden so that a smaller group cannot be worked out' },
    { lang: 'nl', said: 'Verborgen zodat een kleinere groep niet kan worden afgeleid' },
  ] as const)(
    'says so in $lang in the page’s rows, the CSV and the Excel file, with no number',
    async ({ lang, said }) => {
      const tl = i18n.getFixedT(lang);
      expect(hiddenReason(protects, tl)).toBe(said);
      const base = report();
      const hidden = report({
        total: protects,
        series: [base.series[0]!, { ...base.series[1]!, figure: protects }],
      });
      const rows = reportRows(hidden, lang, tl);
      expect(rows.find((r) => r.key === '2026-W11')).toMatchObject({ shown: false, reason: said });
      expect(rows.at(-1)).toMatchObject({ key: 'total', shown: false, reason: said });

      const table = exportTable(hidden, context, lang, tl);
      expect(table.rows[1]).toEqual(['09/03/2026 – 15/03/2026', said]);
      expect(table.rows.at(-1)?.[1]).toBe(said);
      const csv = toCsv(table).slice(1).split('\r\n');
      expect(csv).toContain(`09/03/2026 – 15/03/2026;${said}`);

      const XLSX = await import('@e965/xlsx');
      const book = XLSX.read(await toXlsx(table, 'Report'), { type: 'array' });
      const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Report!, { header: 1, blankrows: false });
      expect(sheet).toContainEqual(['09/03/2026 – 15/03/2026', said]);
      expect(sheet.at(-1)).toEqual([rows.at(-1)?.label, said]);
    },
  );
});

describe('the export of a group (session) report', () => {
  const context = { groupName: 'North team', tagNames: ['Night shift'] };

  it('the header names the group first, then the period, the weeks covered and the tags', () => {
    const lines = exportTable(report(), context, 'en', t).preamble.map((l) => l.join(''));
    expect(lines).toEqual([
      'Group: North team',
      'Period asked: 01/03/2026 to 22/03/2026',
      'The week in progress is not counted: these figures cover 2 closed weeks, from 02/03/2026 to 15/03/2026.',
      'Tags: Night shift',
      'Interval: Week',
    ]);
    expect(exportTable(report(), { groupName: 'North team', tagNames: [] }, 'en', t).preamble[3]).toEqual([
      'Tags: The whole group',
    ]);
    expect(
      exportTable(report(), context, 'nl', i18n.getFixedT('nl')).preamble.map((l) => l.join(''))[0],
    ).toBe('Groep: North team');
  });

  it('the file is named group-report-<group>-<start>-<end>', () => {
    expect(reportFileName({ id: 'session-1', name: 'Équipe Nord' }, report(), 'xlsx', 'session')).toBe(
      'group-report-equipe-nord-2026-03-01-2026-03-22.xlsx',
    );
    expect(reportFileName({ id: 'session-1', name: '…' }, report(), 'csv', 'session')).toBe(
      'group-report-session-1-2026-03-01-2026-03-22.csv',
    );
  });
});

describe('the chart of a sphere report', () => {
  it('a hidden period has no bar (null, never 0), and is counted', () => {
    const option = colorsOverTime(report(), ['w10', 'w11'], 'en') as {
      series: { name: string; data: (number | null)[] }[];
    };
    expect(option.series).toHaveLength(4);
    expect(option.series.map((s) => s.data)).toEqual([
      [10, null],
      [5, null],
      [3, null],
      [2, null],
    ]);
    expect(option.series[0]?.name).toBe('▲ Pleasant, high energy');
    expect(hiddenPeriods(report())).toBe(1);
  });
});
