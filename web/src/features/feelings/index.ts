import { defineFeature } from '../../lib/feature';
import { QUICK_ANSWER_PATH } from '../../lib/routes';

/**
 * The personal feelings: the feeling flow (spec 01 §2 `feeling`, modes good and bad) and one
 * feeling's details and changes (`update-feeling`).
 */
export const HISTORY_PATH = '/apps/history';
export const MYSELF_REPORT_PATH = '/apps/myself-report';

export const feelingsFeature = defineFeature({
  name: 'feelings',
  pages: [
    { path: HISTORY_PATH, access: 'signed-in', load: () => import('./history/history-page') },
    { path: MYSELF_REPORT_PATH, access: 'signed-in', load: () => import('./report/myself-report-page') },
    { path: QUICK_ANSWER_PATH, access: 'signed-in', load: () => import('./quick-answer-page') },
  ],
  navigation: [
    { path: HISTORY_PATH, labelKey: 'nav.history', order: 10 },
    { path: MYSELF_REPORT_PATH, labelKey: 'nav.report', order: 20 },
  ],
  homeSections: [{ id: 'feelings', order: 10, load: () => import('./home/feelings-home') }],
  overlays: {
    feeling: {
      titleKey: 'feelings.title',
      route: 'createFeeling',
      size: 'lg',
      load: () => import('./feeling-overlay'),
    },
    regulation: {
      titleKey: 'regulation.title',
      route: 'createFeeling',
      size: 'lg',
      load: () => import('./regulation/regulation-overlay'),
    },
    'update-feeling': {
      titleKey: 'feelings.updateTitle',
      route: 'updateFeeling',
      requiredParams: ['feelingId'],
      size: 'lg',
      load: () => import('./update-feeling-overlay'),
    },
  },
});

export { useEmotionWords, useFeelingList, useMyselfReport } from './api/feelings';
