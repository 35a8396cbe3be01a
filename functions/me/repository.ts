import { db } from '../lib/db';
import { ConflictError } from '../lib/errors';

export interface NewAccount {
  userId: string;
  email: string;
  firstName: string;
  locale?: 'fr' | 'en' | 'nl';
}

export async function getAccount(userId: string) {
  const { data } = await db().collections.account({ userId }).go({ pages: 'all' });
  const user = data.user[0];
  if (!user) return null;
  return { user, emails: data.userEmail };
}

export async function findEmailOwner(email: string) {
  const { data } = await db().entities.emailOwner.get({ email }).go();
  return data;
}

/**
 * Creates the user, their primary verified email and the email's owner item in one transaction.
 * Fails with `email-already-used` when another account holds the address.
 */
export async function createAccount(account: NewAccount): Promise<void> {
  const at = new Date().toISOString();
  const result = await db()
    .transaction.write(({ user, userEmail, emailOwner }) => [
      user
        .create({
          userId: account.userId,
          firstName: account.firstName,
          ...(account.locale ? { locale: account.locale } : {}),
        })
        .commit(),
      userEmail
        .create({
          userId: account.userId,
          email: account.email,
          primary: true,
          isVerified: true,
          verifiedAt: at,
        })
        .commit(),
      emailOwner.create({ email: account.email, userId: account.userId, isVerified: true }).commit(),
    ])
    .go();
  if (result.canceled) {
    throw new ConflictError('email-already-used');
  }
}
