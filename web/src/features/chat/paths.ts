/** The person's conversations with the assistant (spec 02 §2 chat page). */
export const CHAT_PATH = '/apps/chat';
