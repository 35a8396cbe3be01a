/** The overlays and settings tab of links (spec 01 §2, spec 02 §2 `link`, `updateLink`, `addLink`). */
export { LINK_PAGE_PATH, linkPath } from '../../lib/routes';
export const LINK_OVERLAY = 'link';
export const UPDATE_LINK_OVERLAY = 'updateLink';
export const ADD_LINK_OVERLAY = 'addLink';
export const LINKS_TAB = 'links';
