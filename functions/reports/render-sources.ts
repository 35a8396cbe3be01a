import { EMOTION_WORDS } from '../feelings';
import { axisNamesOf } from './prompt';
import type { RenderLabelSources } from './renders';

const words = new Map(EMOTION_WORDS.map((w) => [w.id, w.label]));

/** The labels a file shows that other domains own: the feeling words', the thinking axes'. */
export const RENDER_SOURCES: RenderLabelSources = {
  word: (wordId, lang) => words.get(wordId)?.[lang] ?? wordId,
  axes: axisNamesOf,
};
