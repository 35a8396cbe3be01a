/**
 * The subscriptions domain's seeding section of its face: what the demo data needs to write an
 * ambassador's promotion codes, made as the ambassador makes them, and a redemption of one, made as
 * a person makes it (tools/demo/demo-promotion-codes.ts).
 * Not for other domains.
 */
export { createCode, redeemCode } from './service';
export { promotionCodesOf, redemptionsOf } from './repository';
