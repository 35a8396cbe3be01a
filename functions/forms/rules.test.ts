import { describe, expect, it } from 'vitest';
import { FormSchema } from '@shared/contracts/forms';
import {
  choosePlace,
  copyTitle,
  isReservedPlace,
  measureTypesOf,
  placesOf,
  titleMatches,
  usageChanges,
  type Memberships,
  type Place,
} from './rules';

const me: Memberships = {
  spheres: [
    { sphereId: 'a', roles: ['contributor'] },
    { sphereId: 'b', roles: ['admin'] },
  ],
  sessions: [
    { sessionId: 'a-team', sphereId: 'a', category: 'contributor', roles: ['member'] },
    { sessionId: 'a-led', sphereId: 'a', category: 'contributor', roles: ['owner'] },
    { sessionId: 'c-shop', sphereId: 'c', category: 'consumer', roles: ['member'] },
  ],
};

describe('where an entitlement makes a form available', () => {
  it('nowhere with availability none, even to the sphere’s members', () => {
    expect(placesOf({ sphereId: 'a', availabilitiesThrough: 'none', sessionIds: [] }, me)).toEqual([]);
  });

  it('in the sphere for its active members with sphereMember, and nowhere for others', () => {
    expect(placesOf({ sphereId: 'a', availabilitiesThrough: 'sphereMember', sessionIds: [] }, me)).toEqual([
      { sphereId: 'a' },
    ]);
    expect(placesOf({ sphereId: 'z', availabilitiesThrough: 'sphereMember', sessionIds: [] }, me)).toEqual(
      [],
    );
  });

  it('in each listed session the person is a member of with sessionMember, not where they only lead', () => {
    const entitlement = {
      sphereId: 'a',
      availabilitiesThrough: 'sessionMember' as const,
      sessionIds: ['a-team', 'a-led', 'a-other'],
    };
    expect(placesOf(entitlement, me)).toEqual([{ sphereId: 'a', sessionId: 'a-team' }]);
  });

  it('a session of another sphere named by an entitlement gives nothing', () => {
    expect(
      placesOf({ sphereId: 'a', availabilitiesThrough: 'sessionMember', sessionIds: ['c-shop'] }, me),
    ).toEqual([]);
  });

  it('a consumer session’s members see its sphere’s forms named for it without being members of the sphere', () => {
    expect(
      placesOf({ sphereId: 'c', availabilitiesThrough: 'sessionMember', sessionIds: ['c-shop'] }, me),
    ).toEqual([{ sphereId: 'c', sessionId: 'c-shop' }]);
  });
});

describe('places reserved for Essentials', () => {
  const subscriptions: Record<string, string> = { open: 'essentials', closed: 'starter' };
  const of = (id: string) => subscriptions[id];

  it('nothing is reserved for an Essentials subscriber', () => {
    expect(isReservedPlace({ sphereId: 'a' }, true, of)).toBe(false);
  });

  it('a sphere is reserved for a starter user; a session is open when its subscription is not starter', () => {
    expect(isReservedPlace({ sphereId: 'a' }, false, of)).toBe(true);
    expect(isReservedPlace({ sphereId: 'a', sessionId: 'open' }, false, of)).toBe(false);
    expect(isReservedPlace({ sphereId: 'a', sessionId: 'closed' }, false, of)).toBe(true);
    expect(isReservedPlace({ sphereId: 'a', sessionId: 'unknown' }, false, of)).toBe(true);
  });
});

describe('the place a survey is recorded in', () => {
  const places: Place[] = [{ sphereId: 'a' }, { sphereId: 'c', sessionId: 'c-shop' }];
  const none = () => false;

  it('is an open place when none is asked, before a reserved one', () => {
    const reserved = (p: Place) => p.sessionId === undefined;
    expect(choosePlace(places, {}, me, reserved)).toEqual({
      place: { sphereId: 'c', sessionId: 'c-shop' },
      reserved: false,
    });
  });

  it('is reserved when every place is', () => {
    expect(choosePlace(places, {}, me, () => true)).toEqual({ place: { sphereId: 'a' }, reserved: true });
  });

  it('is the sphere asked, or nothing when the form is not available there', () => {
    expect(choosePlace(places, { sphereId: 'a' }, me, none)?.place).toEqual({ sphereId: 'a' });
    expect(choosePlace(places, { sphereId: 'b' }, me, none)).toBeUndefined();
  });

  it('is a session of the sphere the person is a member of, when the form is for the whole sphere', () => {
    expect(choosePlace(places, { sessionId: 'a-team' }, me, none)?.place).toEqual({
      sphereId: 'a',
      sessionId: 'a-team',
    });
  });

  it('is nothing in a session the person only leads, or with a sphere that is not the session’s', () => {
    expect(choosePlace(places, { sessionId: 'a-led' }, me, none)).toBeUndefined();
    expect(choosePlace(places, { sessionId: 'a-team', sphereId: 'c' }, me, none)).toBeUndefined();
    expect(choosePlace([], {}, me, none)).toBeUndefined();
  });
});

describe('measure types of a form', () => {
  const form = FormSchema.parse({
    id: 'f',
    title: { fr: 'F' },
    languages: ['fr'],
    updateDate: '2026-03-02T10:00:00.000Z',
    steps: [
      {
        id: 's1',
        title: { fr: 'P' },
        description: { fr: 'D' },
        answers: [
          { id: 'q1', type: 'likert', title: { fr: 'Q1' }, measureType: 'mood' },
          { id: 'q2', type: 'likert', title: { fr: 'Q2' }, measureType: 'energy' },
          { id: 'q3', type: 'likert', title: { fr: 'Q3' }, measureType: 'mood' },
          { id: 'q4', type: 'text', title: { fr: 'Q4' } },
        ],
      },
    ],
  });

  it('are named once each, in the order of the answers', () => {
    expect(measureTypesOf(form)).toEqual(['mood', 'energy']);
  });

  it('a save adds the types it starts using and removes those it stops using', () => {
    expect(usageChanges(['mood', 'energy'], ['energy', 'sleep'])).toEqual({
      added: ['sleep'],
      removed: ['mood'],
    });
    expect(usageChanges(['mood'], ['mood'])).toEqual({ added: [], removed: [] });
  });
});

describe('the catalogue’s search and copies', () => {
  it('finds every word of the search in a title of any language, ignoring case and accents', () => {
    const title = { fr: 'Estime de soi', en: 'Self-esteem scale' };
    expect(titleMatches(title, 'ESTIME')).toBe(true);
    expect(titleMatches(title, 'self scale')).toBe(true);
    expect(titleMatches({ fr: 'Bien-être' }, 'etre')).toBe(true);
    expect(titleMatches(title, 'big five')).toBe(false);
    expect(titleMatches(title, undefined)).toBe(true);
  });

  it('a copy’s title says so in each language and stays within the limit', () => {
    expect(copyTitle({ fr: 'Bien-être', en: 'Wellbeing' }, 250)).toEqual({
      fr: 'Bien-être (copie)',
      en: 'Wellbeing (copy)',
    });
    expect(copyTitle({ nl: 'x'.repeat(250) }, 250).nl).toHaveLength(250);
  });
});
