/**
 * The realtime domain's seeding section of its face: the events and results of its WebSocket
 * Lambda (functions/realtime/handler.ts), which the local WebSocket gateway
 * (tools/local-stack/websocket.ts) builds and reads as API Gateway does in AWS.
 * It is not for other domains (they read `index.ts`, and the lint refuses any other file of a
 * domain to them); tools/ read only the faces and these sections.
 */
export type { WebSocketEvent, WebSocketResult } from './handler';
