import { describe, expect, it } from 'vitest';
import { crisisCountryOf } from './country';

describe('the country of the crisis lines shown first', () => {
  it.each([
    ['fr-BE', 'BE'],
    ['nl-BE', 'BE'],
    ['fr-FR', 'FR'],
    ['de-LU', 'LU'],
    ['fr_lu', 'LU'],
  ] as const)('%s gives %s', (tag, country) => {
    expect(crisisCountryOf(tag)).toBe(country);
  });

  it.each(['fr', 'en-GB', 'nl-NL', '', 'not a tag'])('%s gives Belgium', (tag) => {
    expect(crisisCountryOf(tag)).toBe('BE');
  });
});
