import type { Example } from './example';

/** A machine translation names nobody: the admin of another sphere may ask for one, a guest not. */
export const examples: Record<string, Example> = {
  translate: () => ({ body: { text: 'Comment allez-vous ?', lang: 'fr', targets: ['en'] } }),
};
