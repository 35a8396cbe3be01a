import type { AbilityFacts, AccountFacts } from '@shared/domain/ability';
import type { AbilityFactsReader } from './ability';

/**
 * The reader of a caller's rights, as the Lambda's entry wired it (`createHttpHandler(bindings,
 * callerAccounts)`): a service that decides on rights outside the route's own check (a goal reserved
 * for Essentials, a form's availability, a terminal's sphere) reads them here, so no domain imports
 * the module that joins accounts and memberships (functions/access, above every domain). A Lambda
 * serves one entry; the local stack and the tests load several, all wired with the same reader.
 */
let wired: AbilityFactsReader | undefined;

export function wireRights(reader: AbilityFactsReader): void {
  wired = reader;
}

/** The caller's facts (null: no account); `account`: this request's read of it, if any. */
export async function rightsFacts(
  userId: string,
  account?: AccountFacts,
): Promise<Omit<AbilityFacts, 'userId' | 'superAdminMode'> | null> {
  if (!wired) throw new Error('The rights reader is not wired: a Lambda entry wires it (createHttpHandler)');
  return wired(userId, account);
}

/** Whether the caller acts as a super-admin: the role, and the mode's header sent (spec 01 §6). */
export async function actsAsSuperAdmin(userId: string, headerSent: boolean): Promise<boolean> {
  if (!headerSent) return false;
  const facts = await rightsFacts(userId);
  return facts?.globalRoles.includes('super-admin') ?? false;
}
