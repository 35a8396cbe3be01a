import { useMemo, type ReactNode } from 'react';
import { Anchor, Typography, VisuallyHidden, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

type RemarkPlugin = Extract<NonNullable<Options['remarkPlugins']>[number], (...args: never) => unknown>;

/**
 * GitHub-flavoured markdown (tables, strikethrough, task lists, autolinks, footnotes), read only:
 * what remark-gfm does, without the markdown writer it also registers and a renderer never runs
 * (7 KB gzipped less in the lazily loaded chunks that show markdown, the form runner's).
 */
const gfmReading: RemarkPlugin = function () {
  // The lists remark-parse reads (its own types, not loaded here, declare them on unified's Data).
  const data = this.data() as {
    micromarkExtensions?: Array<ReturnType<typeof gfm>>;
    fromMarkdownExtensions?: Array<ReturnType<typeof gfmFromMarkdown>>;
  };
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
};

type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

export interface MarkdownProps {
  /** The markdown text, as editors write it (GitHub flavour: lists, tables, links). */
  children: string;
  /** The level a `#` heading takes, so a text's headings sit below the page's own (3 by default). */
  headingLevel?: HeadingLevel;
  id?: string;
  size?: MantineSize;
  c?: string;
  'data-testid'?: string;
}

/** The components of a text whose `#` headings start at `top`, and whose links open in a new tab. */
function markdownComponents(top: HeadingLevel, newTab: string): Components {
  const heading = (level: number) => {
    const Tag = HEADINGS[Math.min(5, top - 1 + level - 1)] ?? 'h6';
    return function Heading({ children }: { children?: ReactNode }) {
      return <Tag>{children}</Tag>;
    };
  };
  return {
    h1: heading(1),
    h2: heading(2),
    h3: heading(3),
    h4: heading(4),
    h5: heading(5),
    h6: heading(6),
    // A link leaves the page in a new tab, so answers being typed are not lost; it says so.
    a: ({ href, children }) => (
      <Anchor href={href} target="_blank" rel="noopener noreferrer">
        {children}
        <VisuallyHidden> {newTab}</VisuallyHidden>
      </Anchor>
    ),
  };
}

/**
 * Markdown written by editors (form, page and question descriptions), shown safely: raw HTML is
 * dropped (never rehype-raw), what remains is sanitised (no script, no event handler, no
 * `javascript:` link), and links open in a new tab.
 */
export function Markdown({ children, headingLevel = 3, id, size, c, ...rest }: MarkdownProps) {
  const { t } = useTranslation();
  const newTab = t('markdown.newTab');
  const components = useMemo(() => markdownComponents(headingLevel, newTab), [headingLevel, newTab]);
  return (
    <Typography id={id} fz={size} c={c} data-testid={rest['data-testid']}>
      <ReactMarkdown
        remarkPlugins={[gfmReading]}
        rehypePlugins={[rehypeSanitize]}
        skipHtml
        components={components}
      >
        {children}
      </ReactMarkdown>
    </Typography>
  );
}
