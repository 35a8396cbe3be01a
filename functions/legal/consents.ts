import type { FieldError } from '@shared/contracts/errors';
import { DEFAULT_LANGUAGE, type Language } from '@shared/contracts/headers';
import type { LegalConsent } from '@shared/contracts/me';
import { LEGAL_DOCUMENT_TYPES, type LegalAcceptance, type LegalDocumentType } from '@shared/contracts/legal';

export interface LegalDocument {
  documentType: LegalDocumentType;
  version: number;
  lang: Language;
  path: string;
  publishedOn: string;
}

export interface StoredAcceptance {
  documentType: LegalDocumentType;
  version: number;
  lang: Language;
  acceptedAt: string;
}

/** The latest version of each document type, with its languages. Types never published are absent. */
export function latestDocuments(
  documents: readonly LegalDocument[],
): Map<LegalDocumentType, LegalDocument[]> {
  const latest = new Map<LegalDocumentType, LegalDocument[]>();
  for (const type of LEGAL_DOCUMENT_TYPES) {
    const ofType = documents.filter((d) => d.documentType === type);
    if (ofType.length === 0) continue;
    const version = Math.max(...ofType.map((d) => d.version));
    latest.set(
      type,
      ofType.filter((d) => d.version === version),
    );
  }
  return latest;
}

/** The document in the wanted language, else in French, else in any language it exists in. */
function inLanguage(versions: readonly LegalDocument[], lang: Language): LegalDocument {
  const found =
    versions.find((d) => d.lang === lang) ?? versions.find((d) => d.lang === DEFAULT_LANGUAGE) ?? versions[0];
  if (!found) throw new Error('A document version without any language');
  return found;
}

/** The current version of each document type in the wanted language (else French, else any). */
export function currentDocuments(documents: readonly LegalDocument[], language: Language): LegalDocument[] {
  return [...latestDocuments(documents).values()].map((versions) => inLanguage(versions, language));
}

/**
 * The user's consents: for each document type, its latest version, accepted when the user accepted
 * that very version (in any language), else pending. Publishing a new version therefore makes it
 * pending for everyone. Pending documents are offered in the caller's language.
 */
export function legalConsents(
  documents: readonly LegalDocument[],
  acceptances: readonly StoredAcceptance[],
  language: Language,
): LegalConsent[] {
  return [...latestDocuments(documents)].map(([documentType, versions]) => {
    const version = versions[0]?.version as number;
    const accepted = acceptances
      .filter((a) => a.documentType === documentType && a.version === version)
      .sort((a, b) => b.acceptedAt.localeCompare(a.acceptedAt))[0];
    const document = inLanguage(versions, accepted?.lang ?? language);
    return {
      documentType,
      version: String(version),
      lang: document.lang,
      path: document.path,
      publishedOn: document.publishedOn,
      status: accepted ? 'accepted' : 'pending',
      ...(accepted ? { timestamp: accepted.acceptedAt } : {}),
    };
  });
}

/**
 * Items of an acceptance that do not name a current document: an unknown or outdated version, or a
 * language the current version does not exist in. Each is `not-valid` on its `version` field.
 */
export function invalidAcceptances(
  items: readonly LegalAcceptance[],
  documents: readonly LegalDocument[],
): FieldError[] {
  const latest = latestDocuments(documents);
  return items.flatMap((item, index): FieldError[] => {
    const current = latest.get(item.documentType) ?? [];
    const ok = current.some((d) => String(d.version) === item.version && d.lang === item.lang);
    return ok ? [] : [{ key: 'not-valid', field: `body.${index}.version` }];
  });
}
