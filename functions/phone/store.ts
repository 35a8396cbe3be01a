import { defineStore } from '../lib/db';
import { PhoneCodeSendEntity } from './entities/phone-code-send';
import { PhoneVerificationEntity } from './entities/phone-verification';

export const PHONE_ENTITIES = {
  phoneVerification: PhoneVerificationEntity,
  phoneCodeSend: PhoneCodeSendEntity,
};

export const phoneDb = defineStore(PHONE_ENTITIES);
