import type { Language } from '../contracts/headers';

/**
 * Tags (spec 01 §3 Tag) and their automation (spec 01 §3 Tag selection): the rules the API, the
 * worker that applies them and the SPA share.
 */

/** Tag types by category (spec 01 §3). */
export const TAG_TYPES_BY_CATEGORY = {
  personal: ['gender', 'age', 'education'],
  professional: [
    'jobTitle',
    'responsibility',
    'level',
    'seniority',
    'contract',
    'workingRegime',
    'job',
    'perspective',
  ],
  hierarchical: ['manager', 'direction', 'department', 'service', 'sector'],
  location: ['region', 'area', 'location', 'office', 'branch'],
  specific: [
    'trackerA',
    'trackerB',
    'trackerC',
    'trackerD',
    'trackerE',
    'trackerF',
    'trackerG',
    'trackerH',
    'trackerI',
    'trackerJ',
    'trackerK',
    'trackerL',
  ],
} as const;
export type TagCategory = keyof typeof TAG_TYPES_BY_CATEGORY;
export const TAG_CATEGORIES = Object.keys(TAG_TYPES_BY_CATEGORY) as TagCategory[];
export type TagType = (typeof TAG_TYPES_BY_CATEGORY)[TagCategory][number];
export const TAG_TYPES = Object.values(TAG_TYPES_BY_CATEGORY).flat() as unknown as readonly [
  TagType,
  ...TagType[],
];

/** The category a type belongs to. */
export function tagCategoryOf(type: TagType): TagCategory {
  const found = TAG_CATEGORIES.find((c) => (TAG_TYPES_BY_CATEGORY[c] as readonly string[]).includes(type));
  if (!found) throw new Error(`Unknown tag type ${type}`);
  return found;
}

/** Where a tag may be used (spec 01 §3 Tag modules). */
export const TAG_MODULES = [
  'session-contributor',
  'session-consumer',
  'member',
  'campaign-contributor',
  'campaign-consumer',
  'direct',
] as const;
export type TagModule = (typeof TAG_MODULES)[number];

export const TAG_NAME_MAX_LENGTH = 50;
export const TAG_KEYWORDS_MAX = 20;
/** Page size of a sphere's tag list (spec 01 §9). */
export const TAGS_MAX = 2_000;
export const TAG_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

/**
 * A tag's name in the reader's language, else in the sphere's primary language, else any: a
 * name is required only in the primary language (spec 01 §5).
 */
export function tagName(
  name: Partial<Record<Language, string>>,
  language: Language,
  primary: Language = language,
): string {
  return name[language] || name[primary] || Object.values(name).find((n) => !!n) || '';
}

// ---------------------------------------------------------------------------------------------
// Automation (tag selections)
// ---------------------------------------------------------------------------------------------

/** The person's fields a selection reads, each with the tag type its tags must have (spec 01 §3). */
export const TAG_SELECTION_FIELDS = {
  user_age: { kind: 'number', tagType: 'age' },
  user_gender: { kind: 'text', tagType: 'gender', values: ['male', 'female', 'other'] },
  member_seniority: { kind: 'number', tagType: 'seniority' },
} as const;
export type TagSelectionId = keyof typeof TAG_SELECTION_FIELDS;
export const TAG_SELECTION_IDS = Object.keys(TAG_SELECTION_FIELDS) as [TagSelectionId, ...TagSelectionId[]];

export const TEXT_OPERATORS = ['=', '!=', '~', '!~'] as const;
export const NUMBER_OPERATORS = ['=', '!=', '<', '<=', '>', '>='] as const;
export type TextOperator = (typeof TEXT_OPERATORS)[number];
export type NumberOperator = (typeof NUMBER_OPERATORS)[number];
export type TagOperator = TextOperator | NumberOperator;

/**
 * How a rule takes part (spec 01 §3 condition kinds):
 * - `if`, `elseIf`, `else`: one chain, read in order; the first `if` or `elseIf` that holds gives
 *   its tags, `else` gives its tags when none held;
 * - `all`: every `all` rule that holds gives its tags, whatever the chain did;
 * - `others`: gives its tags when no other rule gave any.
 */
