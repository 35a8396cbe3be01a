import { describe, expect, it } from 'vitest';
import {
  distanceKm,
  isFirstDayOfWork,
  isLastAdmin,
  removedLanguages,
  sphereNameKey,
  sphereNameScope,
  tooFarFromSphere,
} from './spheres';

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

describe('the distance rule (sphere-too-far)', () => {
  const brussels = { latitude: 50.8466, longitude: 4.3528 };
  const antwerp = { latitude: 51.2194, longitude: 4.4025 };
  const sphere = (max?: number) => ({
    address: { ...brussels },
    ...(max !== undefined ? { maxFeelingDistanceKm: max } : {}),
  });

  it('measures great-circle distances', () => {
    expect(distanceKm(brussels, brussels)).toBe(0);
    expect(distanceKm(brussels, antwerp)).toBeGreaterThan(41);
    expect(distanceKm(brussels, antwerp)).toBeLessThan(42);
  });
  it('refuses a point beyond the maximum, accepts one within or exactly at it', () => {
    expect(tooFarFromSphere(sphere(40), antwerp)).toBe(true);
    expect(tooFarFromSphere(sphere(50), antwerp)).toBe(false);
    expect(tooFarFromSphere(sphere(distanceKm(brussels, antwerp)), antwerp)).toBe(false);
  });
  it('does not judge without a rule, without the sphere’s location, or without the person’s', () => {
    expect(tooFarFromSphere(sphere(), antwerp)).toBe(false);
    expect(tooFarFromSphere({ address: {}, maxFeelingDistanceKm: 1 }, antwerp)).toBe(false);
    expect(tooFarFromSphere(sphere(1), { latitude: 0, longitude: 0 })).toBe(false);
    expect(tooFarFromSphere(sphere(1), undefined)).toBe(false);
  });
});
