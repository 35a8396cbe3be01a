import type { Language } from '@shared/contracts/headers';
import type { ChatMode } from '@shared/domain/chat';
import type { FeelingChatContext } from '../../feelings';

/** One turn of the conversation as an assistant reads it. */
export interface Turn {
  user: 'me' | 'assistant';
  text: string;
  contextId?: string | undefined;
  cardId?: string | undefined;
}

export interface ReplyInput {
  mode: ChatMode;
  language: Language;
  userName?: string | undefined;
  feeling?: FeelingChatContext | undefined;
  /** Every turn so far, oldest first; the person's new message last. */
  turns: readonly Turn[];
}

/** How a reply ended. */
export interface Reply {
  text: string;
  /** `complete`; `interrupted` (the stream broke: what was written is kept, marked in error); `risk`
   * (the model's guardrail stopped it on a self-harm topic: the safety step takes over). */
  end: 'complete' | 'interrupted' | 'risk';
  contextId?: string | undefined;
  cardId?: string | undefined;
}

/**
 * Who answers the person (decision 0054): the model through Bedrock in AWS, the scripted local
 * assistant on `npm start`. Both stream: `onText` gets the reply written so far, as it grows.
 */
export interface Assistant {
  readonly kind: 'model' | 'local';
  reply(input: ReplyInput, onText: (soFar: string) => Promise<void>): Promise<Reply>;
  /** The closing summary of the conversation, fewer than 500 characters. */
  summarise(input: ReplyInput): Promise<string>;
}
