/** The workers domain as the registry (functions/domains.ts) reads it. */
import { defineDomain } from '../lib/domain';
import { WORKERS_ENTITIES } from './store';

export const workersDomain = defineDomain({
  name: 'workers',
  routes: [],
  entities: WORKERS_ENTITIES,
  belongings: [],
  grants: {},
});
