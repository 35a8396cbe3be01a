import { defineStore } from '../lib/db';
import { LoginCodeEntity } from './entities/login-code';
import { CodeSendEntity } from './entities/code-send';
import { DelegationTicketEntity } from './entities/delegation-ticket';

export const AUTH_ENTITIES = {
  loginCode: LoginCodeEntity,
  codeSend: CodeSendEntity,
  delegationTicket: DelegationTicketEntity,
};

export const authDb = defineStore(AUTH_ENTITIES);
