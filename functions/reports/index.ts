/**
 * The reports domain's face (decision 0030): the rollup items an answer's own transaction writes,
 * what rebuilds and checks them from the raw answers, and the reports of answers to questions: a
 * form's (decision 0033), which the forms domain serves with the form it knows, a strategy's
 * (decision 0034), which the strategies domain serves with its outline, and a sealed campaign
 * cycle's (decision 0035), which the campaigns domain rolls and serves with its measures, and
 * whose roll also keeps what its steps were for custom reports (decision 0036). The campaigns
 * domain creates and lists its custom reports here.
 */
export { formReport, questionsReport, type FormReportRequest, type QuestionsReportRequest } from './service';
export {
  createReport as createCustomReport,
  eraseGroupReports,
  listReports as listCustomReports,
} from './report-items';
export { reportsCascades } from './cascades';
