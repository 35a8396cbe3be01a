import { defineFeature } from '../../lib/feature';

/** The tab's value in the address: `/apps/spheres/{id}/settings?tab=licences`. */
export const LICENCES_TAB = 'licences';

/**
 * Licences (spec 01 §3 sphere licence counts and mode, spec 02 §4, §7, §8; decision 0046): the
 * Licences tab of a sphere's settings, where its admins (`manage` on the sphere) read how many
 * licences of each tier it holds, uses and has left, set the counts, and choose its licence mode.
 */
export const licencesFeature = defineFeature({
  name: 'licences',
  settingsTabs: [
    {
      id: LICENCES_TAB,
      labelKey: 'licences.tab',
      order: 20,
      places: ['sphere'],
      load: () => import('./licences-tab'),
    },
  ],
});
