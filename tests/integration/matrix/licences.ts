import type { Example } from './example';

/** A sphere's licences: its admins read and set them; nobody else reads or changes them. */
export const examples: Record<string, Example> = {
  getSphereLicences: (owner) => ({ params: { id: owner.sphereId ?? 'none' } }),
  setSphereLicence: (owner) => ({
    params: { id: owner.sphereId ?? 'none', subscription: 'essentials' },
    body: { quantity: 5 },
  }),
  setSphereLicenceMode: (owner) => ({ params: { id: owner.sphereId ?? 'none' }, body: { mode: 'bill' } }),
  getSphereLicenceReport: (owner) => ({
    params: { id: owner.sphereId ?? 'none' },
    query: { interval: 'month' },
  }),
};
