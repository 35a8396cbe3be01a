/**
 * The realtime domain's public face: the WebSocket connections of a user (functions/realtime/
 * handler.ts, its own Lambda behind the WebSocket API) and the events other domains publish to them.
 */

export { publish, publishAfterWrite, type PublishResult, type RealtimeEvent } from './publish';
