import { EMOTION_WORDS } from '../feelings';
import { axisNamesOf } from './prompt';
import type { RenderLabelSources } from './renders';

/**
 * What the render worker (functions/reports/worker.ts) loads with its first record, not at its
 * module's load: the render step and its message's schema, and the labels a file shows that other
 * domains own. The worker imports this module alone, so its bundle keeps only these of renders.ts
 * (a module loaded by `import()` keeps every export it has).
 */
export { processRender, RenderMessageSchema } from './renders';

const words = new Map(EMOTION_WORDS.map((w) => [w.id, w.label]));

/** The labels a file shows that other domains own: the feeling words', the thinking axes'. */
export const RENDER_SOURCES: RenderLabelSources = {
  word: (wordId, lang) => words.get(wordId)?.[lang] ?? wordId,
  axes: axisNamesOf,
};
