/**
 * The feelings domain's face: what other domains and the local stack may use of it. Terminals
 * record their visitors' feelings and read a session's day summaries here (decision 0028). The
 * demo's writers are its seeding section, seeding.ts.
 */
export { feelingChatContext, type FeelingChatContext } from './chat-context';
export { rebuildSphereRollups } from './rollups';
export { EMOTION_WORDS } from './words';
export {
  querySessionDays,
  recordTerminalFeeling,
  type NewTerminalFeeling,
  type TerminalFeelingItem,
} from './terminal-feelings';
