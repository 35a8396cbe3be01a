import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type WebSocket from 'ws';
import type { ChatEvent, ChatThread, ChatThreadSummary } from '@shared/contracts/chat';
import { CHAT_DAILY_MESSAGES, CHAT_SUMMARY_MAX_LENGTH, CHAT_THREAD_MAX_MESSAGES } from '@shared/domain/chat';
import { chatDb } from '../../functions/chat/store';
import { usersDb } from '../../functions/users/store';
import { callerOf, eventually, openRealtime, startTestStack, type TestStack, type Tokens } from './harness';

/**
 * The assistant chat over HTTP and WebSocket on the local stack (decision 0054): the local
 * assistant's reply streams as `chat` events, in order, to its owner only; a thread is its owner's
 * alone; the budget, the length and bad input answer their keys; a sign of risk switches the
 * conversation to the safety step, and a "no" is not the end of listening.
 */
let stack: TestStack;
let ana: Tokens; // Essentials
let ben: Tokens; // Essentials, someone else
let cara: Tokens; // Starter
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;
const call = callerOf(() => stack);
const THREADS = '/v1/ai/chat-threads';

type Errors = { key?: string; errors: { key: string; field?: string; values?: Record<string, unknown> }[] };

/** The conversations here are in English (the harness speaks French unless told). */
const EN = { 'x-language': 'en' };
const open = (who: Tokens, text: string, extra: Record<string, unknown> = {}) =>
  call<ChatThread & Errors>(who, THREADS, 'POST', { mode: 'explore', text, ...extra }, EN);
const send = (who: Tokens, id: string, text: string) =>
  call<ChatThread & Errors>(who, `${THREADS}/${id}/messages`, 'POST', { text }, EN);
const last = (thread: ChatThread) => thread.messages.at(-1)!;

beforeAll(async () => {
  stack = await startTestStack();
  ana = await stack.signInWithCode('ana.chat@example.be', { firstName: 'Ana', locale: 'en' });
  ben = await stack.signInWithCode('ben.chat@example.be', { firstName: 'Ben', locale: 'en' });
  cara = await stack.signInWithCode('cara.chat@example.be', { firstName: 'Cara', locale: 'en' });
  for (const who of [ana, ben])
    await usersDb()
      .entities.user.patch({ userId: idOf(who) })
      .set({ subscription: 'essentials' })
      .go();
});
afterAll(async () => {
  await stack?.stop();
});

describe('who may talk to the assistant', () => {
  it('refuses a guest (403) and a Starter person (403): the model’s cost is a plan’s', async () => {
    const guest = await stack.signInAsGuest({ link: 'http://127.0.0.1/chat' });
    expect((await open(guest, 'Hello')).status).toBe(403);
    expect((await open(cara, 'Hello')).status).toBe(403);
  });

  it('refuses bad input with the keys of the fields, and writes nothing', async () => {
    const bad = await call<Errors>(ana, THREADS, 'POST', { mode: 'chat', text: '  ' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'body.mode' }),
        { key: 'required', field: 'body.text' },
      ]),
    );
    const long = await open(ana, 'x'.repeat(2001));
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatchObject({ key: 'length-out-of-range-error', field: 'body.text' });
    const notMine = await open(ana, 'Hello', { feelingContext: { feelingId: 'someone-elses' } });
    expect(notMine.status).toBe(400);
    expect(notMine.body.errors).toEqual([
      { key: 'chat-feeling-not-valid', field: 'body.feelingContext.feelingId' },
    ]);
    const list = await call<{ count: number }>(ana, THREADS);
    expect(list.body.count).toBe(0);
  });
});

