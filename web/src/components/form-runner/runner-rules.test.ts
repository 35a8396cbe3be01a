import { describe, expect, it } from 'vitest';
import { FormSchema } from '@shared/contracts/forms';
import { buildPages } from '@shared/domain/forms';
import { arrowTarget, escapeMarkdown, pageProblems, valuesToSubmit, withAnswer } from './runner-rules';

const form = FormSchema.parse({
  id: 'f',
  title: { en: 'F' },
  languages: ['en'],
  updateDate: '2025-01-01T00:00:00.000Z',
  steps: [
    {
      id: 's1',
      title: { en: 'One' },
      description: { en: 'One' },
      answers: [
        { id: 'q1', type: 'text', title: { en: 'Q1' }, required: true, max: 5 },
        {
          id: 'q2',
          type: 'choice',
          title: { en: 'Q2' },
          enableNotApplicable: true,
          multiChoice: true,
          multiChoiceMin: 2,
          values: ['a', 'b', 'c'].map((value) => ({ value, title: { en: value } })),
        },
        {
          id: 'q3',
          type: 'text',
          title: { en: 'Q3' },
          displayCondition: { operator: 'exists', answerId: 'q1' },
        },
      ],
    },
  ],
});

describe('runner rules', () => {
  it('an answer that hides another takes its value away', () => {
    const values = withAnswer(form, { q1: 'hi', q3: 'there' }, 'q1', undefined);
    expect(values).toEqual({});
  });

  it('the values saved keep not applicable and drop the empty ones and the hidden ones', () => {
    expect(valuesToSubmit(form, { q1: '  ', q2: null, q3: 'x' })).toEqual({ q2: null });
    expect(valuesToSubmit(form, { q1: 'a', q2: [], q3: 'x' })).toEqual({ q1: 'a', q3: 'x' });
  });

  it('a page’s problems come in its order: a wrong value before a missing required answer', () => {
    const [page] = buildPages(form, {});
    if (!page) throw new Error('no page');
    expect(pageProblems(page, { q2: ['a'] })).toEqual([
      { answerId: 'q1', problem: 'required' },
      { answerId: 'q2', problem: 'too-few' },
    ]);
    expect(pageProblems(page, { q1: 'too long', q2: null })).toEqual([
      { answerId: 'q1', problem: 'too-long' },
    ]);
  });

  it('the arrow keys move one option along a radio group, wrapping round', () => {
    expect(arrowTarget('ArrowRight', 2, 3)).toBe(0);
    expect(arrowTarget('ArrowUp', 0, 3)).toBe(2);
    expect(arrowTarget('ArrowDown', 0, 3)).toBe(1);
    expect(arrowTarget('Enter', 0, 3)).toBeUndefined();
  });

  it('markdown characters of a typed answer are escaped', () => {
    expect(escapeMarkdown('**a** [b](c) <d>')).toBe('\\*\\*a\\*\\* \\[b\\]\\(c\\) \\<d\\>');
  });
});
