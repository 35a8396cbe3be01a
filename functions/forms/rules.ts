import type { FormAvailability, Form } from '@shared/contracts/forms';
import type { MultilingualText } from '@shared/contracts/text';
import type { SessionMembership, SphereMembership } from '@shared/domain/ability';
import { formAnswers } from '@shared/domain/forms';

/**
 * The pure rules of the forms domain (docs/decisions/0020-forms-api.md): where a form is available
 * to a person, which places are reserved for Essentials, the measure types a form uses, and the
 * search of the catalogue.
 */

/** A person's memberships that count, as the ability facts hold them. */
export interface Memberships {
  spheres: readonly SphereMembership[];
  sessions: readonly SessionMembership[];
}

export interface EntitlementRule {
  sphereId: string;
  availabilitiesThrough: FormAvailability;
  sessionIds: readonly string[];
}

/** Where a form is available to a person: a sphere, or a session of it. */
export interface Place {
  sphereId: string;
  sessionId?: string;
}

/**
 * The places where an entitlement makes its form available to a person (spec 01 §6 form
 * availability): nowhere with `none`; the sphere for its active members with `sphereMember`; each
 * of its listed sessions the person is a member of (role `member`) with `sessionMember`.
 */
export function placesOf(entitlement: EntitlementRule, memberships: Memberships): Place[] {
  switch (entitlement.availabilitiesThrough) {
    case 'none':
      return [];
    case 'sphereMember':
      return memberships.spheres.some((s) => s.sphereId === entitlement.sphereId)
        ? [{ sphereId: entitlement.sphereId }]
        : [];
    case 'sessionMember':
      return memberships.sessions
        .filter(
          (s) =>
            s.sphereId === entitlement.sphereId &&
            s.roles.includes('member') &&
            entitlement.sessionIds.includes(s.sessionId),
        )
        .map((s) => ({ sphereId: s.sphereId, sessionId: s.sessionId }));
  }
}

/**
 * Whether answering a form in a place is reserved for Essentials: the centre is an Essentials
 * feature (spec 01 §1), except in a session whose own subscription is not starter (the "myself
 * forms" group of spec 01 §6). `sessionSubscription` answers undefined for an unknown session.
 */
export function isReservedPlace(
  place: Place,
  essentials: boolean,
  sessionSubscription: (sessionId: string) => string | undefined,
): boolean {
  if (essentials) return false;
  if (place.sessionId === undefined) return true;
  const subscription = sessionSubscription(place.sessionId);
  return subscription === undefined || subscription === 'starter';
}

/**
 * The place a survey is recorded in, among those where the form is available: the session asked
 * (a sphere-wide entitlement also reaches a session of the sphere the person is a member of), else
 * one of the sphere asked, else any; an open place before a reserved one. Undefined: the form is
 * not available where asked.
 */
export function choosePlace(
  places: readonly Place[],
  asked: { sphereId?: string | undefined; sessionId?: string | undefined },
  memberships: Memberships,
  isReserved: (place: Place) => boolean,
): { place: Place; reserved: boolean } | undefined {
  let candidates: Place[];
  if (asked.sessionId !== undefined) {
    const membership = memberships.sessions.find(
      (s) => s.sessionId === asked.sessionId && s.roles.includes('member'),
    );
    if (!membership || (asked.sphereId !== undefined && asked.sphereId !== membership.sphereId))
      return undefined;
    const own = places.find((p) => p.sessionId === asked.sessionId);
    const sphereWide = places.some((p) => p.sphereId === membership.sphereId && p.sessionId === undefined);
    candidates = own
      ? [own]
      : sphereWide
        ? [{ sphereId: membership.sphereId, sessionId: membership.sessionId }]
        : [];
  } else if (asked.sphereId !== undefined) {
    candidates = places.filter((p) => p.sphereId === asked.sphereId);
  } else {
    candidates = [...places];
  }
  const open = candidates.find((p) => !isReserved(p));
  if (open) return { place: open, reserved: false };
  const first = candidates[0];
  return first ? { place: first, reserved: true } : undefined;
}

/** The measure types a form's answers use, each once, in the order they first appear. */
export function measureTypesOf(form: Pick<Form, 'steps'>): string[] {
  return [...new Set(formAnswers(form).flatMap((a) => (a.measureType ? [a.measureType] : [])))];
}

/** What a save changes in measure types' usage: the types it starts and stops using. */
export function usageChanges(
  before: readonly string[],
  after: readonly string[],
): { added: string[]; removed: string[] } {
  return {
    added: after.filter((id) => !before.includes(id)),
    removed: before.filter((id) => !after.includes(id)),
  };
}

/** A text for comparisons: lower case, without accents. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Whether a title holds the words searched, in any of its languages (ignoring case and accents). */
export function titleMatches(title: MultilingualText, q: string | undefined): boolean {
  const words = folded(q ?? '')
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) return true;
  const texts = Object.values(title).map((t) => folded(t ?? ''));
  return words.every((word) => texts.some((t) => t.includes(word)));
}

/** A copy's title: the original's with "(copy)" in each language, within the title's length. */
export function copyTitle(title: MultilingualText, max: number): MultilingualText {
  const suffix = { fr: ' (copie)', en: ' (copy)', nl: ' (kopie)' } as const;
  const out: MultilingualText = {};
  for (const [language, text] of Object.entries(title) as [keyof typeof suffix, string | undefined][]) {
    if (text === undefined) continue;
    out[language] = `${text.slice(0, max - suffix[language].length)}${suffix[language]}`;
  }
  return out;
}
