import { eraseInBatches, isoTime as iso, type Belonging } from '../lib/domain';
import { devicesOf } from './devices';
import { codeSendsTo } from './send-limit';
import { authDb as db } from './store';

/**
 * What sign-in holds about a user: the codes mailed to the addresses they proved, and the sends
 * that limit them. Items of an address the user merely claimed may be another account's: left.
 */
export const AUTH_BELONGINGS: readonly Belonging[] = [
  {
    name: 'signInCodes',
    covers: ['loginCode'],
    csv: 'sign-in-codes.csv',
    describe: {
      fr: 'les codes de connexion envoyés (dates seulement : les codes eux-mêmes ne sont jamais conservés en clair)',
      en: 'the sign-in codes sent (dates only: the codes themselves are never stored in clear)',
      nl: 'de verzonden inlogcodes (alleen datums: de codes zelf worden nooit leesbaar bewaard)',
    },
    onLeave: 'erase',
    async gather(owner) {
      const pages = await Promise.all(
        owner.ownedEmails.map((email) =>
          db().entities.loginCode.query.byEmail({ email }).go({ pages: 'all' }),
        ),
      );
      const items = pages.flatMap((page) => page.data);
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
    covers: ['codeSend'],
    csv: 'sign-in-code-sends.csv',
    describe: {
      fr: 'les envois récents de codes, qui limitent leur nombre',
      en: 'recent code sends, which limit how many codes can be sent',
      nl: 'recente verzendingen van codes, die hun aantal beperken',
    },
    onLeave: 'erase',
    async gather(owner) {
      const items = (await Promise.all(owner.ownedEmails.map((email) => codeSendsTo(email)))).flat();
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
    name: 'signInDevices',
    covers: ['signInDevice'],
    csv: 'known-devices.csv',
    describe: {
      fr: 'les navigateurs où vous vous êtes connecté, qui gardent leurs propres essais de code (date seulement : leur clé n’est jamais conservée en clair)',
      en: 'the browsers you signed in on, which keep code attempts of their own (date only: their key is never stored in clear)',
      nl: 'de browsers waarop je je hebt aangemeld, die eigen codepogingen houden (alleen de datum: hun sleutel wordt nooit leesbaar bewaard)',
    },
    onLeave: 'erase',
    async gather(owner) {
      const devices = await devicesOf(owner.userId);
      return {
        records: devices.map((d) => ({
          since: iso(d.createdAt),
          until: iso(d.expiresAt * 1000),
          ...(d.email ? { email: d.email } : {}),
        })),
        leave: () =>
          eraseInBatches(
            (keys) => db().entities.signInDevice.delete(keys).go(),
            devices.map(({ userId, keyHash }) => ({ userId, keyHash })),
          ),
      };
    },
  },
  {
    name: 'delegationTickets',
    covers: ['delegationTicket'],
    csv: 'access-code-sign-ins.csv',
    describe: {
      fr: 'la dernière connexion par code d’accès d’une sphère (date et sphère ; le ticket lui-même n’est jamais conservé en clair)',
      en: 'the last sign-in with a sphere’s access code (date and sphere; the ticket itself is never stored in clear)',
      nl: 'de laatste aanmelding met de toegangscode van een sfeer (datum en sfeer; het ticket zelf wordt nooit leesbaar bewaard)',
    },
    onLeave: 'erase',
    async gather(owner) {
      const { data } = await db().entities.delegationTicket.get({ userId: owner.userId }).go();
      return {
        records: data ? [{ sphereId: data.sphereId, validUntil: iso(data.validUntil), used: data.used }] : [],
        leave: async () => {
          if (data) await db().entities.delegationTicket.delete({ userId: owner.userId }).go();
        },
      };
    },
  },
];
