import { createHash, createHmac } from 'node:crypto';

/**
 * The key of a person's answer to a step: an HMAC of who they are under the cycle's salt. Without
 * the salt (gone when the collection stops) nobody can find which answer is whose (decision 0025).
 */
export function answerKeyOf(salt: string, mode: 'live' | 'test', userId: string, stepId: string): string {
  return createHmac('sha256', salt).update(`${mode}\n${userId}\n${stepId}`).digest('base64url');
}

/**
 * The copy of a cycle's collecting state a participant's answers check (decision 0057): a hash of
 * the person, so that a cycle's answers spread evenly over its `shards` copies. Nothing stores it.
 */
export function stateShardOf(userId: string, shards: number): number {
  return createHash('sha256').update(userId).digest().readUInt32BE(0) % shards;
}
