import type { FormFigure, FormReport } from '@shared/contracts/form-reports';

/*
 * The shapes the export builders share (form-export, form-details, scale-views, thinking-export,
 * campaign-report-export): kept below them all, so that their imports point one way.
 */

/** A free-text question of a step as the report gives it: its title, its texts or why hidden. */
export type StepTexts =
  | { id: string; title: string; shown: true; texts: readonly string[] }
  | { id: string; title: string; shown: false; reason: string };

export type ShownFormFigure = Extract<FormFigure, { shown: true }>;

export type ReportForm = FormReport['form'];

/** A period of the report: a week or month of the series, or the whole period. */
export interface FormPeriod {
  key: string;
  /** As the series table names it: the month in words, the week by its days, "The whole period". */
  label: string;
  figure: FormFigure;
}
