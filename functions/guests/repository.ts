import { db } from '../lib/db';

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

/** Is this user a guest? One consistent GetItem of the user's profile item. */
export async function isGuestUser(userId: string): Promise<boolean> {
  const { data } = await db().entities.user.get({ userId }).go({ consistent: true });
  return data?.isGuest === true;
}
