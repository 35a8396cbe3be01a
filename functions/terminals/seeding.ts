/**
 * The terminals domain's seeding section of its face: the writer of the demo terminals and the
 * digest of a terminal's key (tools/demo/demo-terminals.ts).
 * It is not for other domains (they read `index.ts`, and the lint refuses any other file of a
 * domain to them); tools/ read only the faces and these sections.
 */
export { importTerminals, type NewTerminal } from './repository';
export { keyDigest } from './service';
