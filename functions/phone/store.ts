import { defineStore } from '../lib/db';
import { PhoneVerificationEntity } from './entities/phone-verification';

export const PHONE_ENTITIES = {
  phoneVerification: PhoneVerificationEntity,
};

export const phoneDb = defineStore(PHONE_ENTITIES);
