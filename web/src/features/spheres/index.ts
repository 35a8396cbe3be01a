import { defineFeature } from '../../lib/feature';
import { CREATE_SPHERE_PATH, SPHERES_ADMIN_PATH } from './paths';

/**
 * Spheres (spec 01 §2 sphere routes): creating one, its home and settings, the super-admins' list
 * of every sphere, and home's list of my spheres.
 */
export const spheresFeature = defineFeature({
  name: 'spheres',
  pages: [
    { path: CREATE_SPHERE_PATH, access: 'signed-in', load: () => import('./create-sphere-page') },
    { path: SPHERES_ADMIN_PATH, access: 'signed-in', load: () => import('./spheres-admin-page') },
    { path: '/apps/spheres/:sphereId', access: 'signed-in', load: () => import('./sphere-page') },
    {
      path: '/apps/spheres/:sphereId/join/:accessCode',
      access: 'signed-in',
      load: () => import('./join-sphere-page'),
    },
    {
      path: '/apps/spheres/:sphereId/settings',
      access: 'signed-in',
      load: () => import('./sphere-settings-page'),
    },
  ],
  navigation: [
    // The admin entry needs `manage` on spheres (spec 01 §6 menu rules): super-admins in the mode.
    {
      path: SPHERES_ADMIN_PATH,
      labelKey: 'nav.spheres',
      order: 80,
      ability: { action: 'manage', subject: 'sphere' },
    },
  ],
  homeSections: [{ id: 'spheres', order: 40, load: () => import('./spheres-home') }],
});
