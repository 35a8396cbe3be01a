import {
  CAMPAIGN_LOGO_MAX_BYTES,
  CAMPAIGN_LOGO_UPLOAD_SECONDS,
  type Campaign,
  type CampaignLogoUpload,
  type CampaignLogoUploadRequest,
} from '@shared/contracts/campaigns';
import { SERVED_ASSETS_PREFIX, UPLOADS_PREFIX } from '../lib/assets';
import { ConflictError, NotFoundError } from '../lib/errors';
import { acceptUploadedLogo, grantLogoUpload, removeAssets, uploadedLogoName } from '../lib/logos';
import { getCampaign } from './definitions';
import { findCampaign, writeCampaignLogo } from './repository';

/**
 * A campaign's own logo (spec 02 §3 Campaign `logo`), as forms' (decision 0023) and spheres'
 * (decision 0016): the admin's browser sends the file straight to the assets bucket, under
 * `uploads/campaigns/<campaignId>/`; confirming checks it again and copies it to
 * `logos/campaigns/<campaignId>/`, which browsers load. What is never confirmed expires with the
 * uploads. Those who may change the campaign's settings do this; its `updateDate` does not move.
 */

/** The parts of the assets bucket this domain writes (its grants). */
export const CAMPAIGN_ASSET_PREFIXES = [`${SERVED_ASSETS_PREFIX}campaigns/`, `${UPLOADS_PREFIX}campaigns/`];

const uploadPrefix = (campaignId: string) => `${UPLOADS_PREFIX}campaigns/${campaignId}/`;
const logoPrefix = (campaignId: string) => `${SERVED_ASSETS_PREFIX}campaigns/${campaignId}/`;

async function storedLogo(campaignId: string): Promise<{ logo: string | undefined }> {
  const campaign = await findCampaign(campaignId);
  if (!campaign) throw new NotFoundError();
  return { logo: campaign.logo };
}

/**
 * POST /v1/campaigns/{campaignId}/logo: a form upload of one file of the given type, at most the
 * given size (the contract allows 1 MiB), to a new key of the campaign's, for the next 5 minutes.
 */
export async function requestLogoUpload(
  campaignId: string,
  body: CampaignLogoUploadRequest,
): Promise<CampaignLogoUpload> {
  await storedLogo(campaignId);
  return grantLogoUpload({
    uploadPrefix: uploadPrefix(campaignId),
    contentType: body.contentType,
    size: body.size,
    expiresSeconds: CAMPAIGN_LOGO_UPLOAD_SECONDS,
  });
}

/**
 * PUT /v1/campaigns/{campaignId}/logo: the upload `key` of this campaign becomes its own logo if it
 * is there, of an accepted type and not larger than 1 MiB; otherwise 400 on `body.key`. The
 * previous logo and the upload are deleted; two admins confirming at once: one wins, the other gets
 * `conflict`.
 */
export async function confirmLogo(campaignId: string, key: string): Promise<Campaign> {
  // The key's shape is checked before the campaign is read: a wrong key is a 400 whatever the campaign.
  uploadedLogoName(key, uploadPrefix(campaignId));
  const before = await storedLogo(campaignId);
  const logo = await acceptUploadedLogo({
    key,
    uploadPrefix: uploadPrefix(campaignId),
    logoPrefix: logoPrefix(campaignId),
    maxBytes: CAMPAIGN_LOGO_MAX_BYTES,
  });
  if (!(await writeCampaignLogo(campaignId, logo, before.logo))) {
    await removeAssets([logo]);
    throw new ConflictError('conflict');
  }
  await removeAssets([key, before.logo]);
  return getCampaign(campaignId);
}

/** DELETE /v1/campaigns/{campaignId}/logo: no logo of its own; a campaign without one answers as it is. */
export async function removeLogo(campaignId: string): Promise<Campaign> {
  const before = await storedLogo(campaignId);
  if (before.logo !== undefined) {
    if (!(await writeCampaignLogo(campaignId, undefined, before.logo))) throw new ConflictError('conflict');
    await removeAssets([before.logo]);
  }
  return getCampaign(campaignId);
}