export const TAG_CONDITIONS = ['if', 'elseIf', 'else', 'all', 'others'] as const;
export type TagCondition = (typeof TAG_CONDITIONS)[number];

export interface TagRule {
  condition: TagCondition;
  /** Not read for `else` and `others`. */
  operator?: TagOperator | undefined;
  value?: string | number | undefined;
  tagIds: readonly string[];
}

export interface TagSelection {
  selectionId: TagSelectionId;
  /** Given when the person's field is unknown (no birth year, no gender, no first day of work). */
  defaultTagId?: string | undefined;
  rules: readonly TagRule[];
}

/** Whether `operator` applies to the field's kind. */
export function operatorFits(selectionId: TagSelectionId, operator: TagOperator): boolean {
  const kind = TAG_SELECTION_FIELDS[selectionId].kind;
  return kind === 'number'
    ? (NUMBER_OPERATORS as readonly string[]).includes(operator)
    : (TEXT_OPERATORS as readonly string[]).includes(operator);
}

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Whether one rule's test holds for a known value. Text compares without case or accents. */
export function ruleHolds(value: string | number, operator: TagOperator, expected: string | number): boolean {
  if (typeof value === 'number') {
    const n = typeof expected === 'number' ? expected : Number(expected);
    if (!Number.isFinite(n)) return false;
    switch (operator) {
      case '=':
        return value === n;
      case '!=':
        return value !== n;
      case '<':
        return value < n;
      case '<=':
        return value <= n;
      case '>':
        return value > n;
      case '>=':
        return value >= n;
      default:
        return false;
    }
  }
  const [a, b] = [fold(value), fold(String(expected))];
  switch (operator) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '~':
      return a.includes(b);
    case '!~':
      return !a.includes(b);
    default:
      return false;
  }
}

/**
 * The tags one selection gives a person whose field is `value` (undefined: unknown). Rules are read
 * as `TAG_CONDITIONS` says; an unknown value gives the default tag only.
 */
export function selectTags(selection: TagSelection, value: string | number | undefined): string[] {
  if (value === undefined) return selection.defaultTagId ? [selection.defaultTagId] : [];
  const given = new Set<string>();
  const holds = (rule: TagRule) =>
    rule.operator !== undefined && rule.value !== undefined && ruleHolds(value, rule.operator, rule.value);
  let chainDone = false;
  let chainOpen = false;
  for (const rule of selection.rules) {
    if (rule.condition === 'if') {
      // A new `if` starts a new chain.
      chainOpen = true;
      chainDone = false;
    }
    if (rule.condition === 'if' || rule.condition === 'elseIf') {
      if (!chainOpen || chainDone) continue;
      if (holds(rule)) {
        rule.tagIds.forEach((t) => given.add(t));
        chainDone = true;
      }
    } else if (rule.condition === 'else') {
      if (chainOpen && !chainDone) rule.tagIds.forEach((t) => given.add(t));
      chainOpen = false;
    } else if (rule.condition === 'all') {
      if (holds(rule)) rule.tagIds.forEach((t) => given.add(t));
    }
  }
  if (given.size === 0) {
    for (const rule of selection.rules) {
      if (rule.condition === 'others') rule.tagIds.forEach((t) => given.add(t));
    }
  }
  return [...given];
}

/** What the selections read of a member and their person. */
export interface TaggedPerson {
  birthYear?: number | undefined;
  /** YYYY-MM-DD; more precise than the year when both are known. */
  birthdate?: string | undefined;
  gender?: string | undefined;
  /** YYYY-MM-DD */
  firstDayOfWork?: string | undefined;
}

/** Whole years from `from` (YYYY-MM-DD) to `today` (YYYY-MM-DD). */
export function wholeYears(from: string, today: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
}

/** The value a selection reads for a person, undefined when unknown. */
export function fieldValue(
  selectionId: TagSelectionId,
  person: TaggedPerson,
  today: string,
): string | number | undefined {
  switch (selectionId) {
    case 'user_age':
      if (person.birthdate) return wholeYears(person.birthdate, today);
      if (person.birthYear) return Number(today.slice(0, 4)) - person.birthYear;
      return undefined;
    case 'user_gender':
      return person.gender || undefined;
    case 'member_seniority':
      return person.firstDayOfWork ? Math.max(0, wholeYears(person.firstDayOfWork, today)) : undefined;
  }
}

