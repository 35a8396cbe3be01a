/**
 * The seeding section of the users domain's face: the writers of its demo data, read by tools/
 * only (docs/adding-a-domain.md).
 */
export { importGlobalMember } from './global-members-repository';
