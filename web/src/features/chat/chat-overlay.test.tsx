// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import { notifications } from '@mantine/notifications';
import type { ChatMessage, ChatThread } from '@shared/contracts/chat';
import i18n from '../../i18n';
import { setConfig } from '../../lib/config';
import { handOverChatEvent } from '../../lib/realtime';
import { expectNoAxeViolations } from '../../test/axe';
import { chatFeeling, chatMessage, chatThread, sentBodies, serveChat } from '../../test/chat-server';
import { jsonResponse, LocationProbe, renderPage, testConfig } from '../../test/render';
import ChatOverlay from './chat-overlay';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const CREATE = 'POST /v1/ai/chat-threads';
const SEND = 'POST /v1/ai/chat-threads/t-1/messages';

const Q1 = 'Ada, what happened just before you started feeling this way?';
const Q2 = 'Where do you notice it in your body right now?';
const mine = chatMessage('m-1', 'me', 'I feel tense');
const first = chatMessage('m-2', 'assistant', Q1, { contextId: 'what-happened' });
const second = [
  chatMessage('m-3', 'me', 'The meeting'),
  chatMessage('m-4', 'assistant', Q2, { contextId: 'where-in-body' }),
];

function renderDialog(search: string) {
  return renderPage(
    <>
      <ChatOverlay params={new URLSearchParams(search)} done={vi.fn()} close={vi.fn()} />
      <LocationProbe />
    </>,
    { entry: `/?show=chat&${search}` },
  );
}

const input = () => screen.getByTestId('chat-input') as HTMLTextAreaElement;
function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
}
const pressEnter = (shiftKey = false) => fireEvent.keyDown(input(), { key: 'Enter', shiftKey });

/** A `chat` realtime event of the reply being written in t-1. */
function writing(text: string, status: ChatMessage['status'] = 'in-progress') {
  act(() =>
    handOverChatEvent({
      type: 'chat',
      action: 'updated',
      chat: {
        threadId: 't-1',
        message: chatMessage('m-2', 'assistant', text, { status, isWriting: status === 'in-progress' }),
      },
    }),
  );
}

/** A fetch answer the test gives when it wants. */
function deferred() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The text among the conversation's messages (the live region repeats completed replies). */
const inConversation = (text: string) => within(screen.getByTestId('chat-messages')).getByText(text);
const findInConversation = (text: string) =>
  waitFor(() => expect(inConversation(text)).toBeTruthy(), { timeout: 3000 });

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(async () => {
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-1' } },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('fr');
});

