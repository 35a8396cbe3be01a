import { describe, expect, it } from 'vitest';
import { FormSchema } from '@shared/contracts/forms';
import { reportDefinitionOf } from './report-definition';

const form = FormSchema.parse({
  id: 'pulse',
  title: { en: 'Team pulse' },
  languages: ['en', 'fr'],
  updateDate: '2026-03-01T10:00:00.000Z',
  steps: [
    {
      id: 's1',
      title: { en: 'Week' },
      description: { en: 'Your week' },
      answers: [
        { id: 'sleep', type: 'histo', title: { en: 'Sleep' }, firstValue: 4, stepValue: 0.5, scaleSize: 5 },
        {
          id: 'grade',
          type: 'likert',
          title: { en: 'Grade' },
          options: [{ value: 10 }, { value: 0 }, { value: 5 }],
        },
        { id: 'note', type: 'text', title: { en: 'A note' } },
        { id: 'when', type: 'date', title: { en: 'When' } },
        {
          id: 'team',
          type: 'select',
          title: { en: 'Team' },
          values: [
            { value: 'north', title: { en: 'North' } },
            { value: 'south', title: { en: 'South', fr: 'Sud' } },
          ],
        },
      ],
    },
  ],
  additionalResults: [
    {
      id: 'rest',
      title: { en: 'Rest' },
      shortTitle: { en: 'R' },
      computeType: 'average',
      boundaries: { min: 4, max: 6 },
      sources: { questions: ['sleep'] },
    },
    { id: 'open', title: { en: 'Open' }, computeType: 'average', sources: { questions: ['grade'] } },
  ],
});

describe('a form’s report definition (decision 0038)', () => {
  it('counts histograms and Likert scales as numbers with their scale’s ends, and choices with their values', () => {
    expect(reportDefinitionOf(form).questions).toEqual([
      { id: 'sleep', kind: 'number', title: { en: 'Sleep' }, min: 4, max: 6 },
      { id: 'grade', kind: 'number', title: { en: 'Grade' }, min: 0, max: 10 },
      {
        id: 'team',
        kind: 'choice',
        title: { en: 'Team' },
        choices: [
          { value: 'north', title: { en: 'North' } },
          { value: 'south', title: { en: 'South', fr: 'Sud' } },
        ],
      },
    ]);
  });

  it('never holds a free text or a date question', () => {
    const ids = reportDefinitionOf(form).questions.map((q) => q.id);
    expect(ids).not.toContain('note');
    expect(ids).not.toContain('when');
  });

  it('keeps the results with their short titles and boundaries when they have them, and the form’s save date', () => {
    const definition = reportDefinitionOf(form);
    expect(definition.results).toEqual([
      { id: 'rest', title: { en: 'Rest' }, shortTitle: { en: 'R' }, min: 4, max: 6 },
      { id: 'open', title: { en: 'Open' } },
    ]);
    expect(definition).toMatchObject({
      formId: 'pulse',
      title: { en: 'Team pulse' },
      languages: ['en', 'fr'],
      updatedAt: '2026-03-01T10:00:00.000Z',
    });
  });
});
