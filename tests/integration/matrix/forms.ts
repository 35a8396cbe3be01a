import type { Example } from './example';

const form = { title: { en: 'Matrix form' }, languages: ['en'] };
const survey = '20260101T000000000Z-00000000';

/**
 * The catalogue is the super-admins' (a sphere's admins read its forms that are not private); a
 * sphere's entitlements are its admins'; surveys are their person's, answered only where a form is
 * entitled to them. The matrix's people are starter users and no form is entitled to them.
 */
export const examples: Record<string, Example> = {
  listFormDefinitions: () => ({ query: { _filters: 'private=false' } }),
  getFormDefinition: () => ({ params: { formId: 'matrix-form' } }),
  createFormDefinition: () => ({ body: form }),
  updateFormDefinition: () => ({
    params: { formId: 'matrix-form' },
    body: { ...form, updateDate: '2026-01-01T00:00:00.000Z' },
  }),
  duplicateFormDefinition: () => ({ params: { formId: 'matrix-form' } }),
  archiveFormDefinition: () => ({ params: { formId: 'matrix-form' } }),
  restoreFormDefinition: () => ({ params: { formId: 'matrix-form' } }),
  // The upload named here was never sent: even a super-admin would get 400, not 500.
  requestFormLogoUpload: () => ({
    params: { formId: 'matrix-form' },
    body: { contentType: 'image/png', size: 2_048 },
  }),
  setFormLogo: () => ({
    params: { formId: 'matrix-form' },
    body: { key: 'uploads/forms/matrix-form/00000000-0000-4000-8000-000000000000.png' },
  }),
  deleteFormLogo: () => ({ params: { formId: 'matrix-form' } }),
  listMeasureTypes: () => ({}),
  createMeasureType: () => ({ body: { id: 'matrix-type', title: { en: 'Matrix' } } }),
  updateMeasureType: () => ({ params: { measureTypeId: 'matrix-type' }, body: { title: { en: 'Matrix' } } }),
  deleteMeasureType: () => ({ params: { measureTypeId: 'matrix-type' } }),
  listSphereFormEntitlements: (owner) => ({ params: { sphereId: owner.sphereId ?? 'none' } }),
  addSphereFormEntitlement: (owner) => ({
    params: { sphereId: owner.sphereId ?? 'none' },
    body: { formId: 'matrix-form', availabilitiesThrough: 'sphereMember' },
  }),
  updateSphereFormEntitlement: (owner) => ({
    params: { sphereId: owner.sphereId ?? 'none', formId: 'matrix-form' },
    body: {
      sphereId: owner.sphereId ?? 'none',
      formId: 'matrix-form',
      availabilitiesThrough: 'sessionMember',
      sessionIds: [owner.sessionId ?? 'none'],
    },
  }),
  deleteSphereFormEntitlement: (owner) => ({
    params: { sphereId: owner.sphereId ?? 'none', formId: 'matrix-form' },
  }),
  listSessionFormEntitlements: (owner) => ({ params: { sessionId: owner.sessionId ?? 'none' } }),
  listAvailableForms: () => ({}),
  createSurvey: (owner) => ({
    body: { formId: 'matrix-form', values: { q1: 3 }, sphereId: owner.sphereId ?? 'none' },
  }),
  listSurveys: () => ({ query: { formId: 'matrix-form' } }),
  getSurvey: () => ({ params: { surveyId: survey } }),
  updateSurvey: () => ({ params: { surveyId: survey }, body: { values: { q1: 4 } } }),
  createFormMyselfReport: () => ({ body: { formId: 'matrix-form' } }),
  // A sphere's questionnaire report is its admins' (smartReport on the sphere in the body); a
  // group's is its members' alone, not its sphere's admins' nor its referents'.
  createSphereFormReport: (owner) => ({
    body: {
      sphereId: owner.sphereId ?? 'none',
      formId: 'matrix-form',
      start: '2026-01-01',
      end: '2026-03-31',
    },
  }),
  createSessionFormReport: (owner) => ({
    body: {
      sessionId: owner.sessionId ?? 'none',
      formId: 'matrix-form',
      start: '2026-01-01',
      end: '2026-03-31',
    },
  }),
  getGoalRankings: () => ({}),
  // A form's report definition is read as the form itself is: 404 for whoever may not read it.
  getFormReportDefinition: () => ({ params: { formId: 'matrix-form' } }),
  listSphereFormReports: (owner) => ({ params: { sphereId: owner.sphereId ?? 'none' } }),
  listSessionFormReports: (owner) => ({ params: { sessionId: owner.sessionId ?? 'none' } }),
};
