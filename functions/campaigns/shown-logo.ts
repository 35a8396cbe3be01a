import { assetUrl } from '../lib/assets';
import type { SphereItem } from '../spheres';
import type { CampaignItem } from './repository';

/**
 * The logo participants see: the campaign's own (./logo.ts), else its sphere's when the campaign
 * uses it, else none.
 */
export function shownLogoUrl(
  campaign: Pick<CampaignItem, 'logo' | 'useSphereLogo'>,
  sphere: Pick<SphereItem, 'logo'> | null,
): string | undefined {
  if (campaign.logo !== undefined) return assetUrl(campaign.logo);
  return campaign.useSphereLogo ? assetUrl(sphere?.logo) : undefined;
}
