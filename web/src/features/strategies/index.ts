import { defineFeature } from '../../lib/feature';
import {
  LIFE_COMPASS_OVERLAY,
  STRATEGY_ASSESSMENT_OVERLAY,
  STRATEGY_TAB,
  UPDATE_STRATEGY_ASSESSMENT_OVERLAY,
} from './paths';

/**
 * Strategies (spec 01 §2, §3, §5; spec 02 §2, §3, §4, §5): the life compass a person keeps for
 * themselves, the strategy of a sphere and of its groups written in their settings and read on their
 * pages, and the assessments members give them. Everything here is an Essentials feature: others
 * see the reserved-feature prompt, and a sphere turns strategies on in its general settings.
 */
export const strategiesFeature = defineFeature({
  name: 'strategies',
  homeSections: [{ id: 'life-compass', order: 60, load: () => import('./life-compass-home') }],
  overlays: {
    // No route named: a guest who opens it sees the way to an account instead of nothing.
    [LIFE_COMPASS_OVERLAY]: {
      titleKey: 'strategies.lifeCompass.title',
      size: 'xl',
      load: () => import('./life-compass-overlay'),
    },
    [STRATEGY_ASSESSMENT_OVERLAY]: {
      titleKey: 'strategies.assessment.title',
      route: 'addSphereStrategyAssessment',
      audience: 'registered',
      size: 'lg',
      load: () => import('./strategy-assessment-overlay'),
    },
    [UPDATE_STRATEGY_ASSESSMENT_OVERLAY]: {
      titleKey: 'strategies.assessment.updateTitle',
      route: 'updateStrategyAssessment',
      audience: 'registered',
      requiredParams: ['assessmentId'],
      size: 'lg',
      load: () => import('./update-strategy-assessment-overlay'),
    },
  },
  settingsTabs: [
    {
      id: STRATEGY_TAB,
      labelKey: 'strategies.settings.tab',
      order: 10,
      places: ['sphere', 'session'],
      load: () => import('./strategy-settings-tab'),
    },
  ],
  placeSections: [
    { id: 'strategy', order: 10, places: ['sphere', 'session'], load: () => import('./strategy-card') },
  ],
});