describe('a conversation', () => {
  let thread: ChatThread;
  let socket: WebSocket;
  let other: WebSocket;
  const heard: { type: string; action: string; chat?: ChatEvent }[] = [];
  const otherHeard: unknown[] = [];

  beforeAll(async () => {
    socket = await openRealtime(stack, ana);
    socket.on('message', (data: Buffer) => heard.push(JSON.parse(data.toString()) as (typeof heard)[number]));
    other = await openRealtime(stack, ben);
    other.on('message', (data: Buffer) => otherHeard.push(JSON.parse(data.toString())));
  });
  afterAll(() => {
    socket?.close();
    other?.close();
  });

  it('streams the reply as chat events in order, to its owner only, and answers the whole thread', async () => {
    const created = await open(ana, 'My manager shouted at me in front of everyone', {
      enableWebsocket: true,
      userName: 'Ana',
    });
    expect(created.status).toBe(201);
    thread = created.body;
    expect(thread).toMatchObject({ mode: 'explore', status: 'open', assistant: 'local' });
    expect(thread.messages.map((m) => [m.user, m.status, m.isWriting])).toEqual([
      ['me', 'completed', false],
      ['assistant', 'completed', false],
    ]);
    const reply = last(thread);
    expect(reply.text).toMatch(/^Ana, thank you for sharing this\. What happened just before/);
    expect(reply.contextId).toBe('what-happened');

    const chat = await eventually(async () => {
      const events = heard.filter((e) => e.chat?.threadId === thread.id);
      return events.at(-1)?.chat?.message.status === 'completed' ? events : undefined;
    });
    expect(chat[0]).toMatchObject({
      type: 'chat',
      action: 'created',
      chat: { message: { isWriting: true, text: '' } },
    });
    expect(chat.slice(1).every((e) => e.action === 'updated')).toBe(true);
    expect(chat.length).toBeGreaterThanOrEqual(3);
    // Each event holds the reply written so far: it only grows, and ends as the HTTP answer's.
    const texts = chat.map((e) => e.chat!.message.text);
    for (let i = 1; i < texts.length; i++) expect(texts[i]!.startsWith(texts[i - 1]!)).toBe(true);
    expect(texts.at(-1)).toBe(reply.text);
    expect(chat.at(-1)!.chat!.message).toMatchObject({ id: reply.id, isWriting: false });
    expect(otherHeard.some((e) => JSON.stringify(e).includes(thread.id))).toBe(false);
  });

  it('asks the scripted questions one after another, then offers a technique', async () => {
    const second = await send(ana, thread.id, 'In my chest, it is tight');
    expect(last(second.body).contextId).toBe('where-in-body');
    const third = await send(ana, thread.id, 'To be respected');
    expect(last(third.body).contextId).toBe('what-need');
    const fourth = await send(ana, thread.id, 'I do not know');
    expect(last(fourth.body).cardId).toBeTruthy();
    expect(last(fourth.body).text).toContain('I am not a therapist');
    thread = fourth.body;
    expect(thread.messages).toHaveLength(8);
  });

  it('is its owner’s alone: another person gets 404 on it, whatever they do', async () => {
    const path = `${THREADS}/${thread.id}`;
    expect((await call(ben, path)).status).toBe(404);
    expect((await send(ben, thread.id, 'hello')).status).toBe(404);
    expect((await call(ben, `${path}/end`, 'POST')).status).toBe(404);
    expect((await call(ben, `${path}/safety`, 'POST', { atRisk: false })).status).toBe(404);
    expect((await call(ben, path, 'DELETE')).status).toBe(404);
    expect((await call<{ count: number }>(ben, THREADS)).body.count).toBe(0);
    expect((await call<ChatThread>(ana, path)).body.messages).toHaveLength(8);
  });

  it('ends with a summary of fewer than 500 characters; a completed thread ignores further messages', async () => {
    const ended = await call<ChatThread>(ana, `${THREADS}/${thread.id}/end`, 'POST');
    expect(ended.status).toBe(200);
    expect(ended.body.status).toBe('completed');
    expect(ended.body.summary!.length).toBeLessThanOrEqual(CHAT_SUMMARY_MAX_LENGTH);
    expect(ended.body.summary).toContain('My manager shouted at me');
    const ignored = await send(ana, thread.id, 'One more thing');
    expect(ignored.status).toBe(200);
    expect(ignored.body.messages).toHaveLength(8);
    const again = await call<ChatThread>(ana, `${THREADS}/${thread.id}/end`, 'POST');
    expect(again.body.summary).toBe(ended.body.summary);
  });

  it('lists the owner’s threads and deletes one', async () => {
    const list = await call<{ count: number; items: ChatThreadSummary[] }>(ana, THREADS);
    expect(list.body.items.map((t) => t.id)).toContain(thread.id);
    expect(list.body.items.find((t) => t.id === thread.id)).toMatchObject({
      title: 'My manager shouted at me in front of everyone',
      messageCount: 8,
    });
    expect((await call(ana, `${THREADS}/${thread.id}`, 'DELETE')).status).toBe(204);
    expect((await call(ana, `${THREADS}/${thread.id}`)).status).toBe(404);
  });
});

