/** The forms administration list (spec 01 §2). */
export const FORMS_ADMIN_PATH = '/apps/forms/administration';
/** The measure types answers feed (spec 02 §3 Answer `measureType`), managed with the forms. */
export const MEASURE_TYPES_PATH = '/apps/forms/measure-types';
/** The survey editor of one form (spec 01 §2 `/apps/form/{formId}/editor`). */
export const FORM_EDITOR_PATH = '/apps/form/:formId/editor';

export function formEditorPath(formId: string): string {
  return `/apps/form/${encodeURIComponent(formId)}/editor`;
}
