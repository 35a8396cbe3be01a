import {
  answerChatSafety,
  createChatThread,
  deleteChatThread,
  endChatThread,
  getChatThread,
  listChatThreads,
  sendChatMessage,
} from '@shared/contracts/chat';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import * as service from './service';

export const handler = createHttpHandler(
  [
    route(createChatThread, ({ caller, body, headers }) =>
      service.createThread(caller.userId, body, headers.language),
    ),
    route(sendChatMessage, ({ caller, params, body }) =>
      service.sendMessage(caller.userId, params.id, body.text),
    ),
    route(getChatThread, ({ caller, params }) => service.getThread(caller.userId, params.id)),
    route(listChatThreads, ({ caller, query }) =>
      service.listThreads(caller.userId, { max: query._max, offset: query._offset }),
    ),
    route(endChatThread, ({ caller, params }) => service.endThread(caller.userId, params.id)),
    route(answerChatSafety, ({ caller, params, body }) =>
      service.answerSafety(caller.userId, params.id, body.atRisk),
    ),
    route(deleteChatThread, ({ caller, params }) => service.removeThread(caller.userId, params.id)),
  ],
  callerAccounts,
);
