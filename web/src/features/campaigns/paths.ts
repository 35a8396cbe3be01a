export {
  CAMPAIGN_PAGE_PATH,
  CAMPAIGN_SETTINGS_PATH,
  campaignPath,
  campaignSettingsPath,
  participationPath,
} from '../../lib/routes';
import { participationPath } from '../../lib/routes';

/** The creation overlay (`show=campaign&sphereId=…`, spec 02 §2). */
export const CAMPAIGN_OVERLAY = 'campaign';
/** The campaign-level close, cancel or reopen confirmation (`show=campaign end&campaignId=…`). */
export const CAMPAIGN_END_OVERLAY = 'campaign end';
/** The Campaigns tab of a sphere's settings (`?tab=campaigns`). */
export const CAMPAIGNS_TAB = 'campaigns';

/** The join link a campaign's participants follow: the participant screen with the campaign's code. */
export function campaignJoinLink(
  campaignId: string,
  validationCode: string,
  origin: string = window.location.origin,
): string {
  return `${origin}${participationPath(campaignId, validationCode)}`;
}
