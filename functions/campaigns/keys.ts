import { createHmac } from 'node:crypto';

/**
 * The key of a person's answer to a step: an HMAC of who they are under the cycle's salt. Without
 * the salt (gone when the collection stops) nobody can find which answer is whose (decision 0025).
 */
export function answerKeyOf(salt: string, mode: 'live' | 'test', userId: string, stepId: string): string {
  return createHmac('sha256', salt).update(`${mode}\n${userId}\n${stepId}`).digest('base64url');
}
