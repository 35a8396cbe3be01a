import { defineStore } from '../lib/db';
import { EmailCodeEntity } from './entities/email-code';

export const EMAILS_ENTITIES = {
  emailCode: EmailCodeEntity,
};

export const emailsDb = defineStore(EMAILS_ENTITIES);
