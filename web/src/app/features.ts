import { accountFeature } from '../features/account';
import { campaignsFeature } from '../features/campaigns';
import { authFeature } from '../features/auth';
import { chatFeature } from '../features/chat';
import { emailsFeature } from '../features/emails';
import { embeddingFeature } from '../features/embedding';
import { entitlementsFeature } from '../features/entitlements';
import { feelingsFeature } from '../features/feelings';
import { formsFeature } from '../features/forms';
import { formsCentreFeature } from '../features/forms-centre';
import { galaxiesFeature } from '../features/galaxies';
import { globalMembersFeature } from '../features/global-members';
import { guestsFeature } from '../features/guests';
import { homeFeature } from '../features/home';
import { legalFeature } from '../features/legal';
import { licencesFeature } from '../features/licences';
import { linksFeature } from '../features/links';
import { scanFeature } from '../features/scan';
import { participationFeature } from '../features/participation';
import { passwordFeature } from '../features/password';
import { plansReportFeature } from '../features/plans-report';
import { profileFeature } from '../features/profile';
import { promotionCodesFeature } from '../features/promotion-codes';
import { reportsFeature } from '../features/reports';
import { shellFeature } from '../features/shell';
import { spheresFeature } from '../features/spheres';
import { strategiesFeature } from '../features/strategies';
import { subscriptionFeature } from '../features/subscription';
import { terminalsFeature } from '../features/terminals';
import { thinkingFeature } from '../features/thinking';
import type { FeatureDeclaration } from '../lib/feature';
import { registerHomeSection } from '../lib/home-sections';
import { registerNavigationGroup } from '../lib/navigation-groups';
import { registerOverlay } from '../lib/overlays';
import { registerPlaceSection, registerSettingsTab } from '../lib/place-extensions';

/**
 * Every feature of the SPA, one line each: the router takes their pages and the overlay host their
 * overlays from here. A new feature is its folder (with its face, `index.ts`) plus one line below.
 */
export const FEATURES: readonly FeatureDeclaration[] = [
  authFeature,
  homeFeature,
  feelingsFeature,
  chatFeature,
  thinkingFeature,
  spheresFeature,
  galaxiesFeature,
  globalMembersFeature,
  promotionCodesFeature,
  plansReportFeature,
  strategiesFeature,
  licencesFeature,
  entitlementsFeature,
  linksFeature,
  scanFeature,
  formsCentreFeature,
  campaignsFeature,
  formsFeature,
  participationFeature,
  terminalsFeature,
  reportsFeature,
  subscriptionFeature,
  guestsFeature,
  profileFeature,
  emailsFeature,
  accountFeature,
  passwordFeature,
  legalFeature,
  shellFeature,
  embeddingFeature,
];

for (const feature of FEATURES) {
  for (const [name, overlay] of Object.entries(feature.overlays ?? {})) registerOverlay(name, overlay);
  for (const section of feature.homeSections ?? []) registerHomeSection(section);
  for (const group of feature.navigationGroups ?? []) registerNavigationGroup(group);
  for (const tab of feature.settingsTabs ?? []) registerSettingsTab(tab);
  for (const section of feature.placeSections ?? []) registerPlaceSection(section);
}

/** Every page of every feature. */
export const PAGES = FEATURES.flatMap((feature) => feature.pages ?? []);

/** The main navigation, from every feature's entries, in their order. */
export const NAVIGATION = FEATURES.flatMap((feature) => feature.navigation ?? []).sort(
  (a, b) => a.order - b.order,
);
