import type { Language } from '@shared/contracts/headers';
import type { LegalAcceptance, LegalDocumentSummary } from '@shared/contracts/legal';
import type { LegalConsent } from '@shared/contracts/me';
import { ValidationError } from '../lib/errors';
import { publishAfterWrite } from '../realtime';
import { currentDocuments, invalidAcceptances, legalConsents } from './consents';
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

/** GET /v1/legal-consents: the latest version of each document, accepted or pending for the caller. */
export async function loadLegalConsents(userId: string, language: Language): Promise<LegalConsent[]> {
  const [documents, acceptances] = await Promise.all([listLegalDocuments(), listAcceptances(userId)]);
  return legalConsents(documents, acceptances, language);
}

/**
 * POST /v1/me/legal-consents: records the acceptance of current document versions only; an
 * unknown or outdated version refuses the whole request with `not-valid` on that item.
 */
export async function acceptConsents(
  userId: string,
  items: readonly LegalAcceptance[],
  language: Language,
): Promise<LegalConsent[]> {
  const documents = await listLegalDocuments();
  const errors = invalidAcceptances(items, documents);
  if (errors.length) throw new ValidationError(errors);
  await saveAcceptances(
    userId,
    items.map((i) => ({ documentType: i.documentType, version: Number(i.version), lang: i.lang })),
  );
  await publishAfterWrite(userId, { type: 'profile', action: 'updated' });
  return legalConsents(documents, await listAcceptances(userId), language);
}

/** GET /legal-documents (public): the current version of each document in the caller's language. */
export async function loadLegalDocuments(language: Language): Promise<LegalDocumentSummary[]> {
  return currentDocuments(await listLegalDocuments(), language).map((d) => ({
    documentType: d.documentType,
    version: String(d.version),
    lang: d.lang,
    path: d.path,
    publishedOn: d.publishedOn,
  }));
}
