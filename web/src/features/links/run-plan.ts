import type { Link } from '@shared/contracts/links';
import type { WizardType } from '@shared/domain/links';

/**
 * The overlays of other features that run a link's steps (they are opened by name through `show`,
 * never imported): the feeling flow, thinking, a form answered from a direct link, the profile, and
 * the strategy assessment of the sphere or the session.
 */
export const WIZARD_OVERLAYS: Record<WizardType, string> = {
  feeling: 'feeling',
  thinking: 'thinking',
  form: 'addForm',
  profile: 'profile',
  sphereStrategyAssessment: 'strategyAssessment',
  sessionStrategyAssessment: 'strategyAssessment',
};

/** Marks the link page's address once its steps were started: without `show`, it is the end. */
export const STARTED_PARAM = 'started';

/**
 * The query string that runs a link's steps in order on the link page (`show=a,b,…`, one step after
 * the other): each overlay reads the context it needs from the same parameters (the sphere, the
 * session, the link, the feeling's period, the thinking group, the form and that it comes from a
 * direct link). Steps whose overlay does not open for this person (a guest and a registered-only step) are
 * left out.
 */
export function runSearch(link: Link, opens: (overlay: string) => boolean): URLSearchParams {
  const steps: string[] = [];
  for (const wizard of link.wizards) {
    const overlay = WIZARD_OVERLAYS[wizard.type];
    if (opens(overlay) && !steps.includes(overlay)) steps.push(overlay);
  }
  const params = new URLSearchParams();
  if (steps.length) params.set('show', steps.join(','));
  params.set(STARTED_PARAM, '1');
  const sessionWide = link.wizards.some((w) => w.type === 'sessionStrategyAssessment');
  if (link.sessionId && (sessionWide || !link.wizards.some((w) => w.type === 'sphereStrategyAssessment')))
    params.set('sessionId', link.sessionId);
  params.set('sphereId', link.sphereId);
  // The link itself: a step recorded through it takes its tags.
  params.set('linkId', link.id);
  for (const wizard of link.wizards) {
    if (wizard.type === 'feeling' && wizard.period !== 'none') params.set('period', wizard.period);
    if (wizard.type === 'thinking') params.set('groupId', wizard.groupId);
    if (wizard.type === 'form') {
      params.set('formId', wizard.formId);
      params.set('direct', '1');
    }
  }
  return params;
}
