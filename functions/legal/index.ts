/**
 * The legal domain's public face: the published terms of use and privacy policies and the users'
 * acceptances of them. The start call and guest conversion read and record consents through what
 * is exported here.
 */
export { currentDocuments, invalidAcceptances, legalConsents } from './consents';
export {
  forgetLegalDocuments,
  listAcceptances,
  listLegalDocuments,
  publishLegalDocument,
  saveAcceptances,
} from './repository';
export { acceptPendingDocuments } from './service';
/** For the users domain's `account` collection, which reads a user's acceptances with their account. */
export { LegalAcceptanceEntity } from './entities/legal-acceptance';
