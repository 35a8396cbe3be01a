import type { Language } from '../../shared/contracts/headers';
import { db } from '../lib/db';
import { primaryFirst } from '../../shared/domain/emails';
import { codeSendsTo } from '../auth/send-limit';

/** The user whose belongings are gathered: their id and every address their account holds. */
export interface Owner {
  userId: string;
  emails: string[];
}

/** One exported record: plain values only, never a secret (code hashes, salts). */
export type ExportRecord = Record<string, unknown>;

/** What the product holds of one kind for one user, and how to take it away. */
export interface Holding {
  records: ExportRecord[];
  /** Erases (or anonymises) exactly the items gathered. */
  leave(): Promise<void>;
}

/**
 * One kind of item the product holds about a user. The export and the erasure both walk the one
 * list `BELONGINGS`: a domain that stores something keyed by a user adds its entry there, so its
 * items are downloaded with the rest and taken away when the user leaves.
 */
export interface Belonging {
  /** Key of the section in data.json. */
  name: string;
  /** CSV file of the section; absent when it is one record (the profile). */
  csv?: string;
  /** The section is a single record rather than a list. */
  single?: boolean;
  /** One line of README.txt per language. */
  describe: Record<Language, string>;
  /**
   * `erase`: the items are deleted. `anonymise`: items others rely on (feelings shared in a sphere,
   * report figures) stay, stripped of everything that points to the user; see docs/data-model.md.
   */
  onLeave: 'erase' | 'anonymise';
  /**
   * Taken away after the sign-in account is removed: while they exist, a failed attempt can be
   * repeated with the same token and confirmation.
   */
  last?: boolean;
  /** Reads the owner's items with Queries or GetItems on their keys, never a Scan. */
  gather(owner: Owner): Promise<Holding>;
}

/** Delete attempts for the keys DynamoDB leaves unprocessed in a batch (throttling). */
const BATCH_ATTEMPTS = 5;

/** Deletes keys in batches of 25 (ElectroDB splits them), retrying what DynamoDB left unprocessed. */
async function eraseInBatches<K>(
  remove: (keys: K[]) => Promise<{ unprocessed: K[] }>,
  keys: K[],
): Promise<void> {
  let left = keys;
  for (let attempt = 0; left.length > 0; attempt++) {
    if (attempt === BATCH_ATTEMPTS) throw new Error(`${left.length} items could not be erased`);
    ({ unprocessed: left } = await remove(left));
  }
}

const iso = (epochMs: number) => new Date(epochMs).toISOString();

async function perEmail<T>(owner: Owner, read: (email: string) => Promise<T[]>): Promise<T[]> {
  return (await Promise.all(owner.emails.map(read))).flat();
}

/**
 * Like `perEmail`, over the addresses whose `emailOwner` item names the user only: an address the
 * user merely claimed (unverified) may be another account's, and its sign-in items are theirs.
 */
async function perOwnedEmail<T>(owner: Owner, read: (email: string) => Promise<T[]>): Promise<T[]> {
  const owned = await perEmail(owner, async (email) => {
    const { data } = await db().entities.emailOwner.get({ email }).go();
    return data?.userId === owner.userId ? [email] : [];
  });
  return (await Promise.all(owned.map(read))).flat();
}

