import { defineStore } from '../lib/db';
import { EmailCodeEntity } from './entities/email-code';
import { PhoneVerificationEntity } from './entities/phone-verification';

export const EMAILS_ENTITIES = {
  emailCode: EmailCodeEntity,
  phoneVerification: PhoneVerificationEntity,
};

export const emailsDb = defineStore(EMAILS_ENTITIES);
