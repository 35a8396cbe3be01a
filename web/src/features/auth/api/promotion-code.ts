import { redeemPromotionCode, type OwnPlanAnswer } from '@shared/contracts/subscriptions';
import { callApi } from '../../../lib/api';

/**
 * POST /users/subscriptions/promotion-codes/redeem with the code typed in the creation form, once
 * the new account is signed in (spec 02 §9). It runs before the start call is loaded, which then
 * already says the plan it gives.
 */
export function redeemCreationPromotionCode(code: string): Promise<OwnPlanAnswer> {
  return callApi(redeemPromotionCode, { body: { code } });
}
