import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { buildArchive, dataDocument, readme, toCsv, type ExportSection } from './export';

const at = new Date('2026-11-21T10:00:00Z');
const sections: ExportSection[] = [
  {
    belonging: {
      name: 'profile',
      single: true,
      describe: { fr: 'votre profil', en: 'your profile', nl: 'je profiel' },
    },
    records: [{ firstName: 'Camille', locale: 'fr' }],
  },
  {
    belonging: {
      name: 'emails',
      csv: 'emails.csv',
      describe: { fr: 'vos adresses', en: 'your addresses', nl: 'je adressen' },
    },
    records: [
      { email: 'a@example.be', primary: true },
      { email: 'b@example.be', primary: false },
    ],
  },
];

/** The CSV without its byte-order mark, split into lines. */
const lines = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n');

describe('CSV of a list', () => {
  it('has a header of every column met and one CRLF line per record', () => {
    const csv = toCsv([
      { a: 1, b: true },
      { a: 2, c: 'x' },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines(csv)).toEqual(['a,b,c', '1,true,', '2,,x', '']);
  });

  it('quotes a field holding a comma', () => {
    expect(lines(toCsv([{ name: 'Dubois, Camille' }]))[1]).toBe('"Dubois, Camille"');
  });

  it('quotes a field holding a quote and doubles the quote', () => {
    expect(lines(toCsv([{ name: 'Camille "Cam" Dubois' }]))[1]).toBe('"Camille ""Cam"" Dubois"');
  });

  it('quotes a field holding a line break, which stays inside the field', () => {
    const csv = toCsv([{ note: 'one\ntwo', after: 'z' }]);
    expect(csv).toContain('"one\ntwo",z\r\n');
  });

  it('writes lists joined and objects as JSON, and nothing for missing values', () => {
    expect(lines(toCsv([{ ids: ['s1', 's2'], extra: { k: 1 }, none: undefined }]))[1]).toBe(
      's1; s2,"{""k"":1}",',
    );
  });

  it('of an empty list is an empty file with its byte-order mark', () => {
    expect(toCsv([])).toBe('\uFEFF\r\n');
  });
});

describe('README.txt', () => {
  it.each([
    ['fr', 'Vos données', 'vos adresses'],
    ['en', 'Your data', 'your addresses'],
    ['nl', 'Je gegevens', 'je adressen'],
  ] as const)('is written in the user’s language (%s)', (locale, title, line) => {
    const text = readme(locale, at, sections);
    expect(text.startsWith(title)).toBe(true);
    expect(text).toContain(`emails.csv: ${line}`);
    expect(text).toContain('2026-11-21');
  });

  it('names a CSV only for lists', () => {
    expect(readme('en', at, sections)).not.toContain('profile.csv');
  });
});

describe('the archive', () => {
  it('holds data.json, one CSV per list and README.txt', () => {
    const files = unzipSync(buildArchive({ userId: 'user-1', locale: 'en', at, sections }));
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'data.json', 'emails.csv']);
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as Record<string, unknown>;
    expect(data).toEqual(dataDocument({ userId: 'user-1', locale: 'en', at, sections }));
    expect(data).toMatchObject({
      userId: 'user-1',
      exportedAt: '2026-11-21T10:00:00.000Z',
      profile: { firstName: 'Camille' },
      emails: [{ email: 'a@example.be' }, { email: 'b@example.be' }],
    });
    expect(strFromU8(files['emails.csv'] as Uint8Array)).toContain('a@example.be,true');
  });

  it('shows a single section without records as null', () => {
    const [profile] = sections;
    const doc = dataDocument({
      userId: 'u',
      locale: 'fr',
      at,
      sections: [{ belonging: profile!.belonging, records: [] }],
    });
    expect(doc.profile).toBeNull();
  });
});
