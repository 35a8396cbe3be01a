/**
 * The legal domain's seeding section of its face: the documents every environment starts with,
 * which the demo users accept (tools/demo/seed.ts).
 * It is not for other domains (they read `index.ts`, and the lint refuses any other file of a
 * domain to them); tools/ read only the faces and these sections.
 */
export { DEFAULT_LEGAL_DOCUMENTS } from './defaults';
