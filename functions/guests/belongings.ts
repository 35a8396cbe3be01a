import type { Belonging } from '../lib/domain';
import { guestsDb as db } from './store';

/** What the guests domain holds about a user: how they arrived and the secret of a guest. */
export const GUESTS_BELONGINGS: readonly Belonging[] = [
  {
    name: 'guestArrival',
    covers: ['guest', 'guestKey'],
    single: true,
    describe: {
      fr: "comment vous êtes arrivé en tant qu'invité (le lien) et l'adresse en cours d'enregistrement",
      en: 'how you arrived as a guest (the link) and the address being registered',
      nl: 'hoe je als gast bent binnengekomen (de link) en het adres dat wordt geregistreerd',
    },
    onLeave: 'erase',
    // The guest key lets a guest sign in again to repeat a failed attempt: it goes last.
    stage: 'last',
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
];
