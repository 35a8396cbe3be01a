import type { CampaignDataShot, CardData } from '@shared/contracts/custom-reports';
import { stepPeriod } from '@shared/domain/campaign-rollups';
import { cycleStepFigures, type CycleStepShape } from './cycle-figures';
import { shapeOfDefinition } from './report-definitions';
import { readSealedCycle, scopeOf, type SealedCycle } from './rollups';

/**
 * A campaign's steps in its custom reports (decision 0036). A sealed cycle's roll leaves beside its
 * figures what its steps were (`SealedCycle`), so a data shot reads a step's figures from the
 * rollups alone, through the same function and privacy rules as the campaign's results page.
 */

/** A campaign cycle's scope in the report rollups. */
export const cycleScopeOf = (campaignId: string, cycleId: string) =>
  scopeOf(`campaign:${campaignId}`, 'cycle', cycleId);

/** What a sealed cycle's roll keeps of it, or null when it has not stopped (one GetItem). */
export function sealedCycleOf(campaignId: string, cycleId: string): Promise<SealedCycle | null> {
  return readSealedCycle(cycleScopeOf(campaignId, cycleId));
}

/** A sealed step's counts as the figure functions read them. */
function shapeOf(step: SealedCycle['steps'][number]): CycleStepShape {
  const period = stepPeriod(step.stepId);
  // A questionnaire's free texts are never read for a card (decision 0038).
  if (step.kind === 'form')
    return {
      period,
      kind: 'questions',
      shape: shapeOfDefinition(step.definition ?? { questions: [], results: [] }),
    };
  if (step.kind !== 'custom-form') return { period, kind: step.kind };
  return {
    period,
    kind: 'questions',
    shape: {
      questions: (step.questions ?? []).map((q) => ({ id: q.id, kind: 'number' as const })),
      results: [],
    },
    textQuestions: (step.textQuestions ?? []).map((q) => q.id),
  };
}

/**
 * A campaign data shot's figures for its group: the step of a sealed cycle, or null when the cycle
 * has not stopped or has no such step (the card then shows no figures).
 */
export async function campaignShotData(campaignId: string, shot: CampaignDataShot): Promise<CardData | null> {
  const scope = cycleScopeOf(campaignId, shot.cycleId);
  const sealed = await readSealedCycle(scope);
  const step = sealed?.steps.find((s) => s.stepId === shot.stepId);
  if (!sealed || !step) return null;
  const [figure] = await cycleStepFigures(scope, [shapeOf(step)], shot.tagIds);
  if (!figure) return null;
  const head = {
    source: 'campaign' as const,
    cycleId: shot.cycleId,
    stepId: shot.stepId,
    cycle: {
      internalLabel: sealed.internalLabel,
      ...(sealed.start ? { start: sealed.start } : {}),
      ...(sealed.end ? { end: sealed.end } : {}),
    },
    title: step.title,
    defaultLocale: sealed.defaultLocale,
  };
  switch (figure.kind) {
    case 'feeling':
      return { ...head, result: { kind: 'feeling', figure: figure.figure } };
    case 'thinking':
      return { ...head, result: { kind: 'thinking', figure: figure.figure } };
    case 'questions': {
      if (step.kind === 'form' && step.definition)
        return { ...head, result: { kind: 'form', figure: figure.figure, definition: step.definition } };
      const texts = new Map((figure.texts ?? []).map((t) => [t.answerId, t]));
      return {
        ...head,
        result: {
          kind: 'custom-form',
          figure: figure.figure,
          questions: step.questions ?? [],
          texts: (step.textQuestions ?? []).flatMap((question) => {
            const found = texts.get(question.id);
            return found ? [{ question, figure: found }] : [];
          }),
        },
      };
    }
  }
}
