// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import i18n from '../../i18n';
import { expectNoAxeViolations } from '../../test/axe';
import { chatSummary, sentBodies, serveChat } from '../../test/chat-server';
import { jsonResponse, LocationProbe, renderPage } from '../../test/render';
import ChatPage from './chat-page';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const LIST = 'GET /v1/ai/chat-threads';
const list = (items: ReturnType<typeof chatSummary>[]) => ({
  count: items.length,
  items,
  max: 200,
  offset: 0,
});

const threads = [
  chatSummary('t-2', 'Everything is too much at work', { status: 'completed', mode: 'regain-control' }),
  chatSummary('t-1', 'I feel tense', { messageCount: 1 }),
];

function renderChatPage() {
  return renderPage(
    <>
      <ChatPage />
      <LocationProbe />
    </>,
    { path: '/apps/chat' },
  );
}

beforeEach(async () => {
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-1' } },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

describe('the chat page', () => {
  it('lists the conversations with their date and state, opens one, and deletes one after a confirmation', async () => {
    let items = [...threads];
    serveChat(fetchMock, {
      [LIST]: () => jsonResponse(200, list(items)),
      'DELETE /v1/ai/chat-threads/t-2': () => {
        items = items.filter((thread) => thread.id !== 't-2');
        return new Response(null, { status: 204 });
      },
    });
    renderChatPage();
    const rows = await screen.findAllByTestId('chat-thread-row');
    expect(rows.map((row) => within(row).getByTestId('chat-thread-title').textContent)).toEqual([
      'Everything is too much at work',
      'I feel tense',
    ]);
    expect(within(rows[0]!).getByTestId('chat-thread-facts').textContent).toMatch(
      /^07\/12\/2026 \d\d:\d\d · Ended · Regaining control · 4 messages$/,
    );
    expect(within(rows[1]!).getByTestId('chat-thread-facts').textContent).toContain('In progress');
    expect(within(rows[1]!).getByTestId('chat-thread-facts').textContent).toContain('1 message');
    expect(screen.getByTestId('chat-new-explore')).toBeTruthy();
    await expectNoAxeViolations();

    fireEvent.click(screen.getByRole('button', { name: 'Open – I feel tense' }));
    expect(screen.getByTestId('location').textContent).toBe('/apps/chat?show=chat&threadId=t-1');
    fireEvent.click(screen.getByTestId('chat-new-regain'));
    expect(screen.getByTestId('location').textContent).toBe('/apps/chat?show=chat&mode=regain-control');

    fireEvent.click(screen.getByRole('button', { name: 'Delete – Everything is too much at work' }));
    const dialog = await screen.findByTestId('chat-delete-dialog');
    expect(dialog.textContent).toContain('“Everything is too much at work” and all its messages are erased.');
    fireEvent.click(screen.getByTestId('chat-delete-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('chat-thread-row')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'DELETE /v1/ai/chat-threads/t-2')).toHaveLength(1);
  });

  it('says when there is no conversation yet', async () => {
    serveChat(fetchMock, { [LIST]: () => jsonResponse(200, list([])) });
    renderChatPage();
    expect((await screen.findByTestId('chat-threads-empty')).textContent).toBe('No conversation yet.');
  });

  it('sends to / whoever may not talk with the assistant and has no conversation', async () => {
    serveChat(fetchMock, { [LIST]: () => jsonResponse(200, list([])) }, { subscription: 'starter' });
    renderChatPage();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('sends a guest to / without asking for conversations', async () => {
    serveChat(fetchMock, {}, { isGuest: true });
    renderChatPage();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(sentBodies(fetchMock, LIST)).toEqual([]);
  });

  it('lets a person whose Essentials ended read and delete their conversations, not start one', async () => {
    serveChat(fetchMock, { [LIST]: () => jsonResponse(200, list(threads)) }, { subscription: 'starter' });
    renderChatPage();
    expect(await screen.findAllByTestId('chat-thread-row')).toHaveLength(2);
    expect(screen.getByTestId('chat-page-reserved').textContent).toContain(
      'You can still read, end and delete your conversations.',
    );
    expect(screen.queryByTestId('chat-new-explore')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/apps/chat');
    await expectNoAxeViolations();
  });
});
