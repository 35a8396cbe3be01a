import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import WebSocket from 'ws';
import type { ChatThread } from '@shared/contracts/chat';
import type { RealtimeEvent } from '@shared/contracts/realtime';
import { usersDb } from '../../functions/users/store';
import type { TestStack } from '../integration/harness';

/**
 * The assistant's streamed reply (decision 0054), measured by `npm run bench` (registered in
 * tests/bench/run.ts; `BENCH_ONLY=assistant` runs it alone): a person with Essentials and an open
 * realtime connection opens a conversation, one after the other, and for each the bench times the
 * first `chat` event (the empty message being written), the first event with text (what the person
 * first reads), the last event (the reply complete) and the HTTP answer. The local assistant paces
 * its words like a model (LOCAL_ASSISTANT_WORD_MS, 15 ms a word by default): the product's own time
 * is the whole reply less that pacing.
 */
export const CHAT_SECTION = 'Assistant chat: a streamed reply of the local assistant';
const SAMPLES = 15;

interface Sample {
  firstEventMs: number;
  firstTextMs: number;
  lastEventMs: number;
  answerMs: number;
  words: number;
  events: number;
}

export interface ChatBench {
  date: string;
  samples: number;
  wordPacingMs: number;
  medians: Omit<Sample, 'words' | 'events'> & { words: number; events: number; overheadMs: number };
}

let last: ChatBench | null = null;
let lastFile = 'chat.json';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const round = (n: number) => Math.round(n * 10) / 10;

export async function benchChatStream(
  stack: TestStack,
  options: { selected: (name: string) => boolean; selectedRun: boolean; results: string },
): Promise<ChatBench | null> {
  if (!options.selected(CHAT_SECTION)) return null;
  const tokens = await stack.signInWithCode('bench.chat@example.be', { firstName: 'Chloé', locale: 'en' });
  const userId = decodeJwt(tokens.accessToken).sub as string;
  await usersDb().entities.user.patch({ userId }).set({ subscription: 'essentials' }).go();
  const socket = new WebSocket(`${stack.endpoints.ws}?token=${encodeURIComponent(tokens.idToken)}`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const heard: { at: number; event: RealtimeEvent }[] = [];
  socket.on('message', (data: Buffer) =>
    heard.push({ at: performance.now(), event: JSON.parse(data.toString()) as RealtimeEvent }),
  );
  const samples: Sample[] = [];
  try {
    for (let i = 0; i < SAMPLES + 2; i++) {
      heard.length = 0;
      const start = performance.now();
      const response = await fetch(`${stack.endpoints.api}/v1/ai/chat-threads`, {
        method: 'POST',
        headers: {
          authorization: tokens.accessToken,
          'content-type': 'application/json',
          'x-language': 'en',
        },
        body: JSON.stringify({
          mode: 'explore',
          text: 'My manager shouted at me today',
          enableWebsocket: true,
        }),
      });
      const answerMs = performance.now() - start;
      if (response.status !== 201) throw new Error(`The bench conversation answered ${response.status}`);
      const thread = (await response.json()) as ChatThread;
      // The last event may land just after the HTTP answer.
      await new Promise((r) => setTimeout(r, 50));
      const mine = heard.filter((h) => h.event.chat?.threadId === thread.id);
      const withText = mine.find((h) => (h.event.chat?.message.text ?? '') !== '');
      if (!mine[0] || !withText) throw new Error('The bench conversation streamed no event');
      // The first two warm the path up.
      if (i < 2) continue;
      samples.push({
        firstEventMs: mine[0].at - start,
        firstTextMs: withText.at - start,
        lastEventMs: (mine.at(-1)?.at ?? start) - start,
        answerMs,
        words: (thread.messages.at(-1)?.text ?? '').split(' ').length,
        events: mine.length,
      });
    }
  } finally {
    socket.close();
  }
  const wordPacingMs = Number(process.env.LOCAL_ASSISTANT_WORD_MS ?? 15);
  const words = median(samples.map((s) => s.words));
  const answer = median(samples.map((s) => s.answerMs));
  last = {
    date: new Date().toISOString(),
    samples: samples.length,
    wordPacingMs,
    medians: {
      firstEventMs: round(median(samples.map((s) => s.firstEventMs))),
      firstTextMs: round(median(samples.map((s) => s.firstTextMs))),
      lastEventMs: round(median(samples.map((s) => s.lastEventMs))),
      answerMs: round(answer),
      words,
      events: median(samples.map((s) => s.events)),
      overheadMs: round(answer - words * wordPacingMs),
    },
  };
  lastFile = options.selectedRun ? 'chat-selected.json' : 'chat.json';
  writeFileSync(join(options.results, lastFile), JSON.stringify(last, null, 2) + '\n');
  if (!options.selectedRun) rmSync(join(options.results, 'chat-selected.json'), { force: true });
  return last;
}

/** The section of docs/benchmarks.md. */
export function chatStreamLines(bench: ChatBench | null = last): string[] {
  if (!bench) return [];
  const m = bench.medians;
  return [
    `## ${CHAT_SECTION} (decision 0054)`,
    '',
    `Measured by tests/bench/chat-stream.ts, ${bench.date}: ${bench.samples} conversations opened one after the other, each answered with a scripted question of ${m.words} words streamed at ${bench.wordPacingMs} ms a word. Raw figures: \`tests/bench/results/${lastFile}\`.`,
    '',
    '| median of the samples | ms | target | met |',
    '|---|---|---|---|',
    `| first \`chat\` event (the message being written) | ${m.firstEventMs} | < 150 | ${m.firstEventMs < 150 ? 'yes' : '**no**'} |`,
    `| first event with text (what the person first reads) | ${m.firstTextMs} | < 250 | ${m.firstTextMs < 250 ? 'yes' : '**no**'} |`,
    `| last event (the reply complete) | ${m.lastEventMs} | n/a | n/a |`,
    `| HTTP answer (the whole thread) | ${m.answerMs} | n/a | n/a |`,
    `| the product's own time: the answer less the words' pacing | ${m.overheadMs} | < 300 | ${m.overheadMs < 300 ? 'yes' : '**no**'} |`,
    '',
    `${m.events} events per reply: at most one every 120 ms of writing, and the first and the last. The chat`,
    "Lambda's init is its row in the Lambda bundles table above. In AWS the first text waits for the model",
    'and the guardrail, which this machine cannot measure.',
    '',
  ];
}
