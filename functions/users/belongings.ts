import { primaryFirst } from '@shared/domain/emails';
import { shownRoles } from '@shared/domain/global-members';
import { eraseInBatches, type Belonging } from '../lib/domain';
import {
  anonymiseGlobalRoleChange,
  eraseGlobalMember,
  findGlobalMember,
  globalRoleChangesNaming,
} from './global-members-repository';
import { readMembershipSummary } from './membership-summary';
import { usersDb as db } from './store';

/**
 * What the users domain holds about a user: a global membership and the log of its changes,
 * address ownership, addresses, the profile.
 */
export const USERS_BELONGINGS: readonly Belonging[] = [
  {
    name: 'globalMembership',
    covers: ['globalMember'],
    single: true,
    describe: {
      fr: 'vos rôles globaux (super-admin, ambassadeur, accès en avant-première) : le nom et l’adresse sous lesquels vous êtes listé, vos rôles et s’ils sont actifs',
      en: 'your global roles (super-admin, ambassador, preview access): the name and address you are listed under, your roles and whether they are active',
      nl: 'je globale rollen (superbeheerder, ambassadeur, vroege toegang): de naam en het adres waaronder je vermeld staat, je rollen en of ze actief zijn',
    },
    onLeave: 'erase',
    async gather(owner) {
      const member = await findGlobalMember(owner.userId);
      return {
        records: member
          ? [
              {
                name: member.name,
                email: member.email,
                roles: shownRoles(member.roles).join(' '),
                active: member.active,
                createdAt: member.createdAt,
                updatedAt: member.updatedAt,
              },
            ]
          : [],
        leave: () => (member ? eraseGlobalMember(owner.userId) : Promise.resolve()),
      };
    },
  },
  {
    name: 'globalRoleChanges',
    covers: ['globalRoleChange'],
    csv: 'global-role-changes.csv',
    describe: {
      fr: 'les changements de vos rôles globaux : quand, et les rôles avant et après',
      en: 'the changes of your global roles: when, and the roles before and after',
      nl: 'de wijzigingen van je globale rollen: wanneer, en de rollen ervoor en erna',
    },
    // Anonymised: the log keeps what was given when; the person changed and the super-admin who
    // made a change are taken out of it.
    onLeave: 'anonymise',
    async gather(owner) {
      const { mine, made } = await globalRoleChangesNaming(owner.userId);
      return {
        records: mine.map((c) => ({
          at: c.at,
          action: c.action,
          rolesBefore: c.rolesBefore ? shownRoles(c.rolesBefore).join(' ') : undefined,
          activeBefore: c.activeBefore,
          rolesAfter: shownRoles(c.rolesAfter).join(' '),
          activeAfter: c.activeAfter,
        })),
        leave: async () => {
          const changes = new Map([...mine, ...made].map((c) => [c.changeId, c]));
          for (const change of changes.values()) await anonymiseGlobalRoleChange(change, owner.userId);
        },
      };
    },
  },
  {
    name: 'emailOwnership',
    covers: ['emailOwner'],
    describe: {
      fr: 'la preuve que chacune de vos adresses vérifiées est à votre compte',
      en: 'the record that each of your verified addresses belongs to your account',
      nl: 'het bewijs dat elk van je geverifieerde adressen bij je account hoort',
    },
    onLeave: 'erase',
    async gather(owner) {
      // Only verified addresses have an owner item; one another account proved is theirs.
      const found = await Promise.all(
        owner.emails.map(async (email) => (await db().entities.emailOwner.get({ email }).go()).data),
      );
      const mine = found.flatMap((o) => (o && o.userId === owner.userId ? [o] : []));
      return {
        records: mine.map((o) => ({ email: o.email, isVerified: o.isVerified, createdAt: o.createdAt })),
        leave: () =>
          eraseInBatches(
            (keys) => db().entities.emailOwner.delete(keys).go(),
            mine.map(({ email }) => ({ email })),
          ),
      };
    },
  },
  {
    name: 'emails',
    covers: ['userEmail'],
    csv: 'emails.csv',
    describe: {
      fr: 'vos adresses e-mail',
      en: 'your email addresses',
      nl: 'je e-mailadressen',
    },
    onLeave: 'erase',
    stage: 'last',
    async gather(owner) {
      const { data } = await db()
        .entities.userEmail.query.byUser({ userId: owner.userId })
        .go({ pages: 'all' });
      return {
        records: [...data].sort(primaryFirst).map((e) => ({
          email: e.email,
          primary: e.primary,
          isVerified: e.isVerified,
          verifiedAt: e.verifiedAt,
          createdAt: e.createdAt,
        })),
        leave: () =>
          eraseInBatches(
            (keys) => db().entities.userEmail.delete(keys).go(),
            data.map(({ userId, email }) => ({ userId, email })),
          ),
      };
    },
  },
  {
    name: 'membershipSummary',
    covers: ['membershipSummary'],
    csv: 'membership-summary.csv',
    describe: {
      fr: 'le résumé de vos appartenances (sphères, groupes, galaxies et vos rôles) que l’application lit à son ouverture',
      en: 'the summary of your memberships (spheres, groups, galaxies and your roles) the app reads when it opens',
      nl: 'de samenvatting van je lidmaatschappen (sferen, groepen, galaxies en je rollen) die de app leest bij het openen',
    },
    onLeave: 'erase',
    // After the memberships it sums up: erasing them writes to it.
    stage: 'last',
    async gather(owner) {
      const { summary } = await readMembershipSummary(owner.userId);
      return {
        records: [
          ...summary.spheres.map((e) => ({
            kind: 'sphere',
            placeId: e.sphereId,
            memberId: e.memberId,
            roles: e.roles.join(' '),
            active: e.active,
          })),
          ...summary.sessions.map((e) => ({
            kind: 'session',
            placeId: e.sessionId,
            memberId: e.memberId,
            roles: e.roles.join(' '),
          })),
          ...summary.galaxies.map((e) => ({
            kind: 'galaxy',
            placeId: e.galaxyId,
            memberId: e.memberId,
            roles: e.roles.join(' '),
            active: e.active,
          })),
        ],
        leave: () =>
          db()
            .entities.membershipSummary.delete({ userId: owner.userId })
            .go({ response: 'none' })
            .then(() => undefined),
      };
    },
  },
  {
    name: 'profile',
    covers: ['user'],
    single: true,
    describe: {
      fr: 'votre profil et les réglages de votre compte',
      en: 'your profile and account settings',
      nl: 'je profiel en accountinstellingen',
    },
    onLeave: 'erase',
    // The token check honours a token while the user item exists: it goes after everything else.
    stage: 'final',
    async gather(owner) {
      const { data } = await db().entities.user.get({ userId: owner.userId }).go();
      return {
        records: data ? [{ ...data }] : [],
        leave: () =>
          eraseInBatches(
            (keys) => db().entities.user.delete(keys).go(),
            data ? [{ userId: data.userId }] : [],
          ),
      };
    },
  },
];
