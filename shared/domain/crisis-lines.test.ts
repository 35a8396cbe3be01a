import { describe, expect, it } from 'vitest';
import {
  CRISIS_COUNTRIES,
  CRISIS_LINE_KINDS,
  CRISIS_LINES,
  CRISIS_LINES_CHECKED_ON,
  CRISIS_LINES_FALLBACK,
  crisisLinesFor,
  type CrisisLine,
  type CrisisLineHours,
} from './crisis-lines';

const ALL: readonly CrisisLine[] = CRISIS_COUNTRIES.flatMap((country) => CRISIS_LINES[country]);
const LANGUAGES = ['fr', 'en', 'nl'] as const;

const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const hoursAreWritten = (hours: CrisisLineHours) =>
  hours.always || LANGUAGES.every((language) => hours.text[language].trim().length > 0);

describe('crisis lines of each country', () => {
  it.each(CRISIS_COUNTRIES)('%s has an emergency number and a suicide-prevention line', (country) => {
    const lines = CRISIS_LINES[country];
    expect(lines.some((line) => line.emergency && line.kind === 'emergency')).toBe(true);
    expect(lines.some((line) => line.kind === 'suicide-prevention')).toBe(true);
  });

  it.each(CRISIS_COUNTRIES)(
    '%s shows emergency numbers first, then suicide prevention, then listening',
    (country) => {
      const lines = CRISIS_LINES[country];
      expect(lines[0]?.emergency).toBe(true);
      expect(lines.some((line) => line.tel === '112')).toBe(true);
      const ranks = lines.map((line) => CRISIS_LINE_KINDS.indexOf(line.kind));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    },
  );

  it('only emergency numbers are marked as emergencies', () => {
    for (const line of ALL) expect(line.emergency, line.id).toBe(line.kind === 'emergency');
  });

  it('no two lines share an id', () => {
    const ids = ALL.map((line) => line.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('every line', () => {
  it.each(ALL.map((line) => [line.id, line] as const))(
    '%s cites https sources with the day checked',
    (_, line) => {
      expect(line.sources.length).toBeGreaterThan(0);
      for (const source of line.sources) {
        expect(new URL(source.url).protocol).toBe('https:');
        expect(isDay(source.checkedOn), source.checkedOn).toBe(true);
        expect(source.checkedOn <= CRISIS_LINES_CHECKED_ON).toBe(true);
        expect(source.confirms.trim()).not.toBe('');
      }
    },
  );

  it.each(ALL.map((line) => [line.id, line] as const))('%s has a dialable tel value', (_, line) => {
    expect(line.tel).toMatch(/^\+?\d+$/);
    // E.164: a country code and at most 15 digits; a short number stays short, without a +.
    if (line.tel.startsWith('+')) expect(line.tel.length).toBeLessThanOrEqual(16);
    else expect(line.tel.length).toBeLessThanOrEqual(6);
    // The dialled number and the tel value are the same number.
    const dialled = line.number.replace(/\s/g, '');
    expect(dialled).toMatch(/^\d+$/);
    expect(
      line.tel.startsWith('+') ? line.tel.endsWith(dialled.replace(/^0/, '')) : line.tel === dialled,
    ).toBe(true);
  });

  it.each(ALL.map((line) => [line.id, line] as const))(
    '%s is described in French, English and Dutch',
    (_, line) => {
      for (const language of LANGUAGES) expect(line.description[language].trim(), language).not.toBe('');
      expect(line.name.trim()).not.toBe('');
      expect(hoursAreWritten(line.hours)).toBe(true);
      if (line.chat) {
        expect(new URL(line.chat.url).protocol).toBe('https:');
        expect(hoursAreWritten(line.chat.hours)).toBe(true);
      }
      if (line.sms) expect(line.sms).toMatch(/^sms:\+?\d+$/);
    },
  );

  it('says what is missing whenever it is not verified', () => {
    for (const line of ALL) if (!line.verified) expect(line.unverified.length, line.id).toBeGreaterThan(0);
  });

  it('is frozen, with its sources', () => {
    expect(Object.isFrozen(CRISIS_LINES)).toBe(true);
    for (const line of ALL) {
      expect(Object.isFrozen(line)).toBe(true);
      expect(Object.isFrozen(line.sources)).toBe(true);
      expect(Object.isFrozen(line.sources[0])).toBe(true);
      expect(Object.isFrozen(line.description)).toBe(true);
    }
  });
});

describe('crisisLinesFor', () => {
  it('gives a served country its own lines, whatever the case or spaces', () => {
    expect(crisisLinesFor('BE')).toBe(CRISIS_LINES.BE);
    expect(crisisLinesFor('fr')).toBe(CRISIS_LINES.FR);
    expect(crisisLinesFor(' lu ')).toBe(CRISIS_LINES.LU);
  });

  it.each([undefined, '', 'DE', 'fr-BE', 'XX'])('falls back to the 112 alone for %j', (country) => {
    const lines = crisisLinesFor(country);
    expect(lines).toBe(CRISIS_LINES_FALLBACK);
    expect(lines.map((line) => line.tel)).toEqual(['112']);
    expect(lines.every((line) => line.emergency)).toBe(true);
  });
});
