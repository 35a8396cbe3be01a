import { defineFeature } from '../../lib/feature';
import {
  CAMPAIGN_CUSTOM_REPORTS_PATH,
  CAMPAIGN_REPORT_PATH,
  CUSTOM_REPORT_PATH,
  CUSTOM_REPORTS_PATH,
  RENDER_REPORT_OVERLAY,
  REPORT_PART_BOOKMARKS_PATH,
  REPORT_PART_PATH,
  SESSION_CUSTOM_REPORT_PATH,
  SESSION_CUSTOM_REPORTS_PATH,
  SESSION_REPORT_PART_BOOKMARKS_PATH,
  SESSION_REPORT_PART_PATH,
  SESSION_REPORT_PATH,
  SPHERE_REPORT_PATH,
} from './paths';

/**
 * Feelings reports (spec 02 §2 reports, §5 report privacy, §6 group-report exception; decision
 * 0030): a sphere's, for its admins, and a group's, for its members alone; per closed week or
 * month, for the whole or the people of up to two tags, with its files; a sphere's also gives its
 * thinkings axis by axis, to a reader whose subscription is not starter, and both a sphere's and a
 * group's give that reader the surveys of one of their questionnaires, question by question and
 * result by result. A card on the sphere's and on the session's page leads there for those who may
 * read it.
 *
 * Custom reports of a sphere (spec 02 §2 custom reports, §3, §4, §5 render report; decision 0031):
 * their list, a report with its structure, favourites, bookmarks, documents and dimensions, a
 * part with its cards, and the render overlay (`show=renderReportAdmin`). A group (session) has
 * custom reports of its own (decision 0037), on the same pages under the group's path: its
 * members' alone (the group-report exception), never a starter subscription's.
 *
 * A campaign's results (spec 02 §2 campaign admin reports; decision 0035), for its sphere's admins:
 * cycle by cycle, once a cycle has stopped collecting, each step's figures for everyone asked or
 * the people under one or two tags, with its files; and its custom reports (decision 0036): the
 * sphere's custom reports that name it, whose data shots may show its steps.
 */
export const reportsFeature = defineFeature({
  name: 'reports',
  pages: [
    { path: SPHERE_REPORT_PATH, access: 'signed-in', load: () => import('./place-reports/report-page') },
    { path: SESSION_REPORT_PATH, access: 'signed-in', load: () => import('./place-reports/report-page') },
    {
      path: CAMPAIGN_REPORT_PATH,
      access: 'signed-in',
      load: () => import('./place-reports/campaign-report-page'),
    },
    {
      path: CUSTOM_REPORTS_PATH,
      access: 'signed-in',
      load: () => import('./custom-reports/custom-reports-page'),
    },
    {
      path: CAMPAIGN_CUSTOM_REPORTS_PATH,
      access: 'signed-in',
      load: () => import('./custom-reports/campaign-custom-reports-page'),
    },
    {
      path: CUSTOM_REPORT_PATH,
      access: 'signed-in',
      load: () => import('./custom-reports/custom-report-page'),
    },
    { path: REPORT_PART_PATH, access: 'signed-in', load: () => import('./custom-reports/custom-part-page') },
    {
      path: REPORT_PART_BOOKMARKS_PATH,
      access: 'signed-in',
      load: () => import('./custom-reports/custom-part-page'),
    },
    {
      path: SESSION_CUSTOM_REPORTS_PATH,
      access: 'signed-in',
      load: () => import('./custom-reports/custom-reports-page'),
    },
    {
      path: SESSION_CUSTOM_REPORT_PATH,
      access: 'signed-in',
      load: () => import('./custom-reports/custom-report-page'),
    },
    {
      path: SESSION_REPORT_PART_PATH,
      access: 'signed-in',
      load: () => import('./custom-reports/custom-part-page'),
    },
    {
      path: SESSION_REPORT_PART_BOOKMARKS_PATH,
      access: 'signed-in',
      load: () => import('./custom-reports/custom-part-page'),
    },
  ],
  overlays: {
    [RENDER_REPORT_OVERLAY]: {
      titleKey: 'reports.custom.render.title',
      // A group's report renders through the group's route, which admits the same users (registered):
      // `sessionId` comes with `sphereId` and `reportId`, but only for a group's report.
      route: 'createReportRender',
      audience: 'registered',
      requiredParams: ['sphereId', 'reportId'],
      size: 'lg',
      load: () => import('./custom-reports/render-report-overlay'),
    },
  },
  placeSections: [
    { id: 'reports', order: 30, places: ['sphere', 'session'], load: () => import('./reports-card') },
  ],
});
