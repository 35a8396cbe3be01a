/**
 * The emails domain's public face: the user's addresses and their verification codes (routes
 * /v1/emails/… and /users/{userId}/emails/…). Guest registration verifies an address and makes it
 * the sign-in address through what is exported here.
 */
export { checkAddressCode, claimSignInAddress, emailCodeDeletedItem, sendEmailCode } from './service';
