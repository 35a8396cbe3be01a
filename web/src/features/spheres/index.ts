import { defineFeature } from '../../lib/feature';
import { CREATE_SPHERE_PATH, SPHERES_ADMIN_PATH } from './paths';

/**
 * Spheres and their sessions (spec 01 §2 sphere and session routes): creating a sphere, its home
 * and settings, the super-admins' list of every sphere, home's lists of my spheres and my groups;
 * a sphere's groups and consumer sessions, each session's page, settings and join page.
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
    { path: '/apps/sessions/:sessionId', access: 'signed-in', load: () => import('./session-page') },
    {
      path: '/apps/sessions/:sessionId/settings',
      access: 'signed-in',
      load: () => import('./session-settings-page'),
    },
    {
      path: '/apps/sessions/:sessionId/join/:accessCode',
      access: 'signed-in',
      load: () => import('./join-session-page'),
    },
  ],
  overlays: {
    createSession: {
      titleKey: 'groups.form.title',
      route: 'createSession',
      audience: 'registered',
      requiredParams: ['sphereId'],
      size: 'lg',
      load: () => import('./create-session-overlay'),
    },
    addOrUpdateTag: {
      titleKey: 'spheres.tags.overlayTitle',
      route: 'getSphereTag',
      audience: 'registered',
      requiredParams: ['sphereId'],
      size: 'lg',
      load: () => import('./tag-overlay'),
    },
    addOrUpdateTagsSelection: {
      titleKey: 'spheres.rules.overlayTitle',
      route: 'saveTagSelection',
      audience: 'registered',
      requiredParams: ['sphereId', 'selectionId'],
      size: 'xl',
      load: () => import('./tag-selection-overlay'),
    },
    addOrUpdateSphereContext: {
      titleKey: 'spheres.contexts.overlayTitle',
      route: 'createSphereContext',
      audience: 'registered',
      requiredParams: ['sphereId'],
      size: 'xl',
      load: () => import('./context-overlay'),
    },
  },
  navigation: [
    // The admin entry needs `manage` on spheres (spec 01 §6 menu rules): super-admins in the mode.
    {
      path: SPHERES_ADMIN_PATH,
      labelKey: 'nav.spheres',
      order: 80,
      ability: { action: 'manage', subject: 'sphere' },
    },
  ],
  homeSections: [
    { id: 'sessions', order: 35, load: () => import('./sessions-home') },
    { id: 'spheres', order: 40, load: () => import('./spheres-home') },
  ],
});
