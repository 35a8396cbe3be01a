import * as z from 'zod';
import { MultilingualTextSchema } from './text';

/**
 * A questionnaire's report definition (spec 02 §7 `/forms/report-definitions/{id}`; decision 0038):
 * what its reports are drawn from, as the form was when last saved — its counted questions (numbers
 * and choices, in the form's order) with their titles and scales, and its additional results. The
 * forms domain writes it with every save; the reports domain keeps it, so that a custom report's
 * data shot of the questionnaire names and counts its questions without reading the forms domain.
 * Free texts and dates are never counted, so they are not in it.
 */
export const ReportDefinitionQuestionSchema = z.discriminatedUnion('kind', [
  z.object({
    id: z.string(),
    kind: z.literal('number'),
    title: MultilingualTextSchema,
    /** The scale's lowest and highest values (a histogram's bars, a Likert scale's options). */
    min: z.number(),
    max: z.number(),
  }),
  z.object({
    id: z.string(),
    kind: z.literal('choice'),
    title: MultilingualTextSchema,
    choices: z.array(z.object({ value: z.string(), title: MultilingualTextSchema })),
  }),
]);
export type ReportDefinitionQuestion = z.infer<typeof ReportDefinitionQuestionSchema>;

export const FormReportDefinitionSchema = z.object({
  formId: z.string(),
  title: MultilingualTextSchema,
  /** The form's languages, its own first. */
  languages: z.array(z.string()),
  questions: z.array(ReportDefinitionQuestionSchema),
  results: z.array(
    z.object({
      id: z.string(),
      title: MultilingualTextSchema,
      shortTitle: MultilingualTextSchema.optional(),
      min: z.number().optional(),
      max: z.number().optional(),
    }),
  ),
  /** When the form was saved as this definition. */
  updatedAt: z.string(),
});
export type FormReportDefinition = z.infer<typeof FormReportDefinitionSchema>;
