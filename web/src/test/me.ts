import type { Me } from '@shared/contracts/me';

/** A /v1/me answer for a new account: no sphere, no session yet. */
export function meFixture(overrides: Partial<Me> = {}): Me {
  return {
    userId: 'user-1',
    profile: {
      firstName: 'Ada',
      unit: 'metric',
      locale: 'fr',
      isGuest: false,
      favoriteSessionIds: [],
      favoriteSphereIds: [],
    },
    emails: [
      { email: 'old@example.com', primary: false, isVerified: true },
      { email: 'ada@example.com', primary: true, isVerified: true },
    ],
    spheres: [],
    galaxies: [],
    ability: { subscription: 'starter', rules: [] },
    members: [],
    legalConsents: [],
    openContributorGroups: 0,
    ...overrides,
  };
}
