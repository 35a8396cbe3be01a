/** The strings of every other feature in this language (the first screens' are in `en.ts`). */
export default {
  common: {},
  features: import.meta.glob(
    ['../../features/*/i18n/en.json', '!../../features/{auth,embedding,guests,legal,shell}/i18n/en.json'],
    { eager: true, import: 'default' },
  ),
};
