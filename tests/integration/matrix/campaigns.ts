import type { Example } from './example';

const campaign = { name: 'Matrix campaign' };
const updateDate = '2026-01-01T00:00:00.000Z';
const ids = (owner: { campaignId?: string; cycleId?: string }) => ({
  campaignId: owner.campaignId ?? 'none',
  cycleId: owner.cycleId ?? 'none',
});

/**
 * Campaigns are their sphere's admins' to define and run; the participant routes answer the
 * sphere's contributors (and guests with the campaign's code when it allows them), never an answer
 * of anyone else (decision 0025).
 */
export const examples: Record<string, Example> = {
  listSphereCampaigns: (owner) => ({ params: { sphereId: owner.sphereId ?? 'none' } }),
  createCampaign: (owner) => ({ params: { sphereId: owner.sphereId ?? 'none' }, body: campaign }),
  getCampaign: (owner) => ({ params: { campaignId: ids(owner).campaignId } }),
  updateCampaign: (owner) => ({
    params: { campaignId: ids(owner).campaignId },
    body: { ...campaign, updateDate },
  }),
  deleteCampaign: (owner) => ({ params: { campaignId: ids(owner).campaignId } }),
  updateCampaignMeasures: (owner) => ({
    params: { campaignId: ids(owner).campaignId },
    body: { measures: [{ id: 'mood', type: 'feeling' }], updateDate },
  }),
  commandCampaign: (owner) => ({ params: { campaignId: ids(owner).campaignId }, body: { action: 'close' } }),
  listCycles: (owner) => ({ params: { campaignId: ids(owner).campaignId } }),
  createCycle: (owner) => ({
    params: { campaignId: ids(owner).campaignId },
    body: { internalLabel: 'Another' },
  }),
  updateCycle: (owner) => ({ params: ids(owner), body: { internalLabel: 'Renamed', updateDate } }),
  deleteCycle: (owner) => ({ params: ids(owner) }),
  commandCycle: (owner) => ({ params: ids(owner), body: { action: 'enableTestMode' } }),
  listCycleParticipants: (owner) => ({ params: ids(owner) }),
  // A campaign's results are its sphere's admins' alone (smartReport).
  createCampaignReport: (owner) => ({ params: { campaignId: ids(owner).campaignId }, body: {} }),
  // So are its custom reports (decision 0036), made and listed through the campaign.
  listCampaignCustomReports: (owner) => ({ params: { campaignId: ids(owner).campaignId } }),
  createCampaignCustomReport: (owner) => ({
    params: { campaignId: ids(owner).campaignId },
    body: { name: 'Matrix campaign report', start: '2026-01-01', end: '2026-01-31' },
  }),
  getCampaignAccess: (owner) => ({ params: { campaignId: ids(owner).campaignId } }),
  getCampaignDelegation: (owner) => ({ params: { campaignId: ids(owner).campaignId } }),
  getParticipation: (owner) => ({ params: { campaignId: ids(owner).campaignId } }),
  actOnParticipation: (owner) => ({
    params: { campaignId: ids(owner).campaignId },
    body: { action: 'accept' },
  }),
  getParticipationStep: (owner) => ({ params: { campaignId: ids(owner).campaignId, stepId: 'mood' } }),
  saveParticipationStep: (owner) => ({
    params: { campaignId: ids(owner).campaignId, stepId: 'mood' },
    body: { type: 'feeling', mood: 'good', intensityStep: 5, energyStep: 5 },
  }),
  // A campaign's own logo is its admins' (`put` on campaign). The upload named here was never sent:
  // even the owner would get 400, not 500.
  requestCampaignLogoUpload: (owner) => ({
    params: { campaignId: ids(owner).campaignId },
    body: { contentType: 'image/png', size: 2_048 },
  }),
  setCampaignLogo: (owner) => ({
    params: { campaignId: ids(owner).campaignId },
    body: { key: `uploads/campaigns/${ids(owner).campaignId}/00000000-0000-4000-8000-000000000000.png` },
  }),
  deleteCampaignLogo: (owner) => ({ params: { campaignId: ids(owner).campaignId } }),
};
