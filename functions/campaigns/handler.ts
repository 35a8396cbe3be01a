import {
  actOnParticipation,
  commandCampaign,
  commandCycle,
  createCampaign,
  createCycle,
  deleteCampaign,
  deleteCycle,
  getCampaign,
  getCampaignAccess,
  getCampaignDelegation,
  getParticipation,
  getParticipationStep,
  listCycleParticipants,
  listCycles,
  listSphereCampaigns,
  saveParticipationStep,
  updateCampaign,
  updateCampaignMeasures,
  updateCycle,
  CAMPAIGNS_PAGE_MAX,
  deleteCampaignLogo,
  requestCampaignLogoUpload,
  setCampaignLogo,
} from '@shared/contracts/campaigns';
import { campaignDelegation } from './delegation';
import { callerAccounts } from '../access';
import { createHttpHandler, route } from '../lib/http';
import * as definitions from './definitions';
import * as logo from './logo';
import * as participation from './participation';
import { cycleParticipants } from './participants';
import { campaignCustomReports, campaignReport, createCampaignCustomReport as createCustom } from './reports';
import {
  createCampaignCustomReport,
  createCampaignReport,
  listCampaignCustomReports,
} from '@shared/contracts/campaign-reports';

/** A campaign named by a path is checked on its sphere: the admins' rights are held there. */
const accounts = {
  ...callerAccounts,
  place: async (resource: Record<string, unknown>) =>
    callerAccounts.place
      ? callerAccounts.place(await definitions.campaignPlace(resource))
      : definitions.campaignPlace(resource),
};

const participant = (
  caller: { userId: string },
  headers: { language: participation.Participant['language'] },
) => ({
  userId: caller.userId,
  language: headers.language,
});

export const handler = createHttpHandler(
  [
    route(listSphereCampaigns, ({ params }) =>
      definitions.listCampaigns(params.sphereId, CAMPAIGNS_PAGE_MAX),
    ),
    route(createCampaign, ({ params, body }) => definitions.createCampaign(params.sphereId, body)),
    route(getCampaign, ({ params }) => definitions.getCampaign(params.campaignId)),
    route(updateCampaign, ({ params, body }) => definitions.updateCampaign(params.campaignId, body)),
    route(deleteCampaign, ({ params }) => definitions.deleteCampaign(params.campaignId)),
    route(updateCampaignMeasures, ({ params, body }) => definitions.updateMeasures(params.campaignId, body)),
    route(commandCampaign, ({ params, body }) => definitions.commandCampaign(params.campaignId, body.action)),
    route(requestCampaignLogoUpload, ({ params, body }) => logo.requestLogoUpload(params.campaignId, body)),
    route(setCampaignLogo, ({ params, body }) => logo.confirmLogo(params.campaignId, body.key)),
    route(deleteCampaignLogo, ({ params }) => logo.removeLogo(params.campaignId)),
    route(listCycles, ({ params }) => definitions.listCycles(params.campaignId)),
    route(createCycle, ({ params, body }) => definitions.createCycle(params.campaignId, body)),
    route(updateCycle, ({ params, body }) =>
      definitions.updateCycle(params.campaignId, params.cycleId, body),
    ),
    route(deleteCycle, ({ params }) => definitions.deleteCycle(params.campaignId, params.cycleId)),
    route(commandCycle, ({ params, body }) =>
      definitions.commandCycle(params.campaignId, params.cycleId, body),
    ),
    route(listCycleParticipants, ({ params }) => cycleParticipants(params.campaignId, params.cycleId)),
    route(createCampaignReport, ({ params, body }) => campaignReport(params.campaignId, body)),
    route(listCampaignCustomReports, ({ params }) => campaignCustomReports(params.campaignId)),
    route(createCampaignCustomReport, ({ params, body }) => createCustom(params.campaignId, body)),
    route(getCampaignAccess, ({ caller, headers, params, query }) =>
      participation.campaignAccess(participant(caller, headers), params.campaignId, query.code),
    ),
    route(getCampaignDelegation, ({ headers, params }) =>
      campaignDelegation(params.campaignId, headers.language),
    ),
    route(getParticipation, ({ caller, headers, params, query }) =>
      participation.getParticipation(participant(caller, headers), params.campaignId, query.code),
    ),
    route(actOnParticipation, ({ caller, headers, params, query, body }) =>
      participation.actOnParticipation(participant(caller, headers), params.campaignId, query.code, body),
    ),
    route(getParticipationStep, ({ caller, headers, params, query }) =>
      participation.getStep(participant(caller, headers), params.campaignId, query.code, params.stepId),
    ),
    route(saveParticipationStep, ({ caller, headers, params, query, body }) =>
      participation.saveStep(
        participant(caller, headers),
        params.campaignId,
        query.code,
        params.stepId,
        body,
      ),
    ),
  ],
  accounts,
);
