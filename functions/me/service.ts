import type { Me } from '../../shared/contracts/me';
import type { RequestHeaders } from '../../shared/contracts/headers';
import { defineRules } from '../../shared/domain/ability';
import { NotFoundError } from '../lib/errors';
import { getAccount } from './repository';

/**
 * The start call: everything the SPA needs after sign-in. Spheres, galaxies, members and sessions
 * come from memberships, which later capabilities add; until then a user has none.
 */
export async function loadMe(userId: string, headers: RequestHeaders): Promise<Me> {
  const account = await getAccount(userId);
  if (!account) throw new NotFoundError();
  const { user, emails } = account;
  return {
    userId,
    profile: {
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
    },
    emails: emails
      .map((e) => ({ email: e.email, primary: e.primary, isVerified: e.isVerified }))
      .sort((a, b) => Number(b.primary) - Number(a.primary) || a.email.localeCompare(b.email)),
    spheres: [],
    galaxies: [],
    members: [],
    sessions: [],
    legalConsents: [],
    ability: {
      subscription: user.subscription,
      rules: defineRules({
        userId,
        isGuest: user.isGuest,
        subscription: user.subscription,
        globalRoles: user.globalRoles,
        superAdminMode: headers.superAdmin,
      }),
    },
  };
}
