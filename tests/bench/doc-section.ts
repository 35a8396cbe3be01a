import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Puts a section (its lines start with its `## ` heading) in a Markdown file in place of the section
 * of the same heading (up to the next `## `), or at the end: a section's run alone keeps the others.
 */
export function replaceDocSection(file: string, lines: readonly string[]): void {
  if (!existsSync(file) || lines.length === 0) return;
  const heading = lines[0] as string;
  const text = readFileSync(file, 'utf8');
  const section = lines.join('\n').replace(/\n*$/, '\n');
  const start = text.startsWith(`${heading}\n`) ? 0 : text.indexOf(`\n${heading}\n`) + 1;
  if (start === 0 && !text.startsWith(`${heading}\n`)) {
    writeFileSync(file, `${text.replace(/\n*$/, '\n\n')}${section}`);
    return;
  }
  const next = text.indexOf('\n## ', start);
  writeFileSync(file, `${text.slice(0, start)}${section}${next === -1 ? '' : `\n${text.slice(next + 1)}`}`);
}
