import type { TerminalFeelingCreate } from '@shared/contracts/terminals';
import { ApiError, NETWORK_ERROR_KEY } from '../../lib/errors';

/**
 * A kiosk's answers waiting to be sent (decision 0028). Every tap is written here first, with the
 * `clientId` that makes it count once and the time the visitor tapped, then sent; it leaves the
 * queue only when the server has it (201, or 200 for one it had already) or refused it for good
 * (a 4xx other than 429: sent again it would be refused again, so it is dropped with a console
 * error rather than tried forever). A network failure, a 429 or a 5xx keeps it for the next flush:
 * on the `online` event and on a timer. The queue lives in localStorage, so a reload or a crash of
 * the kiosk loses nothing.
 */

export type QueuedAnswer = TerminalFeelingCreate;

/** What became of one send. */
export type SendOutcome = 'sent' | 'retry' | 'drop';

/** The outcome of a send that threw: keep it for later, or drop it for good. */
export function outcomeOfError(error: unknown): SendOutcome {
  if (!(error instanceof ApiError)) return 'retry';
  if (error.status === 0 || error.keys.includes(NETWORK_ERROR_KEY)) return 'retry';
  if (error.status === 429 || error.status >= 500) return 'retry';
  if (error.status >= 400) return 'drop';
  return 'retry';
}

export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const queueStorageKey = (terminalId: string) => `terminal:${terminalId}:queue`;

function isAnswer(value: unknown): value is QueuedAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.clientId === 'string' && typeof v.good === 'boolean' && typeof v.recordedAt === 'string';
}

export class AnswerQueue {
  private flushing: Promise<void> | undefined;
  private readonly listeners = new Set<(size: number) => void>();

  constructor(
    private readonly terminalId: string,
    /** Sends one answer; throws an ApiError (or a network error) when it fails. */
    private readonly send: (answer: QueuedAnswer) => Promise<unknown>,
    private readonly storage: QueueStorage,
    private readonly isOnline: () => boolean = () => navigator.onLine,
  ) {}

  /** The waiting answers, oldest first. */
  items(): QueuedAnswer[] {
    try {
      const raw = this.storage.getItem(queueStorageKey(this.terminalId));
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? parsed.filter(isAnswer) : [];
    } catch {
      return [];
    }
  }

  get size(): number {
    return this.items().length;
  }

  private write(items: QueuedAnswer[]): void {
    this.storage.setItem(queueStorageKey(this.terminalId), JSON.stringify(items));
    for (const listener of this.listeners) listener(items.length);
  }

  /** Called with the queue's size after every change. */
  subscribe(listener: (size: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Writes an answer to the queue (once per clientId), then tries to send everything waiting. */
  async add(answer: QueuedAnswer): Promise<void> {
    const items = this.items();
    if (!items.some((a) => a.clientId === answer.clientId)) this.write([...items, answer]);
    await this.flush();
  }

  private remove(clientId: string): void {
    this.write(this.items().filter((a) => a.clientId !== clientId));
  }

  /**
   * Sends the waiting answers one by one, oldest first, and stops at the first that must wait
   * (offline, the server busy or unreachable). One flush at a time: a flush asked while one runs
   * waits for it.
   */
  flush(): Promise<void> {
    this.flushing ??= this.run().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async run(): Promise<void> {
    for (const answer of this.items()) {
      if (!this.isOnline()) return;
      let outcome: SendOutcome;
      try {
        await this.send(answer);
        outcome = 'sent';
      } catch (error) {
        outcome = outcomeOfError(error);
        if (outcome === 'drop') console.error('A terminal answer was refused and dropped', answer, error);
      }
      if (outcome === 'retry') return;
      this.remove(answer.clientId);
    }
  }
}
