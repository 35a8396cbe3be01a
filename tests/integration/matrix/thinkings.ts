import type { Example } from './example';

const axis = {
  name: { en: 'Workload' },
  modules: ['myself'],
};

/** Thinking ids are per user and the catalogue is for super-admins: no one else gets anything. */
export const examples: Record<string, Example> = {
  listThinkingAxes: () => ({ query: { module: 'myself' } }),
  getThinkingAxisFacets: () => ({}),
  getThinkingAxis: () => ({ params: { id: 'workload' } }),
  createThinkingAxis: () => ({ body: { id: 'matrix-axis', ...axis } }),
  updateThinkingAxis: () => ({ params: { id: 'workload' }, body: axis }),
  deleteThinkingAxis: () => ({ params: { id: 'workload' } }),
  listThinkings: () => ({}),
  createThinking: () => ({ body: { axes: [{ id: 'workload', value: 0 }] } }),
  getThinking: () => ({ params: { id: 'myself_20261124T101500123Z-000000_0' } }),
  updateThinking: () => ({
    params: { id: 'myself_20261124T101500123Z-000000_0' },
    body: { axes: [{ id: 'workload', value: 0.5 }] },
  }),
};
