import { describe, expect, it } from 'vitest';
import type { Link } from '@shared/contracts/links';
import { runSearch } from './run-plan';

const link = (fields: Partial<Link>): Link => ({
  id: 'abcd1234',
  category: 'sphere',
  sphereId: 's1',
  name: 'Poster',
  expiredAt: '2126-01-01',
  expirySet: false,
  defaultLanguage: 'en',
  stepNumber: 0,
  wizards: [],
  validationCode: 'code',
  ...fields,
});

describe('running a link’s steps', () => {
  it('opens each step’s overlay in the link’s order, with its context', () => {
    const search = runSearch(
      link({
        wizards: [
          { type: 'feeling', period: 'day' },
          { type: 'thinking', groupId: 'team' },
          { type: 'form', formId: 'f1' },
          { type: 'profile' },
        ],
      }),
      () => true,
    );
    expect(search.get('show')).toBe('feeling,thinking,addForm,profile');
    expect(search.get('sphereId')).toBe('s1');
    // The link itself, whose tags what is recorded through it takes.
    expect(search.get('linkId')).toBe(link({}).id);
    expect(search.get('period')).toBe('day');
    expect(search.get('groupId')).toBe('team');
    expect(search.get('formId')).toBe('f1');
    expect(search.get('direct')).toBe('1');
    expect(search.get('started')).toBe('1');
  });

  it('leaves out the steps that do not open for this person', () => {
    const search = runSearch(
      link({
        wizards: [
          { type: 'feeling', period: 'none' },
          { type: 'thinking', groupId: 'default' },
        ],
      }),
      (overlay) => overlay !== 'thinking',
    );
    expect(search.get('show')).toBe('feeling');
  });

  it('a link without steps goes straight to its end', () => {
    const search = runSearch(link({}), () => true);
    expect(search.has('show')).toBe(false);
    expect(search.get('started')).toBe('1');
  });

  it('a session’s link gives its session to the steps', () => {
    const search = runSearch(
      link({ category: 'session', sessionId: 'g1', wizards: [{ type: 'sessionStrategyAssessment' }] }),
      () => true,
    );
    expect(search.get('sessionId')).toBe('g1');
    expect(search.get('show')).toBe('strategyAssessment');
  });
});
