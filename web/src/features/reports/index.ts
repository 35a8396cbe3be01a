import { defineFeature } from '../../lib/feature';
import { SESSION_REPORT_PATH, SPHERE_REPORT_PATH } from './paths';

/**
 * Feelings reports (spec 02 §2 reports, §5 report privacy, §6 group-report exception; decision
 * 0030): a sphere's, for its admins, and a group's, for its members alone; per closed week or
 * month, for the whole or the people of up to two tags, with its files; a sphere's also gives its
 * thinkings axis by axis, to a reader whose subscription is not starter. A card on the sphere's and
 * on the session's page leads there for those who may read it.
 */
export const reportsFeature = defineFeature({
  name: 'reports',
  pages: [
    { path: SPHERE_REPORT_PATH, access: 'signed-in', load: () => import('./report-page') },
    { path: SESSION_REPORT_PATH, access: 'signed-in', load: () => import('./report-page') },
  ],
  placeSections: [
    { id: 'reports', order: 30, places: ['sphere', 'session'], load: () => import('./reports-card') },
  ],
});
