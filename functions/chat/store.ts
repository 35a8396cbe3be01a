import { defineStore } from '../lib/db';
import { ChatBudgetEntity } from './entities/chat-budget';
import { ChatThreadEntity } from './entities/chat-thread';

/** The chat domain's entities: the person's conversations with the assistant and their daily budget. */
export const CHAT_ENTITIES = {
  chatThread: ChatThreadEntity,
  chatBudget: ChatBudgetEntity,
};

export const chatDb = defineStore(CHAT_ENTITIES);
