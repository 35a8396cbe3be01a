import type { Example } from './example';

/** A sphere's report is its admins' alone (smartReport on the sphere named in the body). */
export const examples: Record<string, Example> = {
  createSphereFeelingReport: (owner) => ({
    body: { sphereId: owner.sphereId ?? 'none', start: '2026-01-01', end: '2026-03-31' },
  }),
  createSphereThinkingReport: (owner) => ({
    body: { sphereId: owner.sphereId ?? 'none', start: '2026-01-01', end: '2026-03-31' },
  }),
  // A group's report is its members' alone: not its sphere's admins', nor its referents'.
  createSessionFeelingReport: (owner) => ({
    body: { sessionId: owner.sessionId ?? 'none', start: '2026-01-01', end: '2026-03-31' },
  }),
};
