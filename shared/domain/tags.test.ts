import { describe, expect, it } from 'vitest';
import {
  automaticTags,
  fieldValue,
  operatorFits,
  ruleHolds,
  selectTags,
  STARTER_TAGS,
  TAG_SELECTION_FIELDS,
  TAG_TYPES,
  tagCategoryOf,
  tagName,
  wholeYears,
  type TagOperator,
  type TagSelection,
} from './tags';

describe('tag types', () => {
  it('every type has exactly one category', () => {
    expect(new Set(TAG_TYPES).size).toBe(TAG_TYPES.length);
    expect(tagCategoryOf('age')).toBe('personal');
    expect(tagCategoryOf('seniority')).toBe('professional');
    expect(tagCategoryOf('department')).toBe('hierarchical');
    expect(tagCategoryOf('office')).toBe('location');
    expect(tagCategoryOf('trackerL')).toBe('specific');
  });

  it('a name falls back to the primary language, then to any language', () => {
    expect(tagName({ fr: 'Nord', en: 'North' }, 'en', 'fr')).toBe('North');
    expect(tagName({ fr: 'Nord' }, 'nl', 'fr')).toBe('Nord');
    expect(tagName({ en: 'North' }, 'nl', 'fr')).toBe('North');
    expect(tagName({}, 'nl', 'fr')).toBe('');
  });

  it('the starter set uses the types the automation reads, with unique ids and every language', () => {
    expect(new Set(STARTER_TAGS.map((t) => t.tagId)).size).toBe(STARTER_TAGS.length);
    const automated = Object.values(TAG_SELECTION_FIELDS).map((f) => f.tagType as string);
    for (const tag of STARTER_TAGS) {
      expect(automated).toContain(tag.type);
      expect(tag.name.fr && tag.name.en && tag.name.nl).toBeTruthy();
    }
  });
});

describe('operators', () => {
  const numeric: [number, TagOperator, number | string, boolean][] = [
    [30, '=', 30, true],
    [30, '=', 31, false],
    [30, '!=', 31, true],
    [30, '!=', 30, false],
    [30, '<', 31, true],
    [30, '<', 30, false],
    [30, '<=', 30, true],
    [31, '<=', 30, false],
    [31, '>', 30, true],
    [30, '>', 30, false],
    [30, '>=', 30, true],
    [29, '>=', 30, false],
    [30, '=', '30', true],
    [30, '>', 'thirty', false],
    [30, '~', 3, false],
  ];
  it.each(numeric)('number %s %s %s is %s', (value, operator, expected, result) => {
    expect(ruleHolds(value, operator, expected)).toBe(result);
  });

  const text: [string, TagOperator, string, boolean][] = [
    ['female', '=', 'female', true],
    ['Female', '=', 'female', true],
    ['female', '=', 'male', false],
    ['female', '!=', 'male', true],
    ['male', '!=', 'male', false],
    ['female', '~', 'male', true],
    ['other', '~', 'male', false],
    ['Éloïse', '~', 'eloi', true],
    ['other', '!~', 'male', true],
    ['female', '!~', 'male', false],
    ['male', '<', 'zzz', false],
  ];
  it.each(text)('text %s %s %s is %s', (value, operator, expected, result) => {
    expect(ruleHolds(value, operator, expected)).toBe(result);
  });

  it('numeric operators fit numeric fields and text operators text fields', () => {
    expect(operatorFits('user_age', '>=')).toBe(true);
    expect(operatorFits('user_age', '~')).toBe(false);
    expect(operatorFits('user_gender', '~')).toBe(true);
    expect(operatorFits('user_gender', '<')).toBe(false);
    expect(operatorFits('member_seniority', '!=')).toBe(true);
  });
});

