import { defineStore } from '../lib/db';
import { MemberEntity } from './entities/member';
import { SphereEntity } from './entities/sphere';
import { SphereNameEntity } from './entities/sphere-name';
import { TagEntity } from './entities/tag';
import { TagSelectionEntity } from './entities/tag-selection';

export const SPHERES_ENTITIES = {
  sphere: SphereEntity,
  sphereName: SphereNameEntity,
  member: MemberEntity,
  tag: TagEntity,
  tagSelection: TagSelectionEntity,
};

export const spheresDb = defineStore(SPHERES_ENTITIES);
