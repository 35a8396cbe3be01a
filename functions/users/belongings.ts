import { primaryFirst } from '@shared/domain/emails';
import { eraseInBatches, type Belonging } from '../lib/domain';
import { usersDb as db } from './store';

/** What the users domain holds about a user: address ownership, addresses, the profile. */
export const USERS_BELONGINGS: readonly Belonging[] = [
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
