import { defineStore } from '../lib/db';
import { QuotaTallyEntity } from '../lib/quotas';
import { LicenceDayEntity } from '../lib/licence-days';
import { MemberEntity } from './entities/member';
import { SphereEntity } from './entities/sphere';
import { SphereNameEntity } from './entities/sphere-name';
import { TagEntity } from './entities/tag';
import { SphereTallyEntity } from './entities/sphere-tally';
import { AccessCodeEntity } from './entities/access-code';
import { AccessCodeAttemptsEntity } from './entities/access-code-attempts';
import { TagSelectionEntity } from './entities/tag-selection';
import { SphereContextEntity } from './entities/sphere-context';

export const SPHERES_ENTITIES = {
  sphere: SphereEntity,
  sphereName: SphereNameEntity,
  member: MemberEntity,
  sphereTally: SphereTallyEntity,
  tag: TagEntity,
  tagSelection: TagSelectionEntity,
  accessCode: AccessCodeEntity,
  accessCodeAttempts: AccessCodeAttemptsEntity,
  sphereContext: SphereContextEntity,
  /** The quota tallies of sphere scopes (functions/lib/quotas.ts): groups and tags. */
  quotaTally: QuotaTallyEntity,
  /** What each day changed of the sphere's licences (functions/lib/licence-days.ts). */
  licenceDay: LicenceDayEntity,
};

export const spheresDb = defineStore(SPHERES_ENTITIES);
