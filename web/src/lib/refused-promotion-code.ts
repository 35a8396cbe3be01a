import * as z from 'zod';
import { FieldErrorSchema, type FieldError } from '@shared/contracts/errors';
import { overlaySearch } from './overlays';

/**
 * A promotion code typed while creating an account is redeemed by the sign-in page once the account
 * exists (spec 02 §9: redeeming is a step of buying or of account creation). A refusal never undoes
 * the account: the sign-in page opens the plans overlay, where codes are redeemed, and hands it the
 * code and the reason so the person can correct it and try again. They travel in the history
 * entry's state, not in the URL: a link cannot make the overlay show a refusal, and the reason does
 * not follow an address that is copied.
 */
export interface RefusedPromotionCode {
  /** The code as it was typed. */
  code: string;
  /** The server's reasons (spec 02 §8 keys), translated where they are shown. */
  errors: FieldError[];
}

/** The subscription feature's overlay of the plans, where a code is redeemed. */
const PLANS_OVERLAY = 'subscription';

const HandOffSchema = z.object({
  refusedPromotionCode: z.object({ code: z.string(), errors: z.array(FieldErrorSchema).min(1) }),
});

/** The page the person was going to (`returnTo`, a path with its query) with the plans overlay open. */
export function plansOverlayOn(returnTo: string): { pathname: string; search: string } {
  const at = returnTo.indexOf('?');
  return {
    pathname: at < 0 ? returnTo : returnTo.slice(0, at),
    search: overlaySearch(at < 0 ? '' : returnTo.slice(at), PLANS_OVERLAY),
  };
}

/** The history state that hands a refused code to the plans overlay. */
export function refusedPromotionCodeState(refused: RefusedPromotionCode): z.infer<typeof HandOffSchema> {
  return { refusedPromotionCode: refused };
}

/** The refused code a history entry's state hands over, if any (anything else is ignored). */
export function refusedPromotionCodeOf(state: unknown): RefusedPromotionCode | null {
  const parsed = HandOffSchema.safeParse(state);
  return parsed.success ? parsed.data.refusedPromotionCode : null;
}
