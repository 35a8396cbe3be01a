import type { AbilityRule } from '../../contracts/me';
import type { AbilityContext } from './context';

/** A person's own space: profile, feelings, surveys, the axes catalogue, and Essentials features. */
export function personalRules({ facts, own, essentials }: AbilityContext): AbilityRule[] {
  const rules: AbilityRule[] = [
    { action: ['get', 'put'], subject: 'profile', conditions: own },
    { action: ['get', 'post', 'put'], subject: ['feeling', 'form-survey'], conditions: own },
    // The axis catalogue is read by every thinking flow; managing it is for super-admins.
    { action: 'get', subject: 'axes' },
  ];
  if (facts.isGuest) return rules;
  rules.push(
    { action: 'get', subject: 'subscription', conditions: own },
    { action: 'post', subject: 'sphere' },
  );
  if (essentials)
    rules.push(
      // The life compass and one's own assessments.
      {
        action: ['get', 'post', 'put', 'delete'],
        subject: ['strategy', 'strategy-assessment'],
        conditions: own,
      },
      { action: 'put', subject: 'feeling-goal', conditions: own },
      // Thinking is an Essentials feature (spec 01 §1, spec 02 §1).
      { action: ['get', 'post', 'put'], subject: 'thinking', conditions: own },
      // The assistant: a model's cost is a plan's (decision 0054). Reading, ending and deleting
      // one's own conversations need no right beyond being registered.
      { action: 'post', subject: 'chat-thread' },
    );
  return rules;
}
