import type { Profile } from '@shared/contracts/me';
import type { FavoritesUpdate, ProfileUpdate } from '@shared/contracts/profile';
import { NotFoundError } from '../lib/errors';
import { publishAfterWrite } from '../realtime';
import {
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
    favoriteGalaxyIds: user.favoriteGalaxyIds ?? [],
    // Only when true: absent means no password, as for answers written before the field.
    ...(user.hasPassword ? { hasPassword: true } : {}),
  };
}

/** PUT /v1/profile: replaces the caller's profile (an existing account only) and tells their tabs. */
export async function saveProfile(
  userId: string,
  profile: ProfileUpdate,
  profileChanged: (userId: string) => Promise<void>,
): Promise<Profile> {
  const user = await writeProfile(userId, profile);
  if (!user) throw new NotFoundError();
  // Age and gender may move the person to other tags in their spheres (tag automation): the
  // entry wires what follows a change, so users imports no domain above it.
  await profileChanged(userId);
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
