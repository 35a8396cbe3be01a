import { defineFeature } from '../../lib/feature';
import {
  ADD_FORM_OVERLAY,
  ENTITLEMENT_OVERLAY,
  FORMS_TAB,
  MY_FORMS_REPORT_PATH,
  NEW_ADD_FORM_OVERLAY,
  UPDATE_FORM_OVERLAY,
} from './paths';

/**
 * My centre and form entitlements (spec 01 §1, §2, §5, §6; spec 02 §4): the forms available to me,
 * answered with the runner (chosen in `newAddForm`, or opened from a shared link) and changed within
 * 24 hours, the "myself forms" group of the navigation, my forms report, and the forms a sphere's
 * admins entitle to their sphere and see reaching each session, in their settings.
 */
export const formsCentreFeature = defineFeature({
  name: 'forms-centre',
  pages: [{ path: MY_FORMS_REPORT_PATH, access: 'signed-in', load: () => import('./myforms-report-page') }],
  homeSections: [{ id: 'forms-centre', order: 50, load: () => import('./centre-home') }],
  navigationGroups: [{ id: 'myself-forms', order: 10, load: () => import('./myself-forms-menu') }],
  overlays: {
    [NEW_ADD_FORM_OVERLAY]: {
      titleKey: 'formsCentre.choose.title',
      route: 'listAvailableForms',
      size: 'md',
      load: () => import('./new-add-form-overlay'),
    },
    [ADD_FORM_OVERLAY]: {
      titleKey: 'formsCentre.answer.title',
      route: 'createSurvey',
      requiredParams: ['formId'],
      size: 'lg',
      load: () => import('./add-form-overlay'),
    },
    [UPDATE_FORM_OVERLAY]: {
      titleKey: 'formsCentre.answer.updateTitle',
      route: 'updateSurvey',
      requiredParams: ['surveyId'],
      size: 'lg',
      load: () => import('./update-form-overlay'),
    },
    [ENTITLEMENT_OVERLAY]: {
      titleKey: 'formsCentre.entitlements.overlayTitle',
      route: 'addSphereFormEntitlement',
      audience: 'registered',
      requiredParams: ['sphereId'],
      size: 'md',
      load: () => import('./entitlement-overlay'),
    },
  },
  settingsTabs: [
    {
      id: FORMS_TAB,
      labelKey: 'formsCentre.entitlements.tab',
      order: 20,
      places: ['sphere', 'session'],
      load: () => import('./forms-tab'),
    },
  ],
});
