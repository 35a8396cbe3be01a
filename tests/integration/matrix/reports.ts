import type { Example } from './example';

/** A custom report's path under the owner's sphere (its parts, cards and renders add their id). */
const report = (owner: { sphereId?: string }, extra: Record<string, string> = {}) => ({
  sphereId: owner.sphereId ?? 'none',
  reportId: 'none',
  ...extra,
});

/**
 * A sphere's report is its admins' alone (smartReport on the sphere named in the body); so are its
 * custom reports (the sphere named in the path: a report of another sphere is not found under it).
 */
const sphereExamples: Record<string, Example> = {
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
  listCustomReports: (owner) => ({ params: { sphereId: owner.sphereId ?? 'none' } }),
  createCustomReport: (owner) => ({
    params: { sphereId: owner.sphereId ?? 'none' },
    body: { name: 'Matrix report', start: '2026-01-01', end: '2026-03-31' },
  }),
  getCustomReport: (owner) => ({ params: report(owner) }),
  updateCustomReport: (owner) => ({ params: report(owner), body: { name: 'Renamed' } }),
  deleteCustomReport: (owner) => ({ params: report(owner) }),
  createReportPart: (owner) => ({ params: report(owner), body: { name: 'Part' } }),
  getReportPart: (owner) => ({ params: report(owner, { partId: 'none' }) }),
  updateReportPart: (owner) => ({ params: report(owner, { partId: 'none' }), body: { name: 'Part' } }),
  deleteReportPart: (owner) => ({ params: report(owner, { partId: 'none' }) }),
  createReportCard: (owner) => ({
    params: report(owner),
    body: { type: 'text', partId: 'none', title: 'Card' },
  }),
  updateReportCard: (owner) => ({ params: report(owner, { cardId: 'none' }), body: { title: 'Card' } }),
  deleteReportCard: (owner) => ({ params: report(owner, { cardId: 'none' }) }),
  promptReportCard: (owner) => ({ params: report(owner, { cardId: 'none' }), body: { lang: 'fr' } }),
  createReportRender: (owner) => ({
    params: report(owner),
    body: { name: 'Render', lang: 'fr', partIds: ['none'] },
  }),
  listReportRenders: (owner) => ({ params: report(owner) }),
  downloadReportRender: (owner) => ({ params: report(owner, { renderId: 'none' }) }),
  deleteReportRender: (owner) => ({ params: report(owner, { renderId: 'none' }) }),
};

/** The names of the sphere's custom-report routes, whose group variants end in `OfSession`. */
const CUSTOM_REPORT_ROUTES = [
  'listCustomReports',
  'createCustomReport',
  'getCustomReport',
  'updateCustomReport',
  'deleteCustomReport',
  'createReportPart',
  'getReportPart',
  'updateReportPart',
  'deleteReportPart',
  'createReportCard',
  'updateReportCard',
  'deleteReportCard',
  'promptReportCard',
  'createReportRender',
  'listReportRenders',
  'downloadReportRender',
  'deleteReportRender',
];

/**
 * A group's custom reports (decision 0037) are its members' alone, as its report is: the same calls
 * aimed at the owner's group instead of their sphere.
 */
const sessionExamples: Record<string, Example> = Object.fromEntries(
  CUSTOM_REPORT_ROUTES.map((name) => [
    `${name}OfSession`,
    (owner) => {
      const { params = {}, ...rest } = (sphereExamples[name] as Example)(owner);
      const { sphereId: _sphere, ...others } = params;
      return { ...rest, params: { ...others, sessionId: owner.sessionId ?? 'none' } };
    },
  ]),
);

export const examples: Record<string, Example> = { ...sphereExamples, ...sessionExamples };
