/**
 * The reports domain's seeding section of its face: the writers of the demo's custom report and
 * of its first render (tools/demo/demo-custom-report.ts), and the label sources a render reads.
 * It is not for other domains (they read `index.ts`, and the lint refuses any other file of a
 * domain to them); tools/ read only the faces and these sections.
 */
export { importCustomReport, type ImportedReport } from './custom-reports';
export { importRender } from './renders';
export { RENDER_SOURCES } from './render-sources';
