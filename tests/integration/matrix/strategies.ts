import type { Example } from './example';

const strategy = { type: 'vision', title: 'Where we go', description: 'Our vision in a sentence.' };
const updated = { ...strategy, updateDate: '2026-01-01T00:00:00.000Z' };
const order = { items: [{ id: 'matrix-strategy', indent: 0 }] };
const assessment = { values: { 'matrix-strategy': 4 } };

/**
 * The life compass is the caller's own; a sphere's or session's strategy is its members' to read
 * and assess and its admins' (a session's owners') to write; assessments are their person's. Every
 * route is Essentials only: the matrix's people are starter users.
 */
export const examples: Record<string, Example> = {
  listMyStrategies: () => ({}),
  addMyStrategy: () => ({ body: strategy }),
  reorderMyStrategies: () => ({ body: order }),
  updateMyStrategy: () => ({ params: { strategyId: 'matrix-strategy' }, body: updated }),
  deleteMyStrategy: () => ({ params: { strategyId: 'matrix-strategy' } }),
  listSphereStrategies: (owner) => ({ params: { sphereId: owner.sphereId ?? 'none' } }),
  addSphereStrategy: (owner) => ({ params: { sphereId: owner.sphereId ?? 'none' }, body: strategy }),
  reorderSphereStrategies: (owner) => ({ params: { sphereId: owner.sphereId ?? 'none' }, body: order }),
  updateSphereStrategy: (owner) => ({
    params: { sphereId: owner.sphereId ?? 'none', strategyId: 'matrix-strategy' },
    body: updated,
  }),
  deleteSphereStrategy: (owner) => ({
    params: { sphereId: owner.sphereId ?? 'none', strategyId: 'matrix-strategy' },
  }),
  listSessionStrategies: (owner) => ({ params: { sessionId: owner.sessionId ?? 'none' } }),
  addSessionStrategy: (owner) => ({ params: { sessionId: owner.sessionId ?? 'none' }, body: strategy }),
  reorderSessionStrategies: (owner) => ({ params: { sessionId: owner.sessionId ?? 'none' }, body: order }),
  updateSessionStrategy: (owner) => ({
    params: { sessionId: owner.sessionId ?? 'none', strategyId: 'matrix-strategy' },
    body: updated,
  }),
  deleteSessionStrategy: (owner) => ({
    params: { sessionId: owner.sessionId ?? 'none', strategyId: 'matrix-strategy' },
  }),
  addSphereStrategyAssessment: (owner) => ({
    params: { sphereId: owner.sphereId ?? 'none' },
    body: assessment,
  }),
  listSphereStrategyAssessments: (owner) => ({ params: { sphereId: owner.sphereId ?? 'none' } }),
  addSessionStrategyAssessment: (owner) => ({
    params: { sessionId: owner.sessionId ?? 'none' },
    body: assessment,
  }),
  listSessionStrategyAssessments: (owner) => ({ params: { sessionId: owner.sessionId ?? 'none' } }),
  getStrategyAssessment: () => ({ params: { assessmentId: '20260101T000000000Z-00000000' } }),
  updateStrategyAssessment: () => ({
    params: { assessmentId: '20260101T000000000Z-00000000' },
    body: assessment,
  }),
  // Reports of the assessments: a sphere's for its admins (smartReport), a group's for its members.
  createSphereStrategyReport: (owner) => ({
    body: { sphereId: owner.sphereId ?? 'none', start: '2026-01-01', end: '2026-03-31' },
  }),
  createSessionStrategyReport: (owner) => ({
    body: { sessionId: owner.sessionId ?? 'none', start: '2026-01-01', end: '2026-03-31' },
  }),
};
