import { guestsDb as db } from './store';

/** The user's guest arrival record (link, delegation, address being registered), if any. */
export async function getGuest(userId: string) {
  const { data } = await db().entities.guest.get({ userId }).go({ consistent: true });
  return data;
}

/** The hash of the guest's sign-in secret, while the user is a guest. */
export async function getGuestKey(userId: string) {
  const { data } = await db().entities.guestKey.get({ userId }).go({ consistent: true });
  return data;
}
