import { SERVED_ASSETS_PREFIX, UPLOADS_PREFIX } from '../lib/assets';

/**
 * Where a link's logo lives in the assets bucket (decision 0027): uploads nobody confirmed yet
 * below `uploads/links/<linkId>/`, the logo browsers load below `logos/links/<linkId>/`.
 */

/** The parts of the assets bucket this domain writes (its grants). */
export const LINK_ASSET_PREFIXES = [`${SERVED_ASSETS_PREFIX}links/`, `${UPLOADS_PREFIX}links/`];

export const linkUploadPrefix = (linkId: string) => `${UPLOADS_PREFIX}links/${linkId}/`;
export const linkLogoPrefix = (linkId: string) => `${SERVED_ASSETS_PREFIX}links/${linkId}/`;
