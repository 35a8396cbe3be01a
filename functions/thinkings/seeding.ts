/**
 * The thinkings domain's seeding section of its face: the writers of the demo axes, context axes
 * and thinkings (tools/demo/seed.ts, tools/demo/demo-thinkings.ts).
 * It is not for other domains (they read `index.ts`, and the lint refuses any other file of a
 * domain to them); tools/ read only the faces and these sections.
 */
export {
  importAxes,
  importContextAxes,
  importManyThinkings,
  importThinkings,
  type AxisFields,
  type NewThinking,
} from './repository';
