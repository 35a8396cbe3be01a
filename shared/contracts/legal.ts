import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { LANGUAGES } from './headers';
import { LegalConsentSchema } from './me';

/** Legal documents a user must accept (spec 01 §3 User legal consents). */
export const LEGAL_DOCUMENT_TYPES = ['terms-of-use', 'privacy-policy'] as const;
export type LegalDocumentType = (typeof LEGAL_DOCUMENT_TYPES)[number];

export const LegalAcceptanceSchema = z.strictObject({
  documentType: z.enum(LEGAL_DOCUMENT_TYPES),
  version: z.string().regex(/^\d{1,6}$/),
  lang: z.enum(LANGUAGES),
});
export type LegalAcceptance = z.infer<typeof LegalAcceptanceSchema>;

export const LegalConsentListSchema = z.array(LegalConsentSchema);

/** The caller's consent to the latest version of each legal document (pending or accepted). */
export const getLegalConsents = defineRoute({
  name: 'getLegalConsents',
  domain: 'legal',
  method: 'GET',
  path: '/v1/legal-consents',
  auth: 'user',
  response: LegalConsentListSchema,
});

/** Accepts current versions of legal documents; answers the caller's updated consents. */
export const acceptLegalConsents = defineRoute({
  name: 'acceptLegalConsents',
  domain: 'legal',
  method: 'POST',
  path: '/v1/me/legal-consents',
  auth: 'user',
  body: z
    .array(LegalAcceptanceSchema)
    .min(1)
    .max(LEGAL_DOCUMENT_TYPES.length * LANGUAGES.length),
  response: LegalConsentListSchema,
});

/** One current legal document in one language, as anyone may read it before having an account. */
export const LegalDocumentSchema = z.object({
  documentType: z.enum(LEGAL_DOCUMENT_TYPES),
  version: z.string(),
  lang: z.enum(LANGUAGES),
  path: z.string(),
  publishedOn: z.string(),
});
export type LegalDocumentSummary = z.infer<typeof LegalDocumentSchema>;

/**
 * The current version of each legal document in the request's language (else French), so account
 * creation can ask for their acceptance before the account exists (spec 02 §5).
 */
export const getLegalDocuments = defineRoute({
  name: 'getLegalDocuments',
  domain: 'legal',
  method: 'GET',
  path: '/legal-documents',
  auth: 'public',
  response: z.array(LegalDocumentSchema),
});

/** GET /v1/legal-consents, POST /v1/me/legal-consents, GET /legal-documents (domain `legal`). */
export const legalRoutes: readonly RouteContract[] = [
  getLegalConsents,
  acceptLegalConsents,
  getLegalDocuments,
];
