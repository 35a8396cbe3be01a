import { LANGUAGES, type Language } from '@shared/contracts/headers';
import type { LegalDocumentType } from '@shared/contracts/legal';
import { isConditionFailure } from '../lib/conditions';
import { legalDb as db } from './store';
import type { LegalDocument, StoredAcceptance } from './consents';
import { DEFAULT_LEGAL_DOCUMENTS, legalDocumentPath } from './defaults';

export interface PublishLegalDocument {
  documentType: LegalDocumentType;
  version: number;
  /** Languages published; every language by default. */
  langs?: readonly Language[];
  publishedOn?: string;
}

export interface PublishReport {
  created: LegalDocument[];
  /** Languages of that version that were already published (left as they were). */
  existing: Language[];
}

/**
 * Publishes one version of a legal document in its languages, each at
 * /legal/<type>-<version>-<lang>.html. A language already published for that version is left
 * alone, so the call can be repeated. From then on this version is the latest, pending for every
 * user who has not accepted it.
 */
export async function publishLegalDocument(document: PublishLegalDocument): Promise<PublishReport> {
  if (!Number.isInteger(document.version) || document.version < 1) {
    throw new Error(`A legal document version is a positive integer, not ${document.version}`);
  }
  const publishedOn = document.publishedOn ?? new Date().toISOString();
  const report: PublishReport = { created: [], existing: [] };
  forgetLegalDocuments();
  for (const lang of document.langs ?? LANGUAGES) {
    const item = {
      documentType: document.documentType,
      version: document.version,
      lang,
      path: legalDocumentPath(document.documentType, document.version, lang),
      publishedOn,
    };
    try {
      await db().entities.legalDocument.create(item).go();
      report.created.push(item);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      report.existing.push(lang);
    }
  }
  forgetLegalDocuments();
  return report;
}

async function queryDocuments(): Promise<LegalDocument[]> {
  const { data } = await db().entities.legalDocument.query.all({}).go({ pages: 'all' });
  return data;
}

/**
 * Every start call reads the documents, which all sit in one partition and change a few times a
 * year: a warm Lambda keeps them for a minute, so a new version reaches everyone within a minute.
 */
export const LEGAL_DOCUMENTS_CACHE_MS = 60_000;
let cache: { documents: LegalDocument[]; at: number } | undefined;

/** Forgets the cached documents (after a publication, and between tests). */
export function forgetLegalDocuments(): void {
  cache = undefined;
}

/**
 * Every published legal document, in one Query. A type that was never published gets its default
 * version 1 first (functions/legal/defaults.ts): a fresh deployment always has documents to accept.
 */
export async function listLegalDocuments(): Promise<LegalDocument[]> {
  if (cache && Date.now() - cache.at < LEGAL_DOCUMENTS_CACHE_MS) return cache.documents;
  let documents = await queryDocuments();
  const missing = DEFAULT_LEGAL_DOCUMENTS.filter(
    (d) => !documents.some((existing) => existing.documentType === d.documentType),
  );
  if (missing.length) {
    for (const d of missing) await publishLegalDocument(d);
    documents = await queryDocuments();
  }
  cache = { documents, at: Date.now() };
  return documents;
}

export async function listAcceptances(userId: string): Promise<StoredAcceptance[]> {
  const { data } = await db().entities.legalAcceptance.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

/** Records the user's acceptance of these document versions (a repeated acceptance refreshes it). */
export async function saveAcceptances(
  userId: string,
  items: readonly { documentType: LegalDocumentType; version: number; lang: Language }[],
): Promise<void> {
  if (items.length === 0) return;
  const acceptedAt = new Date().toISOString();
  await db()
    .entities.legalAcceptance.put(items.map((item) => ({ userId, ...item, acceptedAt })))
    .go();
}
