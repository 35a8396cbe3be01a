import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/** The user's profile and account flags. Collection `account` (pk = user) with their emails. */
export const UserEntity = new Entity({
  model: { entity: 'user', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    firstName: { type: 'string', required: true },
    lastName: { type: 'string' },
    birthYear: { type: 'number' },
    birthdate: { type: 'string' },
    gender: { type: ['male', 'female', 'other'] as const },
    unit: { type: ['metric', 'imperial'] as const, required: true, default: 'metric' },
    locale: { type: ['fr', 'en', 'nl'] as const, required: true, default: 'fr' },
    isGuest: { type: 'boolean', required: true, default: false },
    guestConvertionStep: { type: ['guest', 'email', 'profile', 'finalized'] as const },
    favoriteSessionIds: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    favoriteSphereIds: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    favoriteGalaxyIds: { type: 'list', items: { type: 'string' } },
    phone: { type: 'string' },
    hasPassword: { type: 'boolean', required: true, default: false },
    subscription: { type: ['starter', 'essentials', 'premium'] as const, required: true, default: 'starter' },
    /**
     * The instant (ISO) the person's own plan ends and falls back to Starter (decision 0048): a free
     * month, later a paid period. Absent: the plan has no end. Read at request time (`ownPlanAt`),
     * so nothing has to run when it passes.
     */
    planUntil: { type: 'string' },
    globalRoles: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    /**
     * Epoch seconds: tokens whose authentication (`auth_time`) is older are refused by the API and
     * the realtime channel. Set when the account is created (the address was just proved) and
     * moved forward when the user signs out everywhere (docs/decisions/0006).
     */
    tokensValidAfter: { type: 'number', default: () => Math.floor(Date.now() / 1000) },
    /**
     * Sign-ins ended one by one (sign out on one device): their `origin_jti` and the epoch seconds
     * until which a token of theirs may still be unexpired. Pruned on each write; the token check
     * refuses them. `sessionsRevision` makes each rewrite conditional.
     */
    revokedSessions: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          originJti: { type: 'string', required: true },
          until: { type: 'number', required: true },
        },
      },
    },
    sessionsRevision: { type: 'number' },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    byUser: {
      collection: 'account',
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
