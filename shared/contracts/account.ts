import type { RouteContract } from './route';

/** My data: download it, or leave the product (domain `account`). */
export const accountRoutes: readonly RouteContract[] = [];
