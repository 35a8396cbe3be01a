/**
 * The spheres domain's seeding section of its face: the writers of the demo spheres, their members,
 * access codes, tags and contexts (tools/demo/seed.ts).
 * It is not for other domains (they read `index.ts`, and the lint refuses any other file of a
 * domain to them); tools/ read only the faces and these sections.
 */
export { importSphere } from './repository';
export { importAccessCode } from './access-codes';
export { importTags } from './tags';
export { importContexts } from './contexts';
export { importLicencePast } from './licences';
