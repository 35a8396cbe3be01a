import type { Language } from '../../shared/contracts/headers';
import { legalConsents } from './consents';
import { listAcceptances, listLegalDocuments, saveAcceptances } from './repository';

/** Accepts, for the user, the current version of every legal document still pending. */
export async function acceptPendingDocuments(userId: string, language: Language): Promise<void> {
  const [documents, acceptances] = await Promise.all([listLegalDocuments(), listAcceptances(userId)]);
  const pending = legalConsents(documents, acceptances, language).filter((c) => c.status === 'pending');
  await saveAcceptances(
    userId,
    pending.map((c) => ({ documentType: c.documentType, version: Number(c.version), lang: c.lang })),
  );
}
