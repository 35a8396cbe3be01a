import { defineStore } from '../lib/db';
import { QuotaTallyEntity } from '../lib/quotas';
import { GalaxyEntity } from './entities/galaxy';
import { GalaxyMemberEntity } from './entities/galaxy-member';
import { GalaxySphereEntity } from './entities/galaxy-sphere';
import { QuotaRequestEntity } from './entities/quota-request';

/** The galaxies' Service; it holds the quota tallies so its transactions can write them. */
export const GALAXIES_ENTITIES = {
  galaxy: GalaxyEntity,
  galaxyMember: GalaxyMemberEntity,
  galaxySphere: GalaxySphereEntity,
  quotaRequest: QuotaRequestEntity,
  quotaTally: QuotaTallyEntity,
};

export const galaxiesDb = defineStore(GALAXIES_ENTITIES);
