import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './gateway';

/**
 * The part of AWS Secrets Manager the product calls (GetSecretValue, JSON 1.1 protocol) on
 * 127.0.0.1, holding the secrets the local stack puts in it (the card provider's local keys,
 * decision 0051): the Lambdas read their keys the same way locally and in AWS.
 */
export interface LocalSecrets {
  /** SECRETS_MANAGER_ENDPOINT of the handlers. */
  endpoint: string;
  /** Puts (or replaces) a secret's value; its name is also its local ARN's last part. */
  put(name: string, value: string): string;
  stop(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {
    'content-type': 'application/x-amz-json-1.1',
    'x-amzn-requestid': randomUUID(),
  });
  response.end(JSON.stringify(body));
}

const arnOf = (name: string) => `arn:aws:secretsmanager:eu-west-1:000000000000:secret:${name}`;

export async function startSecrets(options: { port?: number } = {}): Promise<LocalSecrets> {
  const secrets = new Map<string, { value: string; version: string; created: number }>();
  const server = createServer((request, response) => {
    void (async () => {
      const target = request.headers['x-amz-target'];
      const raw = await readBody(request);
      if (request.method !== 'POST' || target !== 'secretsmanager.GetSecretValue') {
        answer(response, 400, {
          __type: 'InvalidRequestException',
          message: `Not emulated: ${String(target)}`,
        });
        return;
      }
      let secretId: unknown;
      try {
        secretId = (JSON.parse(raw) as { SecretId?: unknown }).SecretId;
      } catch {
        answer(response, 400, { __type: 'InvalidRequestException', message: 'Body is not JSON' });
        return;
      }
      const name =
        typeof secretId === 'string' ? secretId.replace(/^arn:aws:secretsmanager:[^:]+:\d+:secret:/, '') : '';
      const secret = secrets.get(name);
      if (!secret) {
        answer(response, 400, {
          __type: 'ResourceNotFoundException',
          message: "Secrets Manager can't find the specified secret.",
        });
        return;
      }
      answer(response, 200, {
        ARN: arnOf(name),
        Name: name,
        SecretString: secret.value,
        VersionId: secret.version,
        VersionStages: ['AWSCURRENT'],
        CreatedDate: secret.created,
      });
    })().catch((error: unknown) =>
      answer(response, 500, { __type: 'InternalServiceError', message: String(error) }),
    );
  });
  await new Promise<void>((resolveListen) => server.listen(options.port ?? 0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    put(name, value) {
      secrets.set(name, { value, version: randomUUID(), created: Math.floor(Date.now() / 1000) });
      return arnOf(name);
    },
    stop: () => closeServer(server),
  };
}
