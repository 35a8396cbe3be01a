// @vitest-environment happy-dom
import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MultilingualText } from '@shared/contracts/text';
import { Markdown } from '../../../components/markdown';
import i18n from '../../../i18n';
import { renderPage } from '../../../test/render';
import { EditorContext } from './editor-context';
import { glossaryEntry, insertGlossaryEntry } from './glossary';
import { MultilingualInput } from './multilingual-input';

function Field({ initial }: { initial: MultilingualText }) {
  const [value, setValue] = useState(initial);
  return (
    <EditorContext.Provider
      value={{ languages: ['en', 'fr'], messageFor: () => undefined, canTranslate: false }}
    >
      <MultilingualInput
        label="Description"
        value={value}
        onChange={setValue}
        markdown
        testId="description"
      />
    </EditorContext.Provider>
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('a glossary entry', () => {
  it('is the term in bold, kept literal, then its definition, each on one line', () => {
    expect(glossaryEntry(' Burn-out ', 'exhaustion\nat work')).toBe('**Burn-out**: exhaustion at work');
    expect(glossaryEntry('a*b_[c]', 'x')).toBe('**a\\*b\\_\\[c\\]**: x');
  });

  it('goes where the cursor is, as a paragraph of its own', () => {
    expect(insertGlossaryEntry('', 0, 'Term', 'Meaning')).toEqual({ text: '**Term**: Meaning', cursor: 17 });
    expect(insertGlossaryEntry('Intro', 5, 'T', 'D').text).toBe('Intro\n\n**T**: D');
    expect(insertGlossaryEntry('Intro\n\nEnd', 7, 'T', 'D')).toEqual({
      text: 'Intro\n\n**T**: D\n\nEnd',
      cursor: 15,
    });
    expect(insertGlossaryEntry('Intro\nEnd', 6, 'T', 'D').text).toBe('Intro\n\n**T**: D\n\nEnd');
    // A position past the end is the end.
    expect(insertGlossaryEntry('Intro', 99, 'T', 'D').text).toBe('Intro\n\n**T**: D');
  });

  it('is shown by the safe renderer as a paragraph with the term in strong', () => {
    const { container } = renderPage(
      <Markdown>{insertGlossaryEntry('Intro', 5, 'Burn-out', 'exhaustion').text}</Markdown>,
    );
    const paragraphs = container.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[1]!.querySelector('strong')?.textContent).toBe('Burn-out');
    expect(paragraphs[1]!.textContent).toBe('Burn-out: exhaustion');
  });
});

describe('the glossary insert of a markdown field', () => {
  it('asks for a term and its definition in a labelled dialog, then inserts the entry at the cursor', async () => {
    renderPage(<Field initial={{ en: 'Intro\n\nEnd', fr: 'Texte' }} />);
    const field = screen.getByTestId('description-en') as HTMLTextAreaElement;
    field.setSelectionRange(7, 7);
    const open = screen.getByTestId('description-en-glossary');
    expect(open.getAttribute('aria-label')).toBe('Glossary term: Description (English)');
    expect(open.textContent).toBe('Glossary term');
    fireEvent.click(open);

    const dialog = await screen.findByRole('dialog', { name: 'Insert a glossary term' });
    expect(dialog).toBeTruthy();
    // Nothing is inserted without a term and a definition.
    fireEvent.click(screen.getByTestId('description-en-glossary-insert'));
    expect(await screen.findByText('Enter the term.')).toBeTruthy();
    expect(screen.getByText('Enter its definition.')).toBeTruthy();
    expect(field.value).toBe('Intro\n\nEnd');

    fireEvent.change(screen.getByLabelText(/^Term/), { target: { value: 'Burn-out' } });
    fireEvent.change(screen.getByLabelText(/^Definition/), { target: { value: 'exhaustion at work' } });
    // Enter in the form inserts, as the button does.
    fireEvent.submit(screen.getByTestId('description-en-glossary-term').closest('form')!);

    await vi.waitFor(() => expect(field.value).toBe('Intro\n\n**Burn-out**: exhaustion at work\n\nEnd'));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The other language is left as it was.
    expect((screen.getByTestId('description-fr') as HTMLTextAreaElement).value).toBe('Texte');
    expect(screen.getByTestId('description-en-preview').querySelector('strong')?.textContent).toBe(
      'Burn-out',
    );
  });

  it('changes nothing when cancelled', async () => {
    renderPage(<Field initial={{ en: 'Intro' }} />);
    fireEvent.click(screen.getByTestId('description-fr-glossary'));
    fireEvent.change(await screen.findByTestId('description-fr-glossary-term'), {
      target: { value: 'Term' },
    });
    fireEvent.click(screen.getByTestId('description-fr-glossary-cancel'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByTestId('description-fr') as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByTestId('description-en') as HTMLTextAreaElement).value).toBe('Intro');
  });
});
