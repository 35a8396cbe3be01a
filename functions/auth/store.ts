import { defineStore } from '../lib/db';
import { LoginCodeEntity } from './entities/login-code';
import { CodeSendEntity } from './entities/code-send';
import { DelegationTicketEntity } from './entities/delegation-ticket';
import { SignInDeviceEntity } from './entities/sign-in-device';

export const AUTH_ENTITIES = {
  loginCode: LoginCodeEntity,
  codeSend: CodeSendEntity,
  delegationTicket: DelegationTicketEntity,
  signInDevice: SignInDeviceEntity,
};

export const authDb = defineStore(AUTH_ENTITIES);
