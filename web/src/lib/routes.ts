/** Paths and flags shared by the router and the pages. */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
/** Query flag the home page reads to say that the asked page does not exist (spec 01 §2). */
export const NO_MATCH_PARAMETER = 'noMatch';
/** The guest connection page (spec 01 §2), public like the sign-in page. */
export const GUEST_PATH = '/guest';

/** The good/bad quick-answer page (spec 01 §2), reached with a sphere or session and its code. */
export const QUICK_ANSWER_PATH = '/apps/quick-answer';

export function quickAnswerPath(
  place: { sphereId: string } | { sessionId: string },
  validationCode: string,
): string {
  const params = new URLSearchParams(
    'sessionId' in place ? { sessionId: place.sessionId } : { sphereId: place.sphereId },
  );
  params.set('validationCode', validationCode);
  return `${QUICK_ANSWER_PATH}?${params.toString()}`;
}

/** The page a shared link opens (`/l/{linkId}`): its steps, then its end (decision 0027). */
export const LINK_PAGE_PATH = '/l/:linkId';
export const linkPath = (linkId: string) => `/l/${encodeURIComponent(linkId)}`;

/** The scan page (spec 01 §2): a camera QR scanner and an enter-code form. */
export const SCAN_PATH = '/apps/scan';

/** A campaign's page and its settings (spec 02 §2 `/apps/campaigns/{campaignId}[/settings]`). */
export const CAMPAIGN_PAGE_PATH = '/apps/campaigns/:campaignId';
export const CAMPAIGN_SETTINGS_PATH = '/apps/campaigns/:campaignId/settings';
export const campaignPath = (campaignId: string) => `/apps/campaigns/${encodeURIComponent(campaignId)}`;
export const campaignSettingsPath = (campaignId: string) => `${campaignPath(campaignId)}/settings`;

/** A campaign's results, cycle by cycle and step by step (spec 02 §2 campaign admin reports). */
export const CAMPAIGN_REPORT_PATH = '/apps/campaigns/:campaignId/reports';
export const campaignReportPath = (campaignId: string) => `${campaignPath(campaignId)}/reports`;

/** A campaign's custom reports (spec 02 §2 `/apps/campaigns/{campaignId}/custom-reports`; decision 0036). */
export const CAMPAIGN_CUSTOM_REPORTS_PATH = '/apps/campaigns/:campaignId/custom-reports';
export const campaignCustomReportsPath = (campaignId: string) => `${campaignPath(campaignId)}/custom-reports`;

/** A campaign's participant page (spec 02 §2), opened from its invitation link with `?code=`. */
export const PARTICIPATION_PATH = '/apps/participation/:campaignId';
export function participationPath(campaignId: string, code?: string | null): string {
  const path = `/apps/participation/${encodeURIComponent(campaignId)}`;
  return code ? `${path}?${new URLSearchParams({ code }).toString()}` : path;
}