describe('the crisis pathway', () => {
  it('stops coaching at a plain statement of risk, asks, and shows the safety step to a yes', async () => {
    const started = await open(ana, 'I had a terrible week');
    const id = started.body.id;
    const risk = await send(ana, id, 'honestly I want to die');
    expect(risk.body.status).toBe('safety');
    expect(last(risk.body)).toMatchObject({ kind: 'safety-question', status: 'completed' });
    expect(last(risk.body).text).toContain('are you thinking about ending your life');

    const yes = await call<ChatThread>(ana, `${THREADS}/${id}/safety`, 'POST', { atRisk: true });
    expect(yes.body.status).toBe('safety');
    expect(last(yes.body)).toMatchObject({ kind: 'safety-resources' });
    expect(last(yes.body).text).toContain('112');
    // No more coaching: a further message is answered by the safety step.
    const after = await send(ana, id, 'what technique should I try?');
    expect(last(after.body)).toMatchObject({ kind: 'safety-resources' });
    expect(last(after.body).cardId).toBeUndefined();
    const twice = await call<Errors>(ana, `${THREADS}/${id}/safety`, 'POST', { atRisk: false });
    expect(twice.status).toBe(409);
    expect(twice.body.key).toBe('chat-not-in-safety-step');
  });

  it('asks after two signs of concern, hears a no, and asks again at the next sign rather than dismissing it', async () => {
    const started = await open(ana, 'I just cannot take it anymore');
    expect(started.body.status).toBe('open');
    const id = started.body.id;
    const second = await send(ana, id, 'everything feels hopeless');
    expect(second.body.status).toBe('safety');
    const no = await call<ChatThread>(ana, `${THREADS}/${id}/safety`, 'POST', { atRisk: false });
    expect(no.body.status).toBe('open');
    expect(last(no.body).kind).toBe('text');
    const calm = await send(ana, id, 'ok, my chest is tight');
    expect(calm.body.status).toBe('open');
    const again = await send(ana, id, 'still hopeless though');
    expect(again.body.status).toBe('safety');
    expect(last(again.body).kind).toBe('safety-question');
  });

  it('never leaks the conversation into anything but the owner’s own data', async () => {
    const others = await call<{ count: number }>(ben, THREADS);
    expect(others.body.count).toBe(0);
  });
});

describe('the limits', () => {
  it('answers 409 with the limit when a thread reached its length, and keeps it as it was', async () => {
    const started = await open(ana, 'A long talk');
    const id = started.body.id;
    const item = (
      await chatDb()
        .entities.chatThread.get({ userId: idOf(ana), threadId: id })
        .go()
    ).data!;
    const filler = Array.from({ length: CHAT_THREAD_MAX_MESSAGES - 1 }, (_, i) => ({
      ...item.messages[0]!,
      id: `filler-${i}`,
    }));
    await chatDb()
      .entities.chatThread.patch({ userId: idOf(ana), threadId: id })
      .set({ messages: [...item.messages, ...filler], version: item.version + 1 })
      .go();
    const refused = await send(ana, id, 'one more');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ key: 'chat-thread-too-long' });
    expect(refused.body.errors?.[0]?.values).toEqual({ limit: CHAT_THREAD_MAX_MESSAGES });
  });

  it('answers 429 with the day’s limit when the messages of the day are used, and writes nothing', async () => {
    const days = await chatDb()
      .entities.chatBudget.query.byUser({ userId: idOf(ana) })
      .go();
    const today = days.data[0]!;
    await chatDb()
      .entities.chatBudget.patch({ userId: idOf(ana), day: today.day })
      .set({ used: CHAT_DAILY_MESSAGES })
      .go();
    const before = (await call<{ count: number }>(ana, THREADS)).body.count;
    const refused = await open(ana, 'Hello again');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ key: 'chat-budget-exceeded' });
    expect(refused.body.errors?.[0]?.values).toEqual({ limit: CHAT_DAILY_MESSAGES });
    expect((await call<{ count: number }>(ana, THREADS)).body.count).toBe(before);
  });
});
