/** Overlays of the strategies feature (spec 01 §2 `show=…`). */
export const LIFE_COMPASS_OVERLAY = 'life-compass';
export const STRATEGY_ASSESSMENT_OVERLAY = 'strategyAssessment';
export const UPDATE_STRATEGY_ASSESSMENT_OVERLAY = 'updateStrategyAssessment';
/** The settings tab of a sphere's or a session's strategy (spec 01 §2 `tab=strategy`). */
export const STRATEGY_TAB = 'strategy';

/** A sphere's settings (spec 01 §2 `/apps/spheres/{sphereId}/settings`), at a tab. */
export const sphereSettingsPath = (sphereId: string, tab?: string) =>
  `/apps/spheres/${encodeURIComponent(sphereId)}/settings${tab ? `?tab=${encodeURIComponent(tab)}` : ''}`;
/** A session's settings (spec 01 §2 `/apps/sessions/{sessionId}/settings`), at a tab. */
export const sessionSettingsPath = (sessionId: string, tab?: string) =>
  `/apps/sessions/${encodeURIComponent(sessionId)}/settings${tab ? `?tab=${encodeURIComponent(tab)}` : ''}`;
