/** Overlays and pages of the centre (spec 01 §2). */
export const ADD_FORM_OVERLAY = 'addForm';
export const UPDATE_FORM_OVERLAY = 'updateForm';
export const ENTITLEMENT_OVERLAY = 'addOrUpdateFormEntitlement';
/** The sphere settings' tab of form entitlements (`?tab=forms`). */
export const FORMS_TAB = 'forms';
export const MY_FORMS_REPORT_PATH = '/apps/myforms-report';
