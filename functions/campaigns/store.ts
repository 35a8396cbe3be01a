import { defineStore } from '../lib/db';
import { QuotaTallyEntity } from '../lib/quotas';
import { AnswerEntity } from './entities/answer';
import { CampaignEntity } from './entities/campaign';
import { CycleEntity } from './entities/cycle';
import { CycleStateEntity } from './entities/cycle-state';
import { ParticipantEntity } from './entities/participant';

export const CAMPAIGNS_ENTITIES = {
  campaign: CampaignEntity,
  campaignCycle: CycleEntity,
  campaignCycleState: CycleStateEntity,
  campaignParticipant: ParticipantEntity,
  campaignAnswer: AnswerEntity,
};

/**
 * The galaxy quota tallies (functions/lib/quotas.ts, decision 0045) join the store's Service to be
 * written in the campaigns' own transactions: a campaign, a participation created (taken) or
 * removed (given back). They are lib/quotas' items, not the domain's.
 */
export const campaignsDb = defineStore({ ...CAMPAIGNS_ENTITIES, quotaTally: QuotaTallyEntity });
