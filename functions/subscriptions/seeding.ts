/**
 * The subscriptions domain's seeding section of its face: what the demo data needs to write an
 * ambassador's promotion codes, made as the ambassador makes them (tools/demo/demo-promotion-codes.ts).
 * Not for other domains.
 */
export { createCode } from './service';
export { promotionCodesOf } from './repository';
