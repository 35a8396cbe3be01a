import { describe, expect, it } from 'vitest';
import { followsIdCharacterRule, followsPathParameterRule, pathParameterErrors } from './ids';

describe('the character rule of ids', () => {
  it.each([
    ['NUL', '\u0000'],
    ['line feed', 'a\nb'],
    ['carriage return', 'a\rb'],
    ['unit separator', '\u001f'],
    ['DEL', '\u007f'],
    ['a C1 control', '\u009b'],
    ['a bidi override', 'a\u202eb'],
    ['a bidi isolate', '\u2066a'],
    ['a zero-width space', 'a\u200bb'],
    ['the byte order mark', '\ufeffa'],
    ['a line separator', 'a\u2028b'],
    ['a lone surrogate', 'a\ud800b'],
  ])('refuses %s', (_, value) => {
    expect(followsIdCharacterRule(value)).toBe(false);
    expect(followsPathParameterRule(value)).toBe(false);
  });

  it.each(['s-1', 'mood', 'Zoé', 'Team A', 'ada+x@example.be', '日本', '😀', '100%'])('takes %j', (value) => {
    expect(followsIdCharacterRule(value)).toBe(true);
    expect(followsPathParameterRule(value)).toBe(true);
  });

  it('judges a path parameter left percent-encoded as decoded', () => {
    for (const value of ['%00', 'a%0Ab', '%7f', '%E2%80%AE', '%C2%9B'])
      expect(followsPathParameterRule(value)).toBe(false);
    expect(followsPathParameterRule('%41%42')).toBe(true);
    expect(followsPathParameterRule('%zz')).toBe(true);
  });

  it('lists each parameter that breaks it as not-valid on params.<name>', () => {
    expect(pathParameterErrors({ id: 'ok', tagId: 'a\u0000', email: undefined })).toEqual([
      { key: 'not-valid', field: 'params.tagId' },
    ]);
    expect(pathParameterErrors({})).toEqual([]);
  });
});
