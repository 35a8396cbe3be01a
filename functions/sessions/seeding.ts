/**
 * The sessions domain's seeding section of its face: the writer of the demo sessions
 * (tools/demo/seed.ts).
 * It is not for other domains (they read `index.ts`, and the lint refuses any other file of a
 * domain to them); tools/ read only the faces and these sections.
 */
export { importSession } from './repository';
