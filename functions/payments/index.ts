/**
 * The payments domain's face: what other domains read of the links to the card provider (the
 * super-admins' report of plans, decision 0053). Only this domain writes its entities.
 */
export { billedCustomers } from './repository';
