import { defineFeature } from '../../lib/feature';
import { PARTICIPATION_PATH } from '../../lib/routes';

/**
 * Taking part in a campaign (spec 02 §2, §3, §4, §8): the participant page an invitation link
 * opens, its welcome, refusal, steps (one runner per measure type), thanks, and the pages that say
 * why there is nothing to answer. A visitor without a session signs in or continues as a guest.
 */
export const participationFeature = defineFeature({
  name: 'participation',
  pages: [{ path: PARTICIPATION_PATH, access: 'public', load: () => import('./participation-page') }],
});
