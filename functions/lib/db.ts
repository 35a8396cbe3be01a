import { Service } from 'electrodb';
import { EmailOwnerEntity, UserEmailEntity, UserEntity } from '../me/model';
import { CodeSendEntity, LoginCodeEntity } from '../auth/model';
import { ConnectionEntity } from '../realtime/model';
import { ProcessedMessageEntity } from '../workers/model';
import { LegalAcceptanceEntity, LegalDocumentEntity } from '../legal/model';
import { EmailCodeEntity, PhoneVerificationEntity } from '../emails/model';
import { GuestEntity, GuestKeyEntity } from '../guests/model';
import { documentClient } from './aws';
import { config } from './config';

/**
 * Every ElectroDB entity of the product in one Service over the single table, so that
 * collections (a user with their emails) come back in one query. Domains add their entities here.
 */
export const ENTITIES = {
  user: UserEntity,
  userEmail: UserEmailEntity,
  emailOwner: EmailOwnerEntity,
  loginCode: LoginCodeEntity,
  codeSend: CodeSendEntity,
  connection: ConnectionEntity,
  processedMessage: ProcessedMessageEntity,
  legalDocument: LegalDocumentEntity,
  legalAcceptance: LegalAcceptanceEntity,
  emailCode: EmailCodeEntity,
  phoneVerification: PhoneVerificationEntity,
  guest: GuestEntity,
  guestKey: GuestKeyEntity,
};

function buildService() {
  return new Service(ENTITIES, { client: documentClient(), table: config().TABLE_NAME });
}

export type Db = ReturnType<typeof buildService>;

let service: Db | undefined;

export function db(): Db {
  service ??= buildService();
  return service;
}

export function resetDb(): void {
  service = undefined;
}
