import type { Example } from './example';

/**
 * Feeling ids are per user: another user naming one finds nothing of the owner. Quick-answer codes
 * are the owner's sphere's admins' alone.
 */
export const examples: Record<string, Example> = {
  getFeelingWords: () => ({}),
  createFeeling: () => ({ body: { value: 0.7, energy: 0.4, wordId: 'calm' } }),
  listFeelings: () => ({}),
  getFeelingFacets: () => ({ query: { start: '2026-01-01', end: '2026-01-31' } }),
  createMyselfReport: () => ({ body: { start: '2026-01-01', end: '2026-01-31' } }),
  getFeeling: () => ({ params: { id: '20261124T101500123Z-000000' } }),
  updateFeeling: () => ({ params: { id: '20261124T101500123Z-000000' }, body: { category: 'work' } }),
  // A made-up code names the owner's group: nobody learns its name through it.
  checkQuickAnswer: (owner) => ({
    body: { sessionId: owner.sessionId ?? 'none', validationCode: 'made-up-code-000000000' },
  }),
  getSphereQuickAnswerLink: (owner) => ({ params: { sphereId: owner.sphereId ?? 'none' } }),
  getSessionQuickAnswerLink: (owner) => ({ params: { sessionId: owner.sessionId ?? 'none' } }),
};