describe('the chat dialog', () => {
  it('opens the thread with the first message (about the feeling, streamed, with the first name), then sends the next ones to it', async () => {
    serveChat(fetchMock, {
      [CREATE]: () => jsonResponse(201, chatThread([mine, first])),
      [SEND]: () => jsonResponse(200, chatThread([mine, first, ...second])),
    });
    renderDialog('mode=explore&feelingId=f-1');
    expect(screen.getByTestId('chat-assistant-label').textContent).toContain('Local scripted assistant');
    expect(screen.getByTestId('chat-assistant-label').textContent).toContain('Not an AI');
    // The box shows once the account's rights are read.
    await screen.findByTestId('chat-input');

    type('I feel tense');
    pressEnter(true);
    expect(sentBodies(fetchMock, CREATE)).toEqual([]);
    pressEnter();
    expect(input().value).toBe('');
    expect(screen.getByTestId('chat-message-sending').textContent).toContain('I feel tense');
    await findInConversation(Q1);
    expect(sentBodies(fetchMock, CREATE)).toEqual([
      {
        mode: 'explore',
        text: 'I feel tense',
        enableWebsocket: true,
        userName: 'Ada',
        feelingContext: { feelingId: 'f-1' },
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('chat-live').textContent).toBe(Q1));

    type('The meeting');
    fireEvent.click(screen.getByTestId('chat-send'));
    await findInConversation(Q2);
    expect(sentBodies(fetchMock, SEND)).toEqual([{ text: 'The meeting' }]);
    expect(sentBodies(fetchMock, CREATE)).toHaveLength(1);
    const items = within(screen.getByTestId('chat-messages')).getAllByTestId('chat-message');
    expect(items.map((item) => item.getAttribute('data-user'))).toEqual([
      'me',
      'assistant',
      'me',
      'assistant',
    ]);
    expect(items[0]?.textContent).toBe('YouI feel tense');
    await waitFor(() => expect(screen.getByTestId('chat-live').textContent).toBe(Q2));
    await expectNoAxeViolations();
  });

  it('shows the reply growing from the chat events, out of the live region, after the writing indicator', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = deferred();
    serveChat(fetchMock, { [CREATE]: () => answer.promise });
    renderDialog('mode=explore');
    await tick(50);
    type('I feel tense');
    pressEnter();
    await tick(0);
    writing('');
    writing('Ada, what happened');
    await tick(740);
    // Nothing shown yet: the indicator waits 750 ms, a scripted question a second.
    expect(screen.queryByTestId('chat-writing')).toBeNull();
    expect(screen.queryByTestId('chat-streaming')).toBeNull();
    await tick(10);
    expect(screen.getByTestId('chat-writing').textContent).toBe('The assistant is writing…');
    await tick(250);
    expect(screen.queryByTestId('chat-writing')).toBeNull();
    expect(screen.getByTestId('chat-streaming').textContent).toContain('Ada, what happened');
    writing('Ada, what happened just before');
    expect(screen.getByTestId('chat-streaming').textContent).toContain('Ada, what happened just before');
    expect(screen.getByTestId('chat-live').textContent).toBe('');

    answer.resolve(jsonResponse(201, chatThread([mine, first])));
    await tick(10);
    expect(screen.queryByTestId('chat-streaming')).toBeNull();
    expect(inConversation(Q1)).toBeTruthy();
    expect(screen.getByTestId('chat-live').textContent).toBe(Q1);
    // The last event comes after the answer: it changes nothing.
    writing(Q1, 'completed');
    expect(screen.queryByTestId('chat-streaming')).toBeNull();
  });

  it('with the model, shows the first words at once and no writing indicator; events of another conversation are not shown', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = deferred();
    serveChat(fetchMock, { [CREATE]: () => answer.promise });
    renderDialog('mode=regain-control');
    setConfig({ ...testConfig, environment: 'aws' });
    await tick(50);
    expect(screen.getByTestId('chat-assistant-label').textContent).toContain('beta');
    type('Everything is too much');
    pressEnter();
    await tick(100);
    writing('I am here');
    expect(screen.getByTestId('chat-streaming').textContent).toContain('I am here');
    act(() =>
      handOverChatEvent({
        type: 'chat',
        action: 'updated',
        chat: { threadId: 't-other', message: chatMessage('x-1', 'assistant', 'Another tab') },
      }),
    );
    expect(screen.queryByText('Another tab')).toBeNull();
    await tick(1000);
    expect(screen.queryByTestId('chat-writing')).toBeNull();
    answer.resolve(
      jsonResponse(
        201,
        chatThread([mine, chatMessage('m-2', 'assistant', 'I am here with you.')], {
          assistant: 'model',
          mode: 'regain-control',
        }),
      ),
    );
    await tick(10);
    expect(inConversation('I am here with you.')).toBeTruthy();
    expect(sentBodies(fetchMock, CREATE)[0]).toMatchObject({ mode: 'regain-control' });
    setConfig(testConfig);
  });

  it('a failed call shows the error and gives the typed text back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveChat(fetchMock, {
      'GET /v1/ai/chat-threads/t-1': () => jsonResponse(200, chatThread([mine, first])),
      [SEND]: () => jsonResponse(429, { errors: [{ key: 'chat-budget-exceeded', values: { limit: 60 } }] }),
    });
    renderDialog('threadId=t-1');
    await findInConversation(Q1);
    // Messages already there when the dialog opens are not announced again.
    expect(screen.getByTestId('chat-live').textContent).toBe('');
    await screen.findByTestId('chat-input');
    type('The meeting');
    pressEnter();
    await waitFor(() => expect(vi.mocked(notifications.show)).toHaveBeenCalledTimes(1));
    expect(vi.mocked(notifications.show).mock.calls[0]?.[0]).toMatchObject({
      color: 'red',
      message: i18n.t('errors.chat-budget-exceeded', { limit: 60 }),
    });
    expect(input().value).toBe('The meeting');
    expect(screen.queryByTestId('chat-message-sending')).toBeNull();
    expect(screen.getAllByTestId('chat-message')).toHaveLength(2);
  });

  it('marks a reply that was cut, and offers the technique of a card in the help overlay', async () => {
    serveChat(fetchMock, {
      'GET /v1/ai/chat-threads/t-1': () =>
        jsonResponse(
          200,
          chatThread([
            mine,
            chatMessage('m-2', 'assistant', 'Here is something you could try', {
              cardId: 'five-senses',
              inError: true,
            }),
          ]),
        ),
    });
    renderDialog('threadId=t-1');
    expect((await screen.findByTestId('chat-cut-off')).textContent).toBe('The reply was cut off.');
    const card = screen.getByTestId('chat-card-five-senses');
    expect(card.textContent).toContain('5-4-3-2-1');
    fireEvent.click(within(card).getByRole('button', { name: 'Open “5-4-3-2-1”' }));
    expect(screen.getByTestId('location').textContent).toBe('/?show=regulation&technique=five-senses');
  });

  it('asks about safety with Yes and No; Yes shows who to call, with links that dial', async () => {
    serveChat(fetchMock, {
      'GET /v1/ai/chat-threads/t-1': () =>
        jsonResponse(
          200,
          chatThread(
            [
              chatMessage('m-1', 'me', 'I want to die'),
              chatMessage('m-2', 'assistant', 'Are you thinking about ending your life?', {
                kind: 'safety-question',
              }),
            ],
            { status: 'safety' },
          ),
        ),
      'POST /v1/ai/chat-threads/t-1/safety': (init) => {
        const { atRisk } = JSON.parse(String(init?.body)) as { atRisk: boolean };
        return jsonResponse(
          200,
          chatThread(
            [
              chatMessage('m-1', 'me', 'I want to die'),
              chatMessage('m-2', 'assistant', 'Are you thinking about ending your life?', {
                kind: 'safety-question',
              }),
              chatMessage('m-3', 'assistant', atRisk ? 'Thank you for telling me.' : 'Shall we go on?', {
                kind: atRisk ? 'safety-resources' : 'text',
              }),
            ],
            { status: atRisk ? 'safety' : 'open' },
          ),
        );
      },
    });
    renderDialog('threadId=t-1');
    const question = await screen.findByTestId('chat-safety-question');
    expect(within(question).getByRole('button', { name: 'No' })).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Yes' }));
    const step = await screen.findByTestId('safety-step');
    expect(sentBodies(fetchMock, 'POST /v1/ai/chat-threads/t-1/safety')).toEqual([{ atRisk: true }]);
    expect(screen.queryByTestId('chat-safety-question')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(step));
    expect(screen.getByTestId('chat-live').textContent).toBe('Thank you for telling me.');
    const lines = within(step).getAllByTestId(/^crisis-line-/);
    expect(lines[0]?.getAttribute('data-testid')).toBe('crisis-line-be-112');
    expect(screen.getByTestId('crisis-call-be-112').getAttribute('href')).toBe('tel:112');
    expect(screen.getByTestId('crisis-call-be-cps-0800-32-123').getAttribute('href')).toBe('tel:+3280032123');
    expect(step.querySelectorAll('a[href^="tel:"]').length).toBeGreaterThanOrEqual(5);
    expect(screen.getByTestId('safety-grounding').textContent).toContain('Name 5 things you can see.');
    await expectNoAxeViolations();
  });

  it('after No, the conversation goes on and the focus is back in the message box', async () => {
    serveChat(fetchMock, {
      'GET /v1/ai/chat-threads/t-1': () =>
        jsonResponse(
          200,
          chatThread(
            [
              chatMessage('m-1', 'me', 'I cannot go on'),
              chatMessage('m-2', 'assistant', 'Are you thinking about ending your life?', {
                kind: 'safety-question',
              }),
            ],
            { status: 'safety' },
          ),
        ),
      'POST /v1/ai/chat-threads/t-1/safety': () =>
        jsonResponse(
          200,
          chatThread([
            chatMessage('m-1', 'me', 'I cannot go on'),
            chatMessage('m-2', 'assistant', 'Are you thinking about ending your life?', {
              kind: 'safety-question',
            }),
            chatMessage('m-3', 'assistant', 'Shall we go on?'),
          ]),
        ),
    });
    renderDialog('threadId=t-1');
    fireEvent.click(await screen.findByTestId('chat-safety-no'));
    await findInConversation('Shall we go on?');
    expect(sentBodies(fetchMock, 'POST /v1/ai/chat-threads/t-1/safety')).toEqual([{ atRisk: false }]);
    expect(screen.queryByTestId('chat-safety-question')).toBeNull();
    expect(screen.queryByTestId('safety-step')).toBeNull();
    expect(document.activeElement).toBe(input());
  });

  it('ends after a confirmation, shows the summary and saves it into the feeling’s notes', async () => {
    const summary = 'You talked about feeling tense before a meeting.';
    let feeling = chatFeeling();
    serveChat(fetchMock, {
      'GET /v1/ai/chat-threads/t-1': () => jsonResponse(200, chatThread([mine, first, ...second])),
      'POST /v1/ai/chat-threads/t-1/end': () =>
        jsonResponse(200, chatThread([mine, first, ...second], { status: 'completed', summary })),
      'GET /v1/feelings/f-1': () => jsonResponse(200, feeling),
      'PUT /v1/feelings/f-1': (init) => {
        const body = JSON.parse(String(init?.body)) as {
          personalNotes: { value: string; type: 'private' }[];
        };
        feeling = {
          ...feeling,
          personalNotes: body.personalNotes.map((note, index) => ({ ...note, id: index + 1 })),
        };
        return jsonResponse(200, feeling);
      },
    });
    renderDialog('threadId=t-1');
    fireEvent.click(await screen.findByTestId('chat-end'));
    const confirm = await screen.findByTestId('chat-end-dialog');
    expect(confirm.textContent).toContain('End this conversation?');
    expect(confirm.textContent).toContain('The assistant will write a short summary.');
    fireEvent.click(screen.getByTestId('chat-end-confirm'));
    expect((await screen.findByTestId('chat-summary')).textContent).toBe(summary);
    expect(screen.queryByTestId('chat-input')).toBeNull();

    fireEvent.click(await screen.findByTestId('chat-save-summary'));
    expect(await screen.findByTestId('chat-summary-saved')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT /v1/feelings/f-1')).toEqual([
      {
        personalNotes: [
          { id: 1, value: 'Deadline tomorrow', type: 'professional' },
          { value: summary, type: 'private' },
        ],
      },
    ]);
    fireEvent.click(screen.getByTestId('chat-open-feeling'));
    expect(screen.getByTestId('location').textContent).toBe('/?show=update-feeling&feelingId=f-1');
  });

  it('says clearly when the feeling can no longer be changed, before or while saving', async () => {
    const ended = (messages: ChatThread['messages']) =>
      chatThread(messages, { status: 'completed', summary: 'A short summary.' });
    serveChat(fetchMock, {
      'GET /v1/ai/chat-threads/t-1': () => jsonResponse(200, ended([mine, first])),
      'GET /v1/feelings/f-1': () => jsonResponse(200, chatFeeling({ editable: false })),
    });
    const view = renderDialog('threadId=t-1');
    expect((await screen.findByTestId('chat-summary-frozen')).textContent).toContain(
      'This feeling can no longer be changed',
    );
    expect(screen.queryByTestId('chat-save-summary')).toBeNull();
    expect(screen.getByTestId('chat-summary-copy')).toBeTruthy();
    view.unmount();

    serveChat(fetchMock, {
      'GET /v1/ai/chat-threads/t-1': () => jsonResponse(200, ended([mine, first])),
      'GET /v1/feelings/f-1': () => jsonResponse(200, chatFeeling()),
      'PUT /v1/feelings/f-1': () => jsonResponse(409, { key: 'feeling-frozen' }),
    });
    renderDialog('threadId=t-1');
    fireEvent.click(await screen.findByTestId('chat-save-summary'));
    expect(await screen.findByTestId('chat-summary-frozen')).toBeTruthy();
    expect(vi.mocked(notifications.show)).not.toHaveBeenCalled();
  });

  it('lets a person without Essentials read and end a conversation, not write in it', async () => {
    serveChat(
      fetchMock,
      { 'GET /v1/ai/chat-threads/t-1': () => jsonResponse(200, chatThread([mine, first])) },
      { subscription: 'starter' },
    );
    renderDialog('threadId=t-1');
    await findInConversation(Q1);
    expect(await screen.findByTestId('chat-reserved')).toBeTruthy();
    expect(screen.queryByTestId('chat-input')).toBeNull();
    expect(screen.getByTestId('chat-end')).toBeTruthy();
  });
});
