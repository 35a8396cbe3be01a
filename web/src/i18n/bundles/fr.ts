import common from '../fr.json';

/**
 * The strings of the first screens (sign-in, trying as a guest) in this language: the common ones
 * and those of the features these screens show (FIRST_FEATURES, i18n/messages.ts; the others are in
 * `fr-app.ts`). Merged by the loader: a language's chunk imports nothing, so that the entry, which
 * waits for it, never waits on itself.
 */
export default {
  common,
  features: import.meta.glob('../../features/{auth,embedding,guests,legal,shell}/i18n/fr.json', {
    eager: true,
    import: 'default',
  }),
};
