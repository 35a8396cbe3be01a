import { describe, expect, it } from 'vitest';
import { parseMemberLines } from './members-bulk';

describe('a pasted list of members', () => {
  it('reads one person per line, the address wherever it stands, separated by ; , or a tab', () => {
    expect(
      parseMemberLines(
        'Ada Lovelace; ada@example.be\n\n  bob@example.be, Bob Martin \nCé\tce@example.be\r\nno address',
      ),
    ).toEqual([
      { name: 'Ada Lovelace', email: 'ada@example.be' },
      { name: 'Bob Martin', email: 'bob@example.be' },
      { name: 'Cé', email: 'ce@example.be' },
      { name: 'no address', email: '' },
    ]);
  });
});
