import type { RequestHeaders } from '@shared/contracts/headers';
import type { Me } from '@shared/contracts/me';
import { defineRules } from '@shared/domain/ability';
import { effectivePlan } from '@shared/domain/licences';
import { planEndAt } from '@shared/domain/plans';
import { primaryFirst } from '@shared/domain/emails';
import { NotFoundError } from '../lib/errors';
import { galaxiesOfPerson } from '../galaxies';
import { legalConsents, listLegalDocuments } from '../legal';
import { loadPersonSessions, sessionsOfPerson } from '../sessions';
import { spheresOfPerson } from '../spheres';
import { getAccount, ownPlanOf, toProfile } from '../users';

/**
 * The start call: everything the SPA needs after sign-in, with the spheres and memberships the
 * ability rules come from, and the galaxies the person administers.
 */
export async function loadMe(userId: string, headers: RequestHeaders): Promise<Me> {
  const [account, documents, mine, personSessions, galaxies] = await Promise.all([
    getAccount(userId),
    listLegalDocuments(),
    spheresOfPerson(userId),
    loadPersonSessions(userId),
    galaxiesOfPerson(userId),
  ]);
  if (!account) throw new NotFoundError();
  const { user, emails, legalAcceptances } = account;
  // A sphere's Essentials licence gives its member the Essentials rules (decision 0046); the
  // person's own plan ends by itself at `planUntil` (decision 0048).
  const now = new Date();
  const own = ownPlanOf(user, now);
  const subscription = user.isGuest ? user.subscription : effectivePlan(own, mine.memberships);
  const planUntil = user.isGuest ? undefined : planEndAt(user, now);
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
    galaxies: galaxies.summaries,
    members: mine.members,
    sessions: sessions.sessions,
    legalConsents: legalConsents(documents, legalAcceptances, headers.language),
    ability: {
      subscription,
      ...(planUntil !== undefined ? { planUntil } : {}),
      rules: defineRules({
        userId,
        isGuest: user.isGuest,
        subscription,
        globalRoles: user.globalRoles,
        superAdminMode: headers.superAdmin,
        spheres: mine.memberships,
        sessions: sessions.memberships,
        galaxies: galaxies.facts,
      }),
    },
  };
}
