import { defineStore } from '../lib/db';
import { AnswerEntity } from './entities/answer';
import { CampaignEntity } from './entities/campaign';
import { CycleEntity } from './entities/cycle';
import { ParticipantEntity } from './entities/participant';

export const CAMPAIGNS_ENTITIES = {
  campaign: CampaignEntity,
  campaignCycle: CycleEntity,
  campaignParticipant: ParticipantEntity,
  campaignAnswer: AnswerEntity,
};

export const campaignsDb = defineStore(CAMPAIGNS_ENTITIES);