describe('conditions', () => {
  const ages: TagSelection = {
    selectionId: 'user_age',
    defaultTagId: 'unknown',
    rules: [
      { condition: 'if', operator: '<', value: 25, tagIds: ['young'] },
      { condition: 'elseIf', operator: '<', value: 45, tagIds: ['middle'] },
      { condition: 'elseIf', operator: '<', value: 40, tagIds: ['never'] },
      { condition: 'else', tagIds: ['senior'] },
    ],
  };

  it('if gives its tags when it holds', () => {
    expect(selectTags(ages, 20)).toEqual(['young']);
  });
  it('the first elseIf that holds wins, later ones are not read', () => {
    expect(selectTags(ages, 30)).toEqual(['middle']);
  });
  it('else gives its tags when no if or elseIf held', () => {
    expect(selectTags(ages, 60)).toEqual(['senior']);
  });
  it('an unknown value gives the default tag only', () => {
    expect(selectTags(ages, undefined)).toEqual(['unknown']);
    expect(selectTags({ ...ages, defaultTagId: undefined }, undefined)).toEqual([]);
  });

  it('every all rule that holds adds its tags, beside the chain', () => {
    const selection: TagSelection = {
      selectionId: 'user_age',
      rules: [
        { condition: 'if', operator: '<', value: 30, tagIds: ['under-30'] },
        { condition: 'all', operator: '>=', value: 18, tagIds: ['adult'] },
        { condition: 'all', operator: '>=', value: 21, tagIds: ['over-21'] },
        { condition: 'all', operator: '>=', value: 65, tagIds: ['retired'] },
      ],
    };
    expect(selectTags(selection, 25).sort()).toEqual(['adult', 'over-21', 'under-30']);
    expect(selectTags(selection, 40).sort()).toEqual(['adult', 'over-21']);
  });

  it('others gives its tags only when no other rule gave any', () => {
    const selection: TagSelection = {
      selectionId: 'user_gender',
      rules: [
        { condition: 'all', operator: '=', value: 'female', tagIds: ['f'] },
        { condition: 'all', operator: '=', value: 'male', tagIds: ['m'] },
        { condition: 'others', tagIds: ['o'] },
      ],
    };
    expect(selectTags(selection, 'female')).toEqual(['f']);
    expect(selectTags(selection, 'male')).toEqual(['m']);
    expect(selectTags(selection, 'other')).toEqual(['o']);
  });

  it('an elseIf or else without an if before it gives nothing', () => {
    const selection: TagSelection = {
      selectionId: 'user_age',
      rules: [
        { condition: 'elseIf', operator: '>', value: 0, tagIds: ['orphan'] },
        { condition: 'else', tagIds: ['orphan-else'] },
      ],
    };
    expect(selectTags(selection, 30)).toEqual([]);
  });

  it('a second if starts a second chain', () => {
    const selection: TagSelection = {
      selectionId: 'member_seniority',
      rules: [
        { condition: 'if', operator: '<', value: 1, tagIds: ['new'] },
        { condition: 'else', tagIds: ['settled'] },
        { condition: 'if', operator: '>=', value: 10, tagIds: ['veteran'] },
      ],
    };
    expect(selectTags(selection, 0)).toEqual(['new']);
    expect(selectTags(selection, 12).sort()).toEqual(['settled', 'veteran']);
  });
});

describe('the person read by the selections', () => {
  it('whole years count a birthday only once it is reached', () => {
    expect(wholeYears('1990-06-15', '2026-06-14')).toBe(35);
    expect(wholeYears('1990-06-15', '2026-06-15')).toBe(36);
    expect(wholeYears('1990-06-15', '2026-05-30')).toBe(35);
  });

  it('age comes from the birth date, else the birth year', () => {
    expect(fieldValue('user_age', { birthdate: '2000-12-31', birthYear: 2000 }, '2026-11-25')).toBe(25);
    expect(fieldValue('user_age', { birthYear: 2000 }, '2026-11-25')).toBe(26);
    expect(fieldValue('user_age', {}, '2026-11-25')).toBeUndefined();
  });

  it('seniority counts whole years from the first day of work, never below zero', () => {
    expect(fieldValue('member_seniority', { firstDayOfWork: '2020-01-01' }, '2026-11-25')).toBe(6);
    expect(fieldValue('member_seniority', { firstDayOfWork: '2026-12-01' }, '2026-11-25')).toBe(0);
    expect(fieldValue('member_seniority', {}, '2026-11-25')).toBeUndefined();
  });

  it('gender is read as given, unknown when absent', () => {
    expect(fieldValue('user_gender', { gender: 'female' }, '2026-11-25')).toBe('female');
    expect(fieldValue('user_gender', {}, '2026-11-25')).toBeUndefined();
  });

  it('automatic tags join every selection, skip unusable tags and come sorted', () => {
    const selections: TagSelection[] = [
      { selectionId: 'user_age', rules: [{ condition: 'all', operator: '>=', value: 30, tagIds: ['t-30'] }] },
      {
        selectionId: 'user_gender',
        rules: [{ condition: 'if', operator: '=', value: 'female', tagIds: ['t-f', 'archived'] }],
      },
      { selectionId: 'member_seniority', defaultTagId: 'a-unknown', rules: [] },
    ];
    const person = { birthYear: 1980, gender: 'female' };
    expect(automaticTags(selections, person, '2026-11-25', (t) => t !== 'archived')).toEqual([
      'a-unknown',
      't-30',
      't-f',
    ]);
  });
});
