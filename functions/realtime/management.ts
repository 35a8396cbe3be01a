import type { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { config } from '../lib/config';

let client: ApiGatewayManagementApiClient | undefined;
let clientEndpoint: string | undefined;

/**
 * The @connections client (PostToConnection, DeleteConnection), rebuilt when the endpoint changes
 * (tests start several stacks). Its SDK package loads on the first call that has a connection to
 * reach, not in every Lambda's init.
 */
export async function managementApi() {
  const sdk = await import('@aws-sdk/client-apigatewaymanagementapi');
  const c = config();
  const endpoint = c.WS_MANAGEMENT_ENDPOINT;
  if (!endpoint) throw new Error('WS_MANAGEMENT_ENDPOINT is not configured');
  if (!client || clientEndpoint !== endpoint) {
    client?.destroy();
    // Locally the credentials come from the environment the local stack sets.
    client = new sdk.ApiGatewayManagementApiClient({ region: c.AWS_REGION, endpoint });
    clientEndpoint = endpoint;
  }
  return { api: client, sdk };
}

/** Whether API Gateway answered that the connection is already closed (410 GoneException). */
export function isGone(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'GoneException';
}

/**
 * Closes one connection (DeleteConnection; API Gateway then runs `$disconnect`). A connection
 * already gone counts as closed.
 */
export async function closeConnection(connectionId: string): Promise<void> {
  const { api, sdk } = await managementApi();
  try {
    await api.send(new sdk.DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (error) {
    if (!isGone(error)) throw error;
  }
}
