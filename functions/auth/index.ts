/**
 * The auth domain's public face: sign-in by email code (POST /users/sign-in and the user pool's
 * custom-auth triggers, functions/auth/*.ts), the codes it mails and their flood limit, which
 * other domains' verification codes share.
 */

export { claimCodeSend, type CodePurpose } from './send-limit';
export { issueDelegationTicket } from './delegation';
export { issueDeviceKey, knownDevice, type KnownDevice } from './devices';
