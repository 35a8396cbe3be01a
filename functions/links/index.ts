/**
 * The links domain's face: what campaigns need of a campaign's links (`findLink`, the campaign's
 * code `campaignLinkCode` and its check `isCampaignLinkCode`), the tags a link gives what is
 * recorded through it (`linkTagsFor`), what goes with a deleted session
 * (`eraseLinksOf`). The demo data's writer (`importLink`) is its seeding section, seeding.ts.
 */
export { eraseLinksOf, findLink, type LinkItem, type LinkPlace } from './repository';
export { campaignLinkCode, isCampaignLinkCode, linkTagsFor } from './service';
export { linksCascades } from './cascades';
