import type { WebConfig } from '../../../shared/contracts/web-config';

export const testConfig: WebConfig = {
  environment: 'local',
  apiUrl: 'http://127.0.0.1:4010',
  wsUrl: 'ws://127.0.0.1:4011',
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_local',
  userPoolClientId: 'local-client',
};

/** A fetch answer with a JSON body. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** An error shaped like Amplify's AuthError: Cognito's exception name and message. */
export function authError(name: string, message = name): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}
