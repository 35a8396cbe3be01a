import {
  addSphereFormEntitlement,
  archiveFormDefinition,
  createFormDefinition,
  createFormMyselfReport,
  createMeasureType,
  createSurvey,
  deleteFormLogo,
  deleteMeasureType,
  deleteSphereFormEntitlement,
  duplicateFormDefinition,
  getFormDefinition,
  getGoalRankings,
  getSurvey,
  listAvailableForms,
  listFormDefinitions,
  listMeasureTypes,
  listSessionFormEntitlements,
  listSphereFormEntitlements,
  listSurveys,
  requestFormLogoUpload,
  restoreFormDefinition,
  setFormLogo,
  updateFormDefinition,
  updateMeasureType,
  updateSphereFormEntitlement,
  updateSurvey,
} from '@shared/contracts/forms';
import {
  createSessionFormReport,
  createSphereFormReport,
  getFormReportDefinition,
  listSessionFormReports,
  listSphereFormReports,
} from '@shared/contracts/form-reports';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import * as logo from './logo';
import * as reports from './reports';
import * as service from './service';
import * as surveys from './surveys';

export const handler = createHttpHandler(
  [
    route(listFormDefinitions, ({ ability, query, headers }) =>
      service.listDefinitions(
        ability,
        { filters: query._filters, q: query.q, max: query._max, offset: query._offset },
        headers.language,
      ),
    ),
    route(getFormDefinition, ({ caller, params, headers }) =>
      service.getDefinition(caller.userId, params.formId, headers.superAdmin, caller.account),
    ),
    route(createFormDefinition, ({ body }) => service.createDefinition(body)),
    route(updateFormDefinition, ({ params, body }) => service.updateDefinition(params.formId, body)),
    route(duplicateFormDefinition, ({ params }) => service.duplicateDefinition(params.formId)),
    route(archiveFormDefinition, ({ params }) => service.archiveDefinition(params.formId, true)),
    route(restoreFormDefinition, ({ params }) => service.archiveDefinition(params.formId, false)),
    route(requestFormLogoUpload, ({ params, body }) => logo.requestLogoUpload(params.formId, body)),
    route(setFormLogo, ({ params, body }) => logo.confirmLogo(params.formId, body.key)),
    route(deleteFormLogo, ({ params }) => logo.removeLogo(params.formId)),
    route(listMeasureTypes, ({ query }) =>
      service.listMeasureTypes({ max: query._max, offset: query._offset }),
    ),
    route(createMeasureType, ({ body }) => service.createMeasureType(body)),
    route(updateMeasureType, ({ params, body }) => service.updateMeasureType(params.measureTypeId, body)),
    route(deleteMeasureType, ({ params }) => service.deleteMeasureType(params.measureTypeId)),
    route(listSphereFormEntitlements, ({ params, headers }) =>
      service.listSphereEntitlements(params.sphereId, headers.language),
    ),
    route(addSphereFormEntitlement, ({ params, body }) =>
      service.addSphereEntitlement(params.sphereId, body),
    ),
    route(updateSphereFormEntitlement, ({ params, body }) =>
      service.updateSphereEntitlement(params.sphereId, params.formId, body),
    ),
    route(deleteSphereFormEntitlement, ({ params }) =>
      service.deleteSphereEntitlement(params.sphereId, params.formId),
    ),
    route(listSessionFormEntitlements, ({ params, headers }) =>
      service.listSessionEntitlements(params.sessionId, headers.language),
    ),
    route(listAvailableForms, ({ caller, headers }) =>
      surveys.listAvailable(caller.userId, headers.language, caller.account),
    ),
    route(createSurvey, ({ caller, body }) => surveys.createSurvey(caller.userId, body, caller.account)),
    route(listSurveys, ({ caller, query }) =>
      surveys.listSurveys(caller.userId, {
        formId: query.formId,
        start: query.start,
        end: query.end,
        max: query._max,
        offset: query._offset,
      }),
    ),
    route(getSurvey, ({ caller, params }) => surveys.getSurvey(caller.userId, params.surveyId)),
    route(updateSurvey, ({ caller, params, body }) =>
      surveys.updateSurvey(caller.userId, params.surveyId, body),
    ),
    route(createFormMyselfReport, ({ caller, body }) => surveys.myselfReport(caller.userId, body)),
    route(getGoalRankings, ({ caller }) => surveys.goalRankings(caller.userId)),
    route(createSphereFormReport, ({ body }) => reports.sphereFormReport(body)),
    route(createSessionFormReport, ({ body }) => reports.sessionFormReport(body)),
    route(getFormReportDefinition, ({ caller, params, headers }) =>
      service.getReportDefinition(caller.userId, params.formId, headers.superAdmin),
    ),
    route(listSphereFormReports, ({ params, headers }) =>
      service.listSphereFormReports(params.sphereId, headers.language),
    ),
    route(listSessionFormReports, ({ params, headers }) =>
      service.listSessionFormReports(params.sessionId, headers.language),
    ),
  ],
  callerAccounts,
);