/** Everything that belongs to a user, in the order it is erased. */
export const BELONGINGS: readonly Belonging[] = [
  {
    name: 'signInCodes',
    csv: 'sign-in-codes.csv',
    describe: {
      fr: 'les codes de connexion envoyés (dates seulement : les codes eux-mêmes ne sont jamais conservés en clair)',
      en: 'the sign-in codes sent (dates only: the codes themselves are never stored in clear)',
      nl: 'de verzonden inlogcodes (alleen datums: de codes zelf worden nooit leesbaar bewaard)',
    },
    onLeave: 'erase',
    async gather(owner) {
      const items = await perOwnedEmail(owner, async (email) => {
        const { data } = await db().entities.loginCode.query.byEmail({ email }).go({ pages: 'all' });
        return data;
      });
      return {
        records: items.map((c) => ({
          email: c.email,
          sentAt: iso(c.createdAt),
          validUntil: iso(c.validUntil),
          used: c.used,
          attempts: c.attempts,
        })),
        leave: () =>
          eraseInBatches(
            (keys) => db().entities.loginCode.delete(keys).go(),
            items.map(({ email, codeId }) => ({ email, codeId })),
          ),
      };
    },
  },
  {
    name: 'signInCodeSends',
    csv: 'sign-in-code-sends.csv',
    describe: {
      fr: 'les envois récents de codes, qui limitent leur nombre',
      en: 'recent code sends, which limit how many codes can be sent',
      nl: 'recente verzendingen van codes, die hun aantal beperken',
    },
    onLeave: 'erase',
    async gather(owner) {
      const items = await perOwnedEmail(owner, async (email) => {
        return codeSendsTo(email);
      });
      return {
        records: items.map((s) => ({ email: s.address, purpose: s.purpose, sentAt: iso(s.sentAt) })),
        leave: () =>
          eraseInBatches(
            (keys) => db().entities.codeSend.delete(keys).go(),
            items.map(({ purpose, address, slot }) => ({ purpose, address, slot })),
          ),
      };
    },
  },
  {
    name: 'connections',
    csv: 'connections.csv',
    describe: {
      fr: "les connexions en temps réel ouvertes par l'application",
      en: 'the realtime connections opened by the app',
      nl: 'de realtimeverbindingen die de app heeft geopend',
    },
    onLeave: 'erase',
    async gather(owner) {
      const { data } = await db()
        .entities.connection.query.byUser({ userId: owner.userId })
        .go({ pages: 'all' });
      return {
        records: data.map((c) => ({ connectionId: c.connectionId, connectedAt: c.connectedAt })),
        leave: () =>
          eraseInBatches(
            (keys) => db().entities.connection.delete(keys).go(),
            data.map(({ connectionId }) => ({ connectionId })),
          ),
      };
    },
  },
  {
    name: 'legalConsents',
    csv: 'legal-consents.csv',
    describe: {
      fr: "les conditions d'utilisation et politiques de confidentialité que vous avez acceptées",
      en: 'the terms of use and privacy policies you accepted',
      nl: 'de gebruiksvoorwaarden en privacybeleiden die u hebt aanvaard',
    },
    onLeave: 'erase',
    async gather(owner) {
      const { data } = await db()
        .entities.legalAcceptance.query.byUser({ userId: owner.userId })
        .go({ pages: 'all' });
      return {
        records: data.map((a) => ({
          documentType: a.documentType,
          version: a.version,
          lang: a.lang,
          acceptedAt: a.acceptedAt,
        })),
        leave: () =>
          eraseInBatches(
            (keys) => db().entities.legalAcceptance.delete(keys).go(),
            data.map(({ userId, documentType, version }) => ({ userId, documentType, version })),
          ),
      };
    },
  },
  {
    name: 'emailVerificationCodes',
    csv: 'email-verification-codes.csv',
    describe: {
      fr: 'les codes de vérification de vos adresses (dates seulement)',
      en: 'the verification codes of your addresses (dates only)',
      nl: 'de verificatiecodes van uw adressen (alleen datums)',
    },
    onLeave: 'erase',
    async gather(owner) {
      const items = await perEmail(owner, async (email) => {
        const { data } = await db().entities.emailCode.get({ userId: owner.userId, email }).go();
        return data ? [data] : [];
      });
      return {
        records: items.map((c) => ({
          email: c.email,
          validUntil: iso(c.validUntil),
          attempts: c.attempts,
        })),
        leave: () =>
          eraseInBatches(
            (keys) => db().entities.emailCode.delete(keys).go(),
            items.map(({ userId, email }) => ({ userId, email })),
          ),
      };
    },
  },
  {
    name: 'phoneVerification',
    single: true,
    describe: {
      fr: 'le changement de numéro de téléphone en cours et ses codes SMS (dates seulement)',
      en: 'the phone number change under way and its SMS codes (dates only)',
      nl: 'de lopende wijziging van uw telefoonnummer en de sms-codes (alleen datums)',
    },
    onLeave: 'erase',
    async gather(owner) {
      const { data } = await db().entities.phoneVerification.get({ userId: owner.userId }).go();
      return {
        records: data
          ? [
              {
                pendingPhone: data.pendingPhone,
                codeValidUntil: data.validUntil === undefined ? undefined : iso(data.validUntil),
                requestedAt: data.requests.map(iso),
                failures: data.failures,
                lockedUntil: data.lockedUntil === undefined ? undefined : iso(data.lockedUntil),
                lockReason: data.lockReason,
              },
            ]
          : [],
        leave: () =>
          eraseInBatches(
            (keys) => db().entities.phoneVerification.delete(keys).go(),
            data ? [{ userId: data.userId }] : [],
          ),
      };
    },
  },
  {
    name: 'emailOwnership',
    describe: {
      fr: 'la preuve que chacune de vos adresses vérifiées est à votre compte',
      en: 'the record that each of your verified addresses belongs to your account',
      nl: 'het bewijs dat elk van uw geverifieerde adressen bij uw account hoort',
    },
    onLeave: 'erase',
    async gather(owner) {
      const found = await perEmail(owner, async (email) => {
        const { data } = await db().entities.emailOwner.get({ email }).go();
        // Only verified addresses have an owner item; one another account proved is theirs.
        return data && data.userId === owner.userId ? [data] : [];
      });
      return {
        records: found.map((o) => ({ email: o.email, isVerified: o.isVerified, createdAt: o.createdAt })),
        leave: () =>
          eraseInBatches(
            (keys) => db().entities.emailOwner.delete(keys).go(),
            found.map(({ email }) => ({ email })),
          ),
      };
    },
  },
  {
    name: 'emails',
    csv: 'emails.csv',
    describe: {
      fr: 'vos adresses e-mail',
      en: 'your email addresses',
      nl: 'uw e-mailadressen',
    },
    onLeave: 'erase',
    last: true,
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
    name: 'guestArrival',
    single: true,
    describe: {
      fr: "comment vous êtes arrivé en tant qu'invité (lien, délégation de campagne) et l'adresse en cours d'enregistrement",
      en: 'how you arrived as a guest (link, campaign delegation) and the address being registered',
      nl: 'hoe u als gast bent binnengekomen (link, campagnedelegatie) en het adres dat wordt geregistreerd',
    },
    onLeave: 'erase',
    // The guest key lets a guest sign in again to repeat a failed attempt: it goes last.
    last: true,
    async gather(owner) {
      const [{ data: guest }, { data: key }] = await Promise.all([
        db().entities.guest.get({ userId: owner.userId }).go(),
        db().entities.guestKey.get({ userId: owner.userId }).go(),
      ]);
      return {
        records: guest
          ? [
              {
                link: guest.link,
                delegation: guest.delegation,
                pendingEmail: guest.pendingEmail,
                createdAt: guest.createdAt,
                convertedAt: guest.convertedAt,
              },
            ]
          : [],
        leave: async () => {
          if (key) await db().entities.guestKey.delete({ userId: key.userId }).go();
          if (guest) await db().entities.guest.delete({ userId: guest.userId }).go();
        },
      };
    },
  },
  {
    name: 'profile',
    single: true,
    describe: {
      fr: 'votre profil et les réglages de votre compte',
      en: 'your profile and account settings',
      nl: 'uw profiel en accountinstellingen',
    },
    onLeave: 'erase',
    last: true,
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
