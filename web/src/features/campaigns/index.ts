import { defineFeature } from '../../lib/feature';
import {
  CAMPAIGN_END_OVERLAY,
  CAMPAIGN_OVERLAY,
  CAMPAIGN_PAGE_PATH,
  CAMPAIGN_SETTINGS_PATH,
  CAMPAIGNS_TAB,
} from './paths';

/**
 * Campaign administration (spec 02 §2, §3, §4, §5): a sphere's campaigns in its settings, the
 * creation overlay, a campaign's page with its join link and QR code, and its settings — fields,
 * measures, cycles with their notifications, the scheduler's commands, targets, participation
 * (statuses, never answers) and context — with the campaign-level close, cancel and reopen.
 */
export const campaignsFeature = defineFeature({
  name: 'campaigns',
  pages: [
    { path: CAMPAIGN_PAGE_PATH, access: 'signed-in', load: () => import('./campaign-page') },
    { path: CAMPAIGN_SETTINGS_PATH, access: 'signed-in', load: () => import('./campaign-settings-page') },
  ],
  overlays: {
    [CAMPAIGN_OVERLAY]: {
      titleKey: 'campaigns.create.title',
      route: 'createCampaign',
      audience: 'registered',
      requiredParams: ['sphereId'],
      size: 'lg',
      load: () => import('./campaign-overlay'),
    },
    [CAMPAIGN_END_OVERLAY]: {
      titleKey: 'campaigns.end.title',
      route: 'commandCampaign',
      audience: 'registered',
      requiredParams: ['campaignId'],
      size: 'md',
      load: () => import('./campaign-end-overlay'),
    },
  },
  settingsTabs: [
    {
      id: CAMPAIGNS_TAB,
      labelKey: 'campaigns.list.tab',
      order: 25,
      places: ['sphere'],
      load: () => import('./campaigns-tab'),
    },
  ],
});
