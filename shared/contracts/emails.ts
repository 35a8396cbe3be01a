import type { RouteContract } from './route';

/** Email addresses and phone of the signed-in user (domain `emails`). */
export const emailRoutes: readonly RouteContract[] = [];
