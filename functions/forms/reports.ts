import type {
  FormReport,
  SessionFormReportRequestSchema,
  SphereFormReportRequestSchema,
} from '@shared/contracts/form-reports';
import type { Form } from '@shared/contracts/forms';
import type * as z from 'zod';
import { formAnswers } from '@shared/domain/forms';
import { NotFoundError } from '../lib/errors';
import { shapeOfDefinition, type FormShape } from '../rollups';
import { formReport } from '../reports';
import { countedQuestions } from './report-definition';
import { findSession } from '../sessions';
import { findEntitlements, findStoredForm } from './repository';

type SphereRequest = z.output<typeof SphereFormReportRequestSchema>;
type SessionRequest = z.output<typeof SessionFormReportRequestSchema>;

/**
 * What a form's report counts, in the form's order: numbers, choices and additional results, read
 * as its report definition names them (decision 0038).
 */
export function shapeOf(form: Pick<Form, 'steps' | 'additionalResults'>): FormShape {
  return shapeOfDefinition({ questions: countedQuestions(form), results: form.additionalResults });
}

/** A form's free-text questions (`text`; dates are not free text), in the form's order. */
export const textQuestionsOf = (form: Pick<Form, 'steps'>) =>
  formAnswers(form)
    .filter((answer) => answer.type === 'text')
    .map((answer) => answer.id);

/** The form of a sphere's report: entitled to the sphere (404 otherwise, whoever asks). */
async function reportedForm(sphereId: string, formId: string): Promise<Form> {
  const [[entitlement], stored] = await Promise.all([
    findEntitlements([{ sphereId, formId }]),
    findStoredForm(formId),
  ]);
  if (!entitlement || !stored) throw new NotFoundError();
  return stored.form;
}

/**
 * POST /v1/forms/sphere-reports (decision 0033): a form's surveys given in a sphere and its groups,
 * question by question and result by result, under the privacy rules of every report.
 */
export async function sphereFormReport(body: SphereRequest, now = Date.now()): Promise<FormReport> {
  const { sphereId, formId, ...filters } = body;
  const form = await reportedForm(sphereId, formId);
  const report = await formReport(
    { place: { sphereId }, formId, shape: shapeOf(form), textQuestions: textQuestionsOf(form), ...filters },
    now,
  );
  return { ...report, form };
}

/** POST /v1/forms/session-reports: the same for the surveys given in one group, for its members. */
export async function sessionFormReport(body: SessionRequest, now = Date.now()): Promise<FormReport> {
  const { sessionId, formId, ...filters } = body;
  const session = await findSession(sessionId);
  if (!session) throw new NotFoundError();
  const form = await reportedForm(session.sphereId, formId);
  const report = await formReport(
    {
      place: { sphereId: session.sphereId, sessionId },
      formId,
      shape: shapeOf(form),
      textQuestions: textQuestionsOf(form),
      ...filters,
    },
    now,
  );
  return { ...report, form };
}
