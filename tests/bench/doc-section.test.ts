import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replaceDocSection } from './doc-section';

describe('a benchmark section of docs/benchmarks.md', () => {
  const file = () => join(mkdtempSync(join(tmpdir(), 'doc-section-')), 'b.md');

  it('replaces the section of the same heading and keeps the others', () => {
    const path = file();
    writeFileSync(path, '# B\n\n## One\n\nold\n\n## Two\n\nkept\n');
    replaceDocSection(path, ['## One', '', 'new', '']);
    expect(readFileSync(path, 'utf8')).toBe('# B\n\n## One\n\nnew\n\n## Two\n\nkept\n');
  });

  it('replaces the last section up to the end', () => {
    const path = file();
    writeFileSync(path, '# B\n\n## One\n\nkept\n\n## Two\n\nold\n');
    replaceDocSection(path, ['## Two', '', 'new']);
    expect(readFileSync(path, 'utf8')).toBe('# B\n\n## One\n\nkept\n\n## Two\n\nnew\n');
  });

  it('adds a section not there yet at the end', () => {
    const path = file();
    writeFileSync(path, '# B\n\n## One\n\nkept\n');
    replaceDocSection(path, ['## Three', '', 'new']);
    expect(readFileSync(path, 'utf8')).toBe('# B\n\n## One\n\nkept\n\n## Three\n\nnew\n');
  });
});
