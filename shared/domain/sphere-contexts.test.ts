import { describe, expect, it } from 'vitest';
import {
  activeContext,
  applySubstitutions,
  contextText,
  duplicateSubstitution,
  substitutionKey,
  type Substitution,
} from './sphere-contexts';

const pairs = (...list: [string, string][]): Substitution[] => list.map(([from, to]) => ({ from, to }));

describe('applySubstitutions', () => {
  it('replaces a whole word by the sphere’s word', () => {
    expect(applySubstitutions('Your group sees trends.', pairs(['group', 'team']))).toBe(
      'Your team sees trends.',
    );
  });

  it('leaves a text without pairs, or an empty text, as it is', () => {
    expect(applySubstitutions('Your group sees trends.', [])).toBe('Your group sees trends.');
    expect(applySubstitutions('', pairs(['group', 'team']))).toBe('');
  });

  it('replaces every occurrence', () => {
    expect(applySubstitutions('group to group, group.', pairs(['group', 'team']))).toBe(
      'team to team, team.',
    );
  });

  it('never replaces part of a word', () => {
    expect(applySubstitutions('groups and subgroup and grouped', pairs(['group', 'team']))).toBe(
      'groups and subgroup and grouped',
    );
  });

  it('replaces a word between punctuation, apostrophes and hyphens', () => {
    expect(
      applySubstitutions("(groupe) l’groupe l'groupe sous-groupe «groupe»", pairs(['groupe', 'équipe'])),
    ).toBe("(équipe) l’équipe l'équipe sous-équipe «équipe»");
  });

  it('treats accented letters as letters: no match inside a word that goes on with one', () => {
    expect(applySubstitutions('équipeé équipe', pairs(['équipe', 'cellule']))).toBe('équipeé cellule');
    expect(applySubstitutions('réunion', pairs(['union', 'accord']))).toBe('réunion');
  });

  it('matches whatever the case, and keeps a capital first letter', () => {
    expect(applySubstitutions('Group work. The group.', pairs(['group', 'team']))).toBe(
      'Team work. The team.',
    );
  });

  it('writes the word in capitals where the text is in capitals', () => {
    expect(applySubstitutions('YOUR GROUP', pairs(['group', 'team']))).toBe('YOUR TEAM');
  });

  it('keeps the sphere’s word as written when the text has the pair’s own case', () => {
    expect(applySubstitutions('ask your manager', pairs(['manager', 'Team Lead']))).toBe(
      'ask your Team Lead',
    );
    expect(applySubstitutions('the RH team', pairs(['RH', 'People']))).toBe('the People team');
  });

  it('capitalises an accented first letter', () => {
    expect(applySubstitutions('Groupe du matin', pairs(['groupe', 'équipe']))).toBe('Équipe du matin');
  });

  it('takes the longest pair first where several start at the same word', () => {
    const list = pairs(['groupe', 'équipe'], ['le groupe', 'l’équipe'], ['le', 'la']);
    expect(applySubstitutions('Le groupe et le responsable du groupe', list)).toBe(
      'L’équipe et la responsable du équipe',
    );
  });

  it('the order the pairs were written in does not matter', () => {
    const one = pairs(['group', 'team'], ['group leader', 'coach']);
    const other = pairs(['group leader', 'coach'], ['group', 'team']);
    const text = 'The group leader and the group';
    expect(applySubstitutions(text, one)).toBe('The coach and the team');
    expect(applySubstitutions(text, other)).toBe('The coach and the team');
  });

  it('matches a pair of several words across any blanks', () => {
    expect(
      applySubstitutions('the group\u00a0leader and the group   leader', pairs(['group leader', 'coach'])),
    ).toBe('the coach and the coach');
  });

  it('replaces a word once: a replacement is never replaced again', () => {
    expect(applySubstitutions('group and team', pairs(['group', 'team'], ['team', 'crew']))).toBe(
      'team and crew',
    );
  });

  it('ignores blank pairs, and the later of two pairs for the same word', () => {
    expect(applySubstitutions('group', pairs(['  ', 'x'], ['group', 'team'], ['Group', 'crew']))).toBe(
      'team',
    );
  });

  it('reads pattern characters in a word as themselves', () => {
    expect(applySubstitutions('C++ and C', pairs(['C++', 'the language']))).toBe('the language and C');
    expect(applySubstitutions('a.b and axb', pairs(['a.b', 'dot']))).toBe('dot and axb');
    expect(applySubstitutions('(x) [y] $z', pairs(['x', '1'], ['y', '2'], ['z', '3']))).toBe('(1) [2] $3');
  });

  it('a replacement holding `$` is written as it is', () => {
    expect(applySubstitutions('the price', pairs(['price', '$& and $1']))).toBe('the $& and $1');
  });

  it('compares composed and decomposed accents as one', () => {
    const decomposed = 'e\u0301quipe';
    expect(applySubstitutions(`${decomposed} du soir`, pairs(['équipe', 'cellule']))).toBe('cellule du soir');
    expect(applySubstitutions('équipe', pairs([decomposed, 'cellule']))).toBe('cellule');
  });

  it('replaces numbers only as whole numbers', () => {
    expect(applySubstitutions('team 2 and 22', pairs(['2', 'two']))).toBe('team two and 22');
  });

  it('trims the words of a pair', () => {
    expect(applySubstitutions('your group', pairs([' group ', ' team ']))).toBe('your team');
  });
});

describe('duplicateSubstitution', () => {
  it('finds the first pair whose word an earlier one has, whatever its case and blanks', () => {
    expect(duplicateSubstitution(pairs(['group', 'team'], ['manager', 'coach']))).toBeUndefined();
    expect(duplicateSubstitution(pairs(['group', 'team'], ['manager', 'coach'], [' Group ', 'crew']))).toBe(
      2,
    );
    expect(duplicateSubstitution(pairs(['group  leader', 'a'], ['group leader', 'b']))).toBe(1);
  });

  it('leaves blank words to the length check', () => {
    expect(duplicateSubstitution(pairs(['', 'a'], ['', 'b']))).toBeUndefined();
  });

  it('the key of a word is its lower-case, tidy form', () => {
    expect(substitutionKey('  Équipe   Nord ')).toBe('équipe nord');
  });
});

describe('contextText and activeContext', () => {
  it('a text in one language, or nothing when blank or absent', () => {
    expect(contextText({ fr: 'Bienvenue', en: ' ' }, 'fr')).toBe('Bienvenue');
    expect(contextText({ fr: 'Bienvenue', en: ' ' }, 'en')).toBeUndefined();
    expect(contextText(undefined, 'nl')).toBeUndefined();
  });

  it('the active context, the one changed last should two be active', () => {
    const a = { id: 'a', active: false, updateDate: '2025-01-03T00:00:00.000Z' };
    const b = { id: 'b', active: true, updateDate: '2025-01-01T00:00:00.000Z' };
    const c = { id: 'c', active: true, updateDate: '2025-01-02T00:00:00.000Z' };
    expect(activeContext([a])).toBeUndefined();
    expect(activeContext([a, b])?.id).toBe('b');
    expect(activeContext([b, c, a])?.id).toBe('c');
  });
});
