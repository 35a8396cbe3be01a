import { defineStore } from '../lib/db';
import { MemberEntity } from './entities/member';
import { SphereEntity } from './entities/sphere';
import { SphereNameEntity } from './entities/sphere-name';

export const SPHERES_ENTITIES = {
  sphere: SphereEntity,
  sphereName: SphereNameEntity,
  member: MemberEntity,
};

export const spheresDb = defineStore(SPHERES_ENTITIES);
