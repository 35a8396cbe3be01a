/**
 * Every logo of the product (a sphere's, a form's, a campaign's, a link's; decisions 0016, 0023):
 * PNG, JPEG or WebP, 1 MiB at most, sent by the browser straight to the storage with a grant that
 * lives a few minutes. SVG is refused: it is a document that can carry script.
 */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
/** Largest logo accepted: 1 MiB. */
export const LOGO_MAX_BYTES = 1_048_576;
/** How long an upload granted by POST …/logo may start. */
export const LOGO_UPLOAD_SECONDS = 300;
