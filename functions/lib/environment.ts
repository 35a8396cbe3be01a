import { resetClients } from './aws';
import { resetConfig } from './config';
import { resetDb } from './db';
import { logger } from './logger';
import { resetTokenVerifiers } from './tokens';

/**
 * Sets the environment of the handlers that run in this process (the local stack, tests) and
 * forgets what they cached from the previous one: configuration, AWS clients, the ElectroDB
 * service, token verifiers. A variable given as undefined is removed.
 */
export function configureHandlers(env: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfig();
  resetClients();
  resetDb();
  resetTokenVerifiers();
  const level = env.LOG_LEVEL;
  if (level) logger.setLogLevel(level as 'WARN');
}
