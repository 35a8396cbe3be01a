import { defineStore } from '../lib/db';
import { LoginCodeEntity } from './entities/login-code';
import { CodeSendEntity } from './entities/code-send';

export const AUTH_ENTITIES = {
  loginCode: LoginCodeEntity,
  codeSend: CodeSendEntity,
};

export const authDb = defineStore(AUTH_ENTITIES);
