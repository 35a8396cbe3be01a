import type { RequestHeaders } from '@shared/contracts/headers';
import type { Me, Profile } from '@shared/contracts/me';
import type { FavoritesUpdate, ProfileUpdate } from '@shared/contracts/profile';
import { defineRules } from '@shared/domain/ability';
import { primaryFirst } from '@shared/domain/emails';
import { NotFoundError } from '../lib/errors';
import { publishAfterWrite } from '../realtime';
import { legalConsents, listLegalDocuments } from '../legal';
import { loadPersonSessions, sessionsOfPerson } from '../sessions';
import { retagPerson, spheresOfPerson } from '../spheres';
import {
  getAccount,
  updateFavorites as writeFavorites,
  updateProfile as writeProfile,
  type UserItem,
} from './repository';

/** The profile as the API shows it: stored fields, optional ones only when set. */
export function toProfile(user: UserItem): Profile {
  return {
    firstName: user.firstName,
    ...(user.lastName !== undefined ? { lastName: user.lastName } : {}),
    ...(user.birthYear !== undefined ? { birthYear: user.birthYear } : {}),
    ...(user.birthdate !== undefined ? { birthdate: user.birthdate } : {}),
    ...(user.gender !== undefined ? { gender: user.gender } : {}),
    unit: user.unit,
    locale: user.locale,
    isGuest: user.isGuest,
    ...(user.guestConvertionStep !== undefined ? { guestConvertionStep: user.guestConvertionStep } : {}),
    favoriteSessionIds: user.favoriteSessionIds,
    favoriteSphereIds: user.favoriteSphereIds,
    // Only when true: absent means no password, as for answers written before the field.
    ...(user.hasPassword ? { hasPassword: true } : {}),
  };
}

/**
 * The start call: everything the SPA needs after sign-in, with the spheres and memberships the
 * ability rules come from. Galaxies join with their capability.
 */
export async function loadMe(userId: string, headers: RequestHeaders): Promise<Me> {
  const [account, documents, mine, personSessions] = await Promise.all([
    getAccount(userId),
    listLegalDocuments(),
    spheresOfPerson(userId),
    loadPersonSessions(userId),
  ]);
  if (!account) throw new NotFoundError();
  const { user, emails, legalAcceptances } = account;
  const known = new Map(
    mine.spheres.map((s) => [s.id, { name: s.name, primary: s.primaryLanguage, languages: s.languages }]),
  );
  const sessions = await sessionsOfPerson(personSessions, headers.language, mine.memberships, known);
  return {
    userId,
    profile: toProfile(user),
    emails: emails
      .map((e) => ({ email: e.email, primary: e.primary, isVerified: e.isVerified }))
      .sort(primaryFirst),
    ...(user.phone !== undefined ? { phone: user.phone } : {}),
    spheres: mine.spheres,
    galaxies: [],
    members: mine.members,
    sessions: sessions.sessions,
    legalConsents: legalConsents(documents, legalAcceptances, headers.language),
    ability: {
      subscription: user.subscription,
      rules: defineRules({
        userId,
        isGuest: user.isGuest,
        subscription: user.subscription,
        globalRoles: user.globalRoles,
        superAdminMode: headers.superAdmin,
        spheres: mine.memberships,
        sessions: sessions.memberships,
      }),
    },
  };
}

/** PUT /v1/profile: replaces the caller's profile (an existing account only) and tells their tabs. */
export async function saveProfile(userId: string, profile: ProfileUpdate): Promise<Profile> {
  const user = await writeProfile(userId, profile);
  if (!user) throw new NotFoundError();
  // Age and gender may move the person to other tags in their spheres (tag automation).
  await retagPerson(userId);
  await publishAfterWrite(userId, { type: 'profile', action: 'updated' });
  return toProfile(user);
}

/** PUT /v1/profile/favorites: the starred spheres and sessions; the caller's tabs are told. */
export async function saveFavorites(userId: string, favorites: FavoritesUpdate): Promise<Profile> {
  const user = await writeFavorites(userId, favorites);
  if (!user) throw new NotFoundError();
  await publishAfterWrite(userId, { type: 'profile', action: 'updated' });
  return toProfile(user);
}
