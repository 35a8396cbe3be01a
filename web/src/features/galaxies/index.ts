import { defineFeature } from '../../lib/feature';
import {
  ADD_GALAXY_MEMBER_OVERLAY,
  ADD_GALAXY_OVERLAY,
  GALAXIES_ADMIN_PATH,
  GALAXIES_PAGE_PATH,
  GALAXY_PAGE_PATH,
} from './paths';

/**
 * Galaxies (spec 02 §2, §3, §4, §8; decision 0045): the member's galaxies, the super-admins'
 * list and pending change requests, and each galaxy's signage, quotas, members, spheres, report
 * and context, with the overlays that add a galaxy and a galaxy member.
 */
export const galaxiesFeature = defineFeature({
  name: 'galaxies',
  pages: [
    { path: GALAXIES_PAGE_PATH, access: 'signed-in', load: () => import('./galaxies-page') },
    { path: GALAXIES_ADMIN_PATH, access: 'signed-in', load: () => import('./galaxies-admin-page') },
    { path: GALAXY_PAGE_PATH, access: 'signed-in', load: () => import('./galaxy-page') },
    { path: '/apps/galaxy/:galaxyId', access: 'signed-in', load: () => import('./galaxy-page') },
  ],
  overlays: {
    [ADD_GALAXY_OVERLAY]: {
      titleKey: 'galaxies.overlay.addGalaxy',
      route: 'createGalaxy',
      audience: 'registered',
      size: 'md',
      load: () => import('./add-galaxy-overlay'),
    },
    [ADD_GALAXY_MEMBER_OVERLAY]: {
      titleKey: 'galaxies.overlay.addMember',
      route: 'addGalaxyMember',
      audience: 'registered',
      size: 'md',
      load: () => import('./add-galaxy-member-overlay'),
    },
  },
});
