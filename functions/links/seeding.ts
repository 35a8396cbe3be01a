/**
 * The links domain's seeding section of its face: the writer of the demo campaign's link
 * (tools/demo/demo-campaigns.ts).
 * It is not for other domains (they read `index.ts`, and the lint refuses any other file of a
 * domain to them); tools/ read only the faces and these sections.
 */
export { importLink } from './repository';
