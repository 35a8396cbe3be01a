import { describe, expect, it } from 'vitest';
import { isFirstDayOfWork, isLastAdmin, removedLanguages, sphereNameKey, sphereNameScope } from './spheres';

describe('sphere rules', () => {
  it('compares names without case, accents, punctuation or spacing', () => {
    expect(sphereNameKey('  Jàrdin   COMMUN! ')).toBe('jardin commun');
    expect(sphereNameKey('Jardin-commun')).toBe(sphereNameKey('jardin commun'));
    expect(sphereNameKey('Jardin communs')).not.toBe(sphereNameKey('jardin commun'));
  });

  it('keeps a name unique in the galaxy when there is one, else for the owner', () => {
    expect(sphereNameScope({ galaxyId: 'g1', ownerId: 'u1' })).toBe('galaxy:g1');
    expect(sphereNameScope({ ownerId: 'u1' })).toBe('owner:u1');
  });

  it('says which extra languages a change would remove (none may be)', () => {
    expect(
      removedLanguages({ primary: 'fr', extras: ['en', 'nl'] }, { primary: 'fr', extras: ['en'] }),
    ).toEqual(['nl']);
    // The primary language may change; the former one then stays as an extra.
    expect(removedLanguages({ primary: 'fr', extras: ['en'] }, { primary: 'en', extras: ['fr'] })).toEqual(
      [],
    );
    expect(removedLanguages({ primary: 'fr', extras: ['en'] }, { primary: 'en', extras: [] })).toEqual([]);
  });

  it('takes a first day of work from 100 years ago up to today, real dates only', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(isFirstDayOfWork('2026-11-25', now)).toBe(true);
    expect(isFirstDayOfWork('1926-11-25', now)).toBe(true);
    expect(isFirstDayOfWork('1926-11-24', now)).toBe(false);
    expect(isFirstDayOfWork('2026-11-26', now)).toBe(false);
    expect(isFirstDayOfWork('2026-02-30', now)).toBe(false);
    expect(isFirstDayOfWork('25/11/2026', now)).toBe(false);
  });

  it('knows the last active admin, who may not leave or lose the role', () => {
    const members = [
      { memberId: 'a', active: true, roles: ['admin'] },
      { memberId: 'b', active: true, roles: ['contributor'] },
      { memberId: 'c', active: false, roles: ['admin'] },
    ];
    expect(isLastAdmin('a', members)).toBe(true);
    expect(isLastAdmin('b', members)).toBe(false);
    expect(
      isLastAdmin('a', [...members, { memberId: 'd', active: true, roles: ['admin', 'contributor'] }]),
    ).toBe(false);
  });
});
