import { useAbility } from '../../lib/ability';

/**
 * Whether the caller may talk with the assistant: `post` on `chat-thread` (Essentials, spec 01 §6).
 * Reading, ending and deleting one's own conversations need no more than an account.
 */
export function useCanChat(): boolean {
  return useAbility().can('post', 'chat-thread');
}
