// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { Markdown, type MarkdownProps } from './markdown';

function show(text: string, props: Partial<MarkdownProps> = {}) {
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <Markdown {...props}>{text}</Markdown>
      </MantineProvider>
    </I18nextProvider>,
  );
  return container;
}

describe('markdown', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('reads GitHub-flavoured markdown: tables, strikethrough, task lists, bare links', () => {
    const shown = show(
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~ new\n\n- [x] done\n\nSee https://example.org',
    );
    expect(shown.querySelectorAll('table td')).toHaveLength(2);
    expect(shown.querySelector('del')?.textContent).toBe('old');
    expect(shown.querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked).toBe(true);
    expect(shown.querySelector('a')?.getAttribute('href')).toBe('https://example.org');
  });

  it('drops raw HTML and unsafe links: no script, no element written as HTML, no javascript: link', () => {
    const shown = show(
      'Hi <b onclick="x()">there</b>\n\n<script>alert(1)</script>\n\n<iframe src="https://example.org"></iframe>\n\n[click](javascript:alert(1))',
    );
    expect(shown.querySelector('script, iframe, b, [onclick]')).toBeNull();
    expect(shown.textContent).not.toContain('<script>');
    expect(shown.textContent).not.toContain('<iframe');
    expect(shown.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/^javascript:/);
  });

  it('opens links in a new tab and says so to screen readers', () => {
    const link = show('[site](https://example.org)').querySelector('a');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.textContent).toBe('site (opens in a new tab)');
  });

  it('puts its headings below the page’s: # becomes the given level', () => {
    const shown = show('# One\n\n## Two', { headingLevel: 4 });
    expect(shown.querySelector('h4')?.textContent).toBe('One');
    expect(shown.querySelector('h5')?.textContent).toBe('Two');
    expect(shown.querySelector('h1, h2')).toBeNull();
  });
});
