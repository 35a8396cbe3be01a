import type { CampaignDelegation } from '@shared/contracts/campaigns';
import type { GuestCredentials, GuestDelegation } from '@shared/contracts/guests';
import type { Language } from '@shared/contracts/headers';
import type { MultilingualText } from '@shared/contracts/text';
import { textIn } from '@shared/domain/sessions';
import { BadRequestError, ForbiddenError } from '../lib/errors';
import { accessSignInPage, delegatedSignIn } from '../spheres';
import { findCampaign, type CampaignItem } from './repository';

/**
 * A campaign's delegation (spec 01 §7, spec 02 §3 Campaign access; decision 0029): a member the
 * sphere gave an access code enters the campaign with the code alone. The campaign must allow it and
 * still open to outsiders (its links not expired); the sphere must allow access codes.
 */
async function delegatingCampaign(campaignId: string): Promise<CampaignItem | null> {
  const campaign = await findCampaign(campaignId);
  if (!campaign || campaign.cancelled || !campaign.allowDelegation) return null;
  if (campaign.linkExpiration !== undefined && Date.parse(campaign.linkExpiration) <= Date.now()) return null;
  return campaign;
}

/** GET /v1/campaigns/{campaignId}/delegation (no token): what the access-code form shows. */
export async function campaignDelegation(
  campaignId: string,
  language: Language,
): Promise<CampaignDelegation> {
  const campaign = await delegatingCampaign(campaignId);
  if (!campaign) throw new ForbiddenError('campaign-forbidden');
  let page;
  try {
    page = await accessSignInPage(campaign.sphereId);
  } catch (error) {
    // A sphere that stopped allowing codes closes its campaigns' delegation: the same answer.
    throw new ForbiddenError('campaign-forbidden', { cause: error });
  }
  const publicName = textIn(campaign.publicName as MultilingualText, language, campaign.defaultLocale);
  return {
    campaignId,
    sphereName: page.sphereName,
    publicName: publicName || campaign.name,
    label: page.label,
  };
}

/**
 * POST /users/guests with a delegation: the code's member enters as the guest of their own, with a
 * one-time ticket in place of a secret. A campaign that does not allow it (or does not exist) is
 * `invalid-delegation`, as is a wrong code; wrong codes are counted for the campaign, per client
 * and per known device (docs/decisions/0006).
 */
export async function enterByDelegation(
  delegation: GuestDelegation,
  language: Language,
  client: string,
): Promise<GuestCredentials> {
  const campaign = await delegatingCampaign(delegation.campaignId);
  if (!campaign) throw new BadRequestError('invalid-delegation');
  const entry = await delegatedSignIn(
    campaign.sphereId,
    campaign.campaignId,
    { accessCode: delegation.accessCode, deviceKey: delegation.deviceKey, client },
    language,
  );
  return {
    userId: entry.userId,
    username: entry.username,
    secret: entry.ticket,
    oneTime: true,
    deviceKey: entry.deviceKey,
  };
}
