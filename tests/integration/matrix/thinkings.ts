import type { Example } from './example';

const axis = {
  name: { en: 'Workload' },
  modules: ['myself'],
};

/**
 * Thinking ids are per user and the catalogue is for super-admins: no one else gets anything. A
 * sphere's and a session's axes are its people's.
 */
export const examples: Record<string, Example> = {
  listThinkingAxes: () => ({ query: { module: 'myself' } }),
  getThinkingAxisFacets: () => ({}),
  getThinkingAxis: () => ({ params: { id: 'workload' } }),
  createThinkingAxis: () => ({ body: { id: 'matrix-axis', ...axis } }),
  updateThinkingAxis: () => ({ params: { id: 'workload' }, body: axis }),
  deleteThinkingAxis: () => ({ params: { id: 'workload' } }),
  getSphereAxes: (owner) => ({ params: { sphereId: owner.sphereId ?? 'none', category: 'contributor' } }),
  updateSphereAxes: (owner) => ({
    params: { sphereId: owner.sphereId ?? 'none', category: 'contributor' },
    body: { axisIds: [] },
  }),
  getSessionAxes: (owner) => ({ params: { sessionId: owner.sessionId ?? 'none', groupId: 'default' } }),
  updateSessionAxes: (owner) => ({
    params: { sessionId: owner.sessionId ?? 'none', groupId: 'default' },
    body: { axisIds: [] },
  }),
  listThinkings: () => ({}),
  createThinking: () => ({ body: { axes: [{ id: 'workload', value: 0 }] } }),
  getThinking: () => ({ params: { id: 'myself_20261124T101500123Z-000000_0' } }),
  updateThinking: () => ({
    params: { id: 'myself_20261124T101500123Z-000000_0' },
    body: { axes: [{ id: 'workload', value: 0.5 }] },
  }),
};
