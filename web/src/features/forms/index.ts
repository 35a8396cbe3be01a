import { defineFeature } from '../../lib/feature';
import { FORM_EDITOR_PATH, FORMS_ADMIN_PATH, MEASURE_TYPES_PATH } from './paths';

/**
 * Forms administration, the survey editor and the measure types (spec 01 §2
 * `/apps/forms/administration`, `/apps/form/{formId}/editor`; spec 02 §2, §3, §5), for those who
 * manage form definitions.
 */
export const formsFeature = defineFeature({
  name: 'forms',
  pages: [
    { path: FORMS_ADMIN_PATH, access: 'signed-in', load: () => import('./forms-admin-page') },
    { path: FORM_EDITOR_PATH, access: 'signed-in', load: () => import('./form-editor-page') },
    { path: MEASURE_TYPES_PATH, access: 'signed-in', load: () => import('./measure-types-page') },
  ],
  navigation: [
    // Admin entries need `manage` (spec 02 §6 menu rules): the server's rule on form-definition.
    {
      path: FORMS_ADMIN_PATH,
      labelKey: 'forms.nav',
      order: 85,
      ability: { action: 'manage', subject: 'form-definition' },
    },
  ],
});
