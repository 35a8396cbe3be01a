import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  answerChatSafety,
  createChatThread,
  deleteChatThread,
  endChatThread,
  getChatThread,
  listChatThreads,
  sendChatMessage,
  type ChatThread,
  type ChatThreadCreateInput,
} from '@shared/contracts/chat';
import { callApi } from '../../../lib/api';

/**
 * The assistant chat's calls. Every cached read starts with `chat`, the realtime type of its
 * events, so a completed reply or a deletion in another tab refreshes them (lib/realtime.ts).
 */
export const chatKey = ['chat'] as const;
const threadsKey = [...chatKey, 'threads'] as const;

/** The person's conversations, newest first (one page: a thread is kept 90 days). */
export function useChatThreads(enabled = true) {
  return useQuery({
    queryKey: threadsKey,
    queryFn: ({ signal }) => callApi(listChatThreads, { query: { _max: 200 }, signal }),
    enabled,
  });
}

/** One conversation, as it was when the dialog opened it. */
export function useChatThread(id: string | null) {
  return useQuery({
    queryKey: [...chatKey, 'thread', id],
    queryFn: ({ signal }) => callApi(getChatThread, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}

/** The first message opens the thread; the answer holds it once the reply is complete. */
export const startThread = (body: ChatThreadCreateInput): Promise<ChatThread> =>
  callApi(createChatThread, { body });

export const sendMessage = (id: string, text: string): Promise<ChatThread> =>
  callApi(sendChatMessage, { params: { id }, body: { text } });

/** The conversation as it is now (after a call that found it changed elsewhere). */
export const readThread = (id: string): Promise<ChatThread> => callApi(getChatThread, { params: { id } });

export const endThread = (id: string): Promise<ChatThread> => callApi(endChatThread, { params: { id } });

export const answerSafety = (id: string, atRisk: boolean): Promise<ChatThread> =>
  callApi(answerChatSafety, { params: { id }, body: { atRisk } });

export function useDeleteChatThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(deleteChatThread, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKey }),
  });
}

/** After a call that changed a thread: the lists read it again. */
export function useRefreshChatLists() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: threadsKey });
}
