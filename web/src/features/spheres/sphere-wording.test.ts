import { describe, expect, it } from 'vitest';
import type { SphereContext } from '@shared/contracts/sphere-contexts';
import { sayIn, slot } from './sphere-wording';

const context: SphereContext = {
  id: 'c1',
  name: { fr: 'L’atelier', en: 'The workshop' },
  description: {},
  substitutions: {
    en: [
      { from: 'group', to: 'team' },
      { from: 'groups', to: 'teams' },
    ],
    fr: [{ from: 'groupe', to: 'équipe' }],
  },
  overrides: { sphereWelcome: { fr: 'Bienvenue à l’atelier !' } },
  active: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updateDate: '2025-01-01T00:00:00.000Z',
};

describe('a product text in the sphere’s words', () => {
  it('applies the substitutions of the reader’s language', () => {
    expect(sayIn(context, 'en')('Groups you are in: your group.')).toBe('Teams you are in: your team.');
    expect(sayIn(context, 'fr')('Votre groupe')).toBe('Votre équipe');
    expect(sayIn(context, 'nl')('Je groep')).toBe('Je groep');
  });

  it('takes the context’s own text where it has one in that language', () => {
    expect(sayIn(context, 'fr')('Bienvenue dans le groupe', { override: 'sphereWelcome' })).toBe(
      'Bienvenue à l’atelier !',
    );
    expect(sayIn(context, 'en')('Welcome to the group', { override: 'sphereWelcome' })).toBe(
      'Welcome to the team',
    );
  });

  it('never changes the values put in the text', () => {
    const text = `Welcome to ${slot(0)}, ${slot(1)}: your group`;
    expect(sayIn(context, 'en')(text, { values: ['Group Horizon', 'group'] })).toBe(
      'Welcome to Group Horizon, group: your team',
    );
  });

  it('without a context, the text as it is', () => {
    expect(sayIn(undefined, 'en')(`Your group in ${slot(0)}`, { values: ['Horizon'] })).toBe(
      'Your group in Horizon',
    );
    expect(sayIn(null, 'en')('Your group', { override: 'groupsEmpty' })).toBe('Your group');
  });
});