/**
 * The automatic tags of a member: what every selection of the sphere gives them, in a stable
 * order, without archived tags (an archived tag is not used, spec 01 §4).
 */
export function automaticTags(
  selections: readonly TagSelection[],
  person: TaggedPerson,
  today: string,
  usable: (tagId: string) => boolean = () => true,
): string[] {
  const tags = new Set<string>();
  for (const selection of selections) {
    for (const tag of selectTags(selection, fieldValue(selection.selectionId, person, today))) {
      if (usable(tag)) tags.add(tag);
    }
  }
  return [...tags].sort();
}

// ---------------------------------------------------------------------------------------------
// Starter set (tags/initialize)
// ---------------------------------------------------------------------------------------------

export interface StarterTag {
  /** Stable within a sphere, so that initialising twice adds nothing twice. */
  tagId: string;
  type: TagType;
  name: Record<Language, string>;
  color: string;
  weight: number;
}

/**
 * The tags `tags/initialize` offers a sphere: the age bands, genders and seniority bands the
 * automation reads, so that a sphere gets meaningful groups for its reports in one click.
 */
export const STARTER_TAGS: readonly StarterTag[] = [
  {
    tagId: 'age-under-25',
    type: 'age',
    color: '#7aa6c2',
    weight: 1,
    name: { fr: 'Moins de 25 ans', en: 'Under 25', nl: 'Jonger dan 25' },
  },
  {
    tagId: 'age-25-34',
    type: 'age',
    color: '#5b8db0',
    weight: 2,
    name: { fr: '25 à 34 ans', en: '25 to 34', nl: '25 tot 34 jaar' },
  },
  {
    tagId: 'age-35-44',
    type: 'age',
    color: '#44749a',
    weight: 3,
    name: { fr: '35 à 44 ans', en: '35 to 44', nl: '35 tot 44 jaar' },
  },
  {
    tagId: 'age-45-54',
    type: 'age',
    color: '#2f5d82',
    weight: 4,
    name: { fr: '45 à 54 ans', en: '45 to 54', nl: '45 tot 54 jaar' },
  },
  {
    tagId: 'age-55-plus',
    type: 'age',
    color: '#1d4566',
    weight: 5,
    name: { fr: '55 ans et plus', en: '55 and over', nl: '55 jaar en ouder' },
  },
  {
    tagId: 'gender-female',
    type: 'gender',
    color: '#b5657a',
    weight: 1,
    name: { fr: 'Femme', en: 'Woman', nl: 'Vrouw' },
  },
  {
    tagId: 'gender-male',
    type: 'gender',
    color: '#5a7fa8',
    weight: 2,
    name: { fr: 'Homme', en: 'Man', nl: 'Man' },
  },
  {
    tagId: 'gender-other',
    type: 'gender',
    color: '#8a7a5a',
    weight: 3,
    name: { fr: 'Autre genre', en: 'Another gender', nl: 'Ander gender' },
  },
  {
    tagId: 'seniority-under-1',
    type: 'seniority',
    color: '#8fbf8f',
    weight: 1,
    name: { fr: "Moins d'un an", en: 'Less than a year', nl: 'Minder dan een jaar' },
  },
  {
    tagId: 'seniority-1-4',
    type: 'seniority',
    color: '#6aa56a',
    weight: 2,
    name: { fr: '1 à 4 ans', en: '1 to 4 years', nl: '1 tot 4 jaar' },
  },
  {
    tagId: 'seniority-5-9',
    type: 'seniority',
    color: '#4b8a4b',
    weight: 3,
    name: { fr: '5 à 9 ans', en: '5 to 9 years', nl: '5 tot 9 jaar' },
  },
  {
    tagId: 'seniority-10-plus',
    type: 'seniority',
    color: '#336f33',
    weight: 4,
    name: { fr: '10 ans et plus', en: '10 years and more', nl: '10 jaar en meer' },
  },
];
