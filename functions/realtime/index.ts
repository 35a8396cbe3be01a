/**
 * The realtime domain's public face: the WebSocket connections of a user (functions/realtime/
 * handler.ts, its own Lambda behind the WebSocket API), the events other domains publish to them,
 * and the end of those connections when the user's sign-in ends.
 */

export { endConnectionsOf } from './end';
export { publish, publishAfterWrite, publisherFor, type PublishResult, type RealtimeEvent } from './publish';
