// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvOf, download, neutralise, saveBlob, sheetNameOf, workbookOf } from './table-export';

describe('neutralise', () => {
  it('prefixes with an apostrophe a text a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(neutralise(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
  });

  it('leaves any other text as it is, a formula sign further in included', () => {
    expect(neutralise('Fine')).toBe('Fine');
    expect(neutralise('a=1+1')).toBe('a=1+1');
    expect(neutralise('')).toBe('');
  });
});

describe('csvOf', () => {
  it('starts with a byte-order mark, separates cells with ; and ends lines with CRLF', () => {
    expect(
      csvOf([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('\uFEFFa;b\r\nc;d\r\n');
  });

  it('writes numbers as numbers and dates as DD/MM/YYYY HH:mm in local time', () => {
    const csv = csvOf([[new Date(2026, 10, 2, 8, 5), 7, 0.23, -1]]);
    expect(csv).toBe('\uFEFF02/11/2026 08:05;7;0.23;-1\r\n');
  });

  it('neutralises text cells on every line, the header and a preamble included, and never numbers', () => {
    const csv = csvOf([['=Sphere'], [], ['+Header', 'ok'], ['@row', -3]]);
    expect(csv.slice(1).split('\r\n')).toEqual(["'=Sphere", '', "'+Header;ok", "'@row;-3", '']);
  });

  it('quotes a cell holding a lone line break, so a note on two lines stays in its row', () => {
    expect(csvOf([['first\nsecond', 'x']]).slice(1)).toBe('"first\nsecond";x\r\n');
  });

  it('quotes a cell holding the separator, a quote or a CRLF line end, doubling its quotes', () => {
    const csv = csvOf([['a;b', 'say "hi"', 'two\r\nlines', 'plain']]);
    expect(csv).toBe('\uFEFF"a;b";"say ""hi""";"two\r\nlines";plain\r\n');
  });
});

describe('sheetNameOf', () => {
  it('replaces the characters Excel refuses with spaces and keeps 31 characters at most', () => {
    expect(sheetNameOf('Mes notes: 2026/11?')).toBe('Mes notes  2026 11');
    expect(sheetNameOf('[a]*b\\c')).toBe('a  b c');
    expect(sheetNameOf('x'.repeat(40))).toBe('x'.repeat(31));
  });

  it('names a sheet "Sheet" when nothing is left of the name', () => {
    expect(sheetNameOf('')).toBe('Sheet');
    expect(sheetNameOf(' /?* ')).toBe('Sheet');
  });

  it('never gives "History", a name Excel keeps for itself, whatever its case', () => {
    expect(sheetNameOf('History')).toBe('History 1');
    expect(sheetNameOf(' HISTORY ')).toBe('HISTORY 1');
    expect(sheetNameOf('My history')).toBe('My history');
  });
});

describe('workbookOf', () => {
  const lines = [['Preamble: =x'], [], ['Date', 'Count', 'Note'], [new Date(2026, 10, 20, 8, 30), 7, '=1+1']];

  it('writes one sheet, named as Excel allows, with the lines as they are, blank line included', async () => {
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(await workbookOf(lines, { sheetName: 'My: export', columnWidths: [17, 14, 40] }), {
      type: 'array',
      cellDates: true,
    });
    expect(book.SheetNames).toEqual(['My  export']);
    const sheet = book.Sheets['My  export']!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: true });
    expect(rows[0]).toEqual(['Preamble: =x']);
    expect(rows[1]).toEqual([]);
    expect(rows[2]).toEqual(['Date', 'Count', 'Note']);
    expect(rows[3]?.slice(1)).toEqual([7, '=1+1']);
    expect(sheet.C4?.t).toBe('s');
    expect(sheet.C4?.f).toBeUndefined();
  });

  it('keeps dates as real dates shown DD/MM/YYYY HH:mm and numbers as numbers', async () => {
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(await workbookOf(lines, { sheetName: 'Export', columnWidths: [] }), {
      type: 'array',
      cellDates: true,
      cellNF: true,
    });
    const sheet = book.Sheets.Export!;
    expect(sheet.A4?.t).toBe('d');
    expect(sheet.A4?.z).toBe('dd/mm/yyyy hh:mm');
    expect(Math.abs((sheet.A4?.v as Date).getTime() - new Date(2026, 10, 20, 8, 30).getTime())).toBeLessThan(
      1000,
    );
    expect(sheet.B4).toMatchObject({ t: 'n', v: 7 });
  });

  it('gives each column the width asked, in characters', async () => {
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(await workbookOf(lines, { sheetName: 'Export', columnWidths: [26, 16, 40] }), {
      type: 'array',
      cellStyles: true,
    });
    const widths = (book.Sheets.Export!['!cols'] ?? []).map((c) => Math.round(c.wch ?? 0));
    expect(widths).toEqual([26, 16, 40]);
  });
});

describe('download', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function watch() {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:export';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: { href: string; download: string; inPage: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, inPage: document.body.contains(this) });
    });
    return { blobs, revoke, clicked };
  }

  it('clicks a link in the page to the content, with its type and file name, then takes the link away', async () => {
    vi.useFakeTimers();
    const { blobs, revoke, clicked } = watch();
    download('\uFEFFa;b\r\n', 'text/csv;charset=utf-8', 'history-2026-11-26.csv');
    expect(clicked).toEqual([{ href: 'blob:export', download: 'history-2026-11-26.csv', inPage: true }]);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    expect(await blobs[0]?.text()).toBe('\uFEFFa;b\r\n');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:export');
  });

  it('saves a blob as it is, under the name given', () => {
    const { blobs, clicked } = watch();
    const blob = new Blob([new Uint8Array([80, 75, 3, 4])], { type: 'application/zip' });
    saveBlob(blob, 'archive.zip');
    expect(blobs).toEqual([blob]);
    expect(clicked[0]?.download).toBe('archive.zip');
  });
});
