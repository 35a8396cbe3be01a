/**
 * The links domain's face: what campaigns need of a campaign's links (`findLink`, the campaign's
 * code `campaignLinkCode` and its check `isCampaignLinkCode`), what goes with a deleted session
 * (`eraseLinksOf`), and the demo data's writer (`importLink`).
 */
export { eraseLinksOf, findLink, importLink, type LinkItem, type LinkPlace } from './repository';
export { campaignLinkCode, isCampaignLinkCode } from './service';
