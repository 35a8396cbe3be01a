import * as z from 'zod';
import type { RouteContract } from './route';
import { defineRoute } from './route';
import { LANGUAGES } from './headers';
import { GENDERS, LegalConsentSchema, ProfileSchema, UNITS } from './me';

/** Legal documents a user must accept (spec 01 §3 User legal consents). */
export const LEGAL_DOCUMENT_TYPES = ['terms-of-use', 'privacy-policy'] as const;
export type LegalDocumentType = (typeof LEGAL_DOCUMENT_TYPES)[number];

/** Oldest birth year accepted by the profile form. */
export const MIN_BIRTH_YEAR = 1900;
export const MAX_FAVORITES = 200;

const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * The profile a user may change (PUT /v1/profile). Optional fields left out are cleared, except the
 * favourites, which other screens save and which are kept when absent.
 */
export const ProfileUpdateSchema = z.strictObject({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().max(100).optional(),
  birthYear: z
    .number()
    .int()
    .min(MIN_BIRTH_YEAR)
    .refine((year) => year <= new Date().getFullYear(), { message: 'value-out-of-range-error' })
    .optional(),
  birthdate: z.iso
    .date()
    .refine((date) => !/^\d{4}-\d{2}-\d{2}$/.test(date) || date <= todayIso(), {
      message: 'value-out-of-range-error',
    })
    .optional(),
  gender: z.enum(GENDERS).optional(),
  unit: z.enum(UNITS),
  locale: z.enum(LANGUAGES),
  favoriteSessionIds: z.array(z.string().min(1).max(200)).max(MAX_FAVORITES).optional(),
  favoriteSphereIds: z.array(z.string().min(1).max(200)).max(MAX_FAVORITES).optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;

export const LegalAcceptanceSchema = z.strictObject({
  documentType: z.enum(LEGAL_DOCUMENT_TYPES),
  version: z.string().regex(/^\d{1,6}$/),
  lang: z.enum(LANGUAGES),
});
export type LegalAcceptance = z.infer<typeof LegalAcceptanceSchema>;

export const LegalConsentListSchema = z.array(LegalConsentSchema);

export const updateProfile = defineRoute({
  name: 'updateProfile',
  domain: 'users',
  method: 'PUT',
  path: '/v1/profile',
  auth: 'user',
  body: ProfileUpdateSchema,
  response: ProfileSchema,
});

/** The caller's consent to the latest version of each legal document (pending or accepted). */
export const getLegalConsents = defineRoute({
  name: 'getLegalConsents',
  domain: 'users',
  method: 'GET',
  path: '/v1/legal-consents',
  auth: 'user',
  response: LegalConsentListSchema,
});

/** Accepts current versions of legal documents; answers the caller's updated consents. */
export const acceptLegalConsents = defineRoute({
  name: 'acceptLegalConsents',
  domain: 'users',
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
  domain: 'users',
  method: 'GET',
  path: '/legal-documents',
  auth: 'public',
  response: z.array(LegalDocumentSchema),
});

/**
 * Profile and legal consents: PUT /v1/profile, GET /v1/legal-consents, POST /v1/me/legal-consents,
 * GET /legal-documents (domain `me`).
 */
export const profileRoutes: readonly RouteContract[] = [
  updateProfile,
  getLegalConsents,
  acceptLegalConsents,
  getLegalDocuments,
];
