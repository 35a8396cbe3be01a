import type { LegalDocumentType } from '@shared/contracts/legal';

/**
 * Documents a fresh deployment starts with: version 1 of each type, in every language. When no
 * document of a type exists yet, the first consent computation publishes these (repository.ts), so
 * every deployment and every local stack has documents to accept. Their text is in
 * web/public/legal/<type>-<version>-<lang>.html.
 */
export const DEFAULT_LEGAL_DOCUMENTS: readonly { documentType: LegalDocumentType; version: number }[] = [
  { documentType: 'terms-of-use', version: 1 },
  { documentType: 'privacy-policy', version: 1 },
];

/** Where the SPA serves a document's text. */
export function legalDocumentPath(documentType: LegalDocumentType, version: number, lang: string): string {
  return `/legal/${documentType}-${version}-${lang}.html`;
}
