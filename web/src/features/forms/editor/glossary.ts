/**
 * A glossary entry in a markdown text: the term in bold, then its definition, a paragraph of its
 * own (`**Burn-out**: exhaustion at work`). The safe renderer shows it as a paragraph with the term
 * in `<strong>`, which screen readers announce as it reads; it has no definition lists and raw HTML
 * is dropped, so none is written.
 */

/** The term as markdown reads it literally: its markup characters escaped, on one line. */
function literal(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([\\`*_[\]<>#|~!])/g, '\\$1');
}

/** The entry's markdown: `**term**: definition`, each on one line. */
export function glossaryEntry(term: string, definition: string): string {
  return `**${literal(term)}**: ${definition.replace(/\s+/g, ' ').trim()}`;
}

/**
 * `text` with the entry inserted at `position` as a paragraph of its own (blank lines added where
 * needed), and where the cursor goes after it.
 */
export function insertGlossaryEntry(
  text: string,
  position: number,
  term: string,
  definition: string,
): { text: string; cursor: number } {
  const at = Math.max(0, Math.min(position, text.length));
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const inserted = `${lead}${glossaryEntry(term, definition)}`;
  return { text: `${before}${inserted}${trail}${after}`, cursor: before.length + inserted.length };
}
