/** The strings of every other feature in this language (the first screens' are in `fr.ts`). */
export default {
  common: {},
  features: import.meta.glob(
    ['../../features/*/i18n/fr.json', '!../../features/{auth,embedding,guests,legal,shell}/i18n/fr.json'],
    { eager: true, import: 'default' },
  ),
};
