/** The strings of every other feature in this language (the first screens' are in `nl.ts`). */
export default {
  common: {},
  features: import.meta.glob(
    ['../../features/*/i18n/nl.json', '!../../features/{auth,embedding,guests,legal,shell}/i18n/nl.json'],
    { eager: true, import: 'default' },
  ),
};
