import { HOME_PATH } from '../../lib/routes';

/** Overlays and pages of the centre (spec 01 §2). */
export const ADD_FORM_OVERLAY = 'addForm';
export const NEW_ADD_FORM_OVERLAY = 'newAddForm';
export const UPDATE_FORM_OVERLAY = 'updateForm';
export const ENTITLEMENT_OVERLAY = 'addOrUpdateFormEntitlement';
/** The Forms tab of a sphere's and a session's settings (`?tab=forms`). */
export const FORMS_TAB = 'forms';
export const MY_FORMS_REPORT_PATH = '/apps/myforms-report';

/** The parameter of `addForm` that says the form was opened from a shared link (`fromDirectLink`). */
export const DIRECT_LINK_PARAM = 'direct';

/**
 * The shareable address of a form: home with the `addForm` overlay open on it, marked as a direct
 * link so the survey records `fromDirectLink` (spec 01 §3 Form survey).
 */
export function formDirectLink(formId: string, origin: string = window.location.origin): string {
  const params = new URLSearchParams({ show: ADD_FORM_OVERLAY, formId, [DIRECT_LINK_PARAM]: '1' });
  return `${origin}${HOME_PATH}?${params.toString()}`;
}
