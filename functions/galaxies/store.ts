import { defineStore } from '../lib/db';
import { QuotaTallyEntity } from '../lib/quotas';
import { GalaxyEntity } from './entities/galaxy';
import { GalaxyContextEntity } from './entities/galaxy-context';
import { GalaxyMemberEntity } from './entities/galaxy-member';
import { GalaxySphereEntity } from './entities/galaxy-sphere';
import { QuotaRequestEntity } from './entities/quota-request';

/** The galaxies' entities, as the registry reads them. */
export const GALAXIES_ENTITIES = {
  galaxy: GalaxyEntity,
  galaxyContext: GalaxyContextEntity,
  galaxyMember: GalaxyMemberEntity,
  galaxySphere: GalaxySphereEntity,
  quotaRequest: QuotaRequestEntity,
};

/** The tallies are the quota primitive's (lib/quotas.ts): held here so transactions can write them. */
export const galaxiesDb = defineStore({ ...GALAXIES_ENTITIES, quotaTally: QuotaTallyEntity });
