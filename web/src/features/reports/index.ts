import { defineFeature } from '../../lib/feature';
import { SPHERE_REPORT_PATH } from './paths';

/**
 * Reports of a sphere (spec 02 §2 reports, §5 report privacy; decision 0030): its admins' feelings
 * report, per closed week or month and for a group of up to two tags, with its files; a card on the
 * sphere's page leads there.
 */
export const reportsFeature = defineFeature({
  name: 'reports',
  pages: [{ path: SPHERE_REPORT_PATH, access: 'signed-in', load: () => import('./sphere-report-page') }],
  placeSections: [{ id: 'reports', order: 30, places: ['sphere'], load: () => import('./reports-card') }],
});
