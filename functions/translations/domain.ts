/** The translations domain as the registry (functions/domains.ts) reads it. */
import { translationRoutes } from '@shared/contracts/translations';
import { defineDomain } from '../lib/domain';

export const translationsDomain = defineDomain({
  name: 'translations',
  routes: translationRoutes,
  // It keeps nothing: a text goes to the engine and its translations come back to the editor.
  entities: {},
  belongings: [],
  // Amazon Translate's TranslateText (functions/lib/translate.ts).
  grants: { translate: true },
});
