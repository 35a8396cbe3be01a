/**
 * The feelings domain's seeding section of its face: the writers of the demo's recorded feelings
 * (tools/demo/seed.ts), rollups included.
 * It is not for other domains (they read `index.ts`, and the lint refuses any other file of a
 * domain to them); tools/ read only the faces and these sections.
 */
export { importFeelings, importManyFeelings, type NewFeeling } from './repository';
