// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import i18n from '../../i18n';
import { renderPage } from '../../test/render';
import { fakeStrategiesServer, strategy } from '../../test/strategies-server';
import LifeCompassOverlay from './life-compass-overlay';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

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

const level = (id: string) => screen.getByTestId(`strategy-level-${id}`).textContent;
const button = (action: string, id: string) => screen.getByTestId(`strategy-${action}-${id}`);
const reasonOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;
const order = () =>
  [...document.querySelectorAll('[data-testid^="strategy-item-"]')].map((li) =>
    li.getAttribute('data-testid')?.replace('strategy-item-', ''),
  );

async function open() {
  renderPage(<LifeCompassOverlay />);
  await screen.findByTestId('strategy-editor');
}

describe('the life compass editor', () => {
  it('indents an item under the one above and back, saving the whole outline each time, focus kept and the level said', async () => {
    const { calls } = fakeStrategiesServer(fetchMock, {
      items: [strategy('a', 'Vision', 0), strategy('b', 'Health', 0), strategy('c', 'Work', 0)],
    });
    await open();
    expect(level('b')).toBe('Level 1');
    fireEvent.click(button('indent', 'b'));
    // Shown before the server answers.
    await waitFor(() => expect(level('b')).toBe('Level 2'));
    await waitFor(() => expect(calls('PUT', '/myself/order')).toHaveLength(1));
    expect(calls('PUT', '/myself/order')[0]).toEqual({
      items: [
        { id: 'a', indent: 0 },
        { id: 'b', indent: 1 },
        { id: 'c', indent: 0 },
      ],
    });
    await waitFor(() => expect(document.activeElement).toBe(button('indent', 'b')));
    expect(screen.getByTestId('strategy-announcer').textContent).toBe(
      '“Health” is now at level 2, under the item above.',
    );
    fireEvent.click(button('outdent', 'b'));
    await waitFor(() => expect(level('b')).toBe('Level 1'));
    await waitFor(() => expect(calls('PUT', '/myself/order')).toHaveLength(2));
    expect(calls('PUT', '/myself/order')[1]).toMatchObject({
      items: [{ id: 'a' }, { id: 'b', indent: 0 }, { id: 'c' }],
    });
  });

  it('refuses the moves the indent rule forbids: each button stays focusable, says why, and sends nothing', async () => {
    const { calls } = fakeStrategiesServer(fetchMock, {
      items: [strategy('a', 'Vision', 0), strategy('b', 'Health', 1)],
    });
    await open();
    for (const [action, id, reason] of [
      ['up', 'a', 'It is already first in the list.'],
      ['indent', 'a', 'The first item stays at the top level.'],
      ['outdent', 'a', 'It is already at the top level.'],
      ['indent', 'b', 'It is already one level below the item above.'],
      ['up', 'b', 'It is already first under its parent item: move the parent, or bring it back one level.'],
      ['down', 'b', 'It is already last in the list.'],
    ] as const) {
      const refused = button(action, id);
      expect(refused.getAttribute('aria-disabled'), `${action} ${id}`).toBe('true');
      expect(refused.hasAttribute('disabled')).toBe(false);
      expect(reasonOf(refused)).toBe(reason);
      fireEvent.click(refused);
      expect(screen.getByTestId('strategy-announcer').textContent).toBe(reason);
    }
    expect(button('down', 'a').getAttribute('aria-disabled')).toBe('true');
    expect(button('outdent', 'b').getAttribute('aria-disabled')).toBeNull();
    expect(calls('PUT', '/myself/order')).toHaveLength(0);
  });

  it('an item whose sub-items reach level 6 cannot be indented: they would pass the deepest level', async () => {
    fakeStrategiesServer(fetchMock, {
      items: [
        strategy('a', 'Vision', 0),
        ...[0, 1, 2, 3, 4, 5].map((indent) => strategy(`b${indent}`, `Step ${indent}`, indent)),
      ],
    });
    await open();
    expect(button('indent', 'b0').getAttribute('aria-disabled')).toBe('true');
    expect(reasonOf(button('indent', 'b0'))).toBe('Its sub-items would go past level 6, the deepest.');
    expect(level('b5')).toBe('Level 6');
  });

  it('moves an item up past its sibling with its sub-items, and keeps the focus on the button pressed', async () => {
    const { calls } = fakeStrategiesServer(fetchMock, {
      items: [
        strategy('a', 'Family', 0),
        strategy('a1', 'Sunday lunch', 1),
        strategy('b', 'Health', 0),
        strategy('b1', 'Run', 1),
      ],
    });
    await open();
    fireEvent.click(button('up', 'b'));
    await waitFor(() => expect(order()).toEqual(['b', 'b1', 'a', 'a1']));
    await waitFor(() => expect(document.activeElement).toBe(button('up', 'b')));
    // Now first, its "move up" says so, and the focus has not been lost.
    expect(button('up', 'b').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('strategy-announcer').textContent).toBe(
      '“Health” moved up: item 1 of 4, level 1.',
    );
    await waitFor(() =>
      expect(calls('PUT', '/myself/order')[0]).toEqual({
        items: [
          { id: 'b', indent: 0 },
          { id: 'b1', indent: 1 },
          { id: 'a', indent: 0 },
          { id: 'a1', indent: 1 },
        ],
      }),
    );
  });

  it('two quick moves are saved one after the other, the second from where the first left the item', async () => {
    const { calls } = fakeStrategiesServer(fetchMock, {
      items: [strategy('a', 'Vision', 0), strategy('b', 'Health', 0), strategy('c', 'Work', 0)],
    });
    await open();
    fireEvent.click(button('down', 'a'));
    fireEvent.click(button('down', 'a'));
    await waitFor(() => expect(calls('PUT', '/myself/order')).toHaveLength(2));
    expect(
      calls('PUT', '/myself/order').map((body) => (body?.items as { id: string }[]).map((i) => i.id)),
    ).toEqual([
      ['b', 'a', 'c'],
      ['b', 'c', 'a'],
    ]);
    await waitFor(() => expect(order()).toEqual(['b', 'c', 'a']));
  });

  it('asks before deleting, says that its sub-items move up a level, and they do', async () => {
    const { calls } = fakeStrategiesServer(fetchMock, {
      items: [
        strategy('a', 'Health', 0),
        strategy('a1', 'Run', 1),
        strategy('a2', 'Sleep', 1),
        strategy('b', 'Work', 0),
      ],
    });
    await open();
    fireEvent.click(button('delete', 'a'));
    const dialog = await screen.findByTestId('strategy-remove-dialog');
    expect(within(dialog).getByTestId('strategy-remove-children').textContent).toBe(
      'Its 2 sub-items stay in the list: they move up one level, into its place.',
    );
    fireEvent.click(within(dialog).getByTestId('strategy-remove-cancel'));
    expect(calls('DELETE', '/myself/a')).toHaveLength(0);
    fireEvent.click(button('delete', 'b'));
    expect((await screen.findByTestId('strategy-remove-children')).textContent).toBe(
      'It leaves the list. This cannot be undone.',
    );
    fireEvent.click(screen.getByTestId('strategy-remove-cancel'));
    fireEvent.click(button('delete', 'a'));
    fireEvent.click(await screen.findByTestId('strategy-remove-confirm'));
    await waitFor(() => expect(screen.queryByTestId('strategy-item-a')).toBeNull());
    expect(calls('DELETE', '/myself/a')).toHaveLength(1);
    expect(order()).toEqual(['a1', 'a2', 'b']);
    expect(level('a1')).toBe('Level 1');
    expect(level('a2')).toBe('Level 1');
  });

  it('a reorder refused as a conflict reloads the list from the server and tells the person', async () => {
    const elsewhere = [
      strategy('a', 'Vision', 0),
      strategy('b', 'Health', 0),
      strategy('z', 'Added in another tab', 0),
    ];
    const { calls } = fakeStrategiesServer(fetchMock, {
      items: [strategy('a', 'Vision', 0), strategy('b', 'Health', 0)],
      reorderAnswers: [{ status: 409, body: { key: 'conflict' }, then: elsewhere }],
    });
    await open();
    fireEvent.click(button('down', 'a'));
    const notice = await screen.findByTestId('strategy-conflict');
    expect(notice.textContent).toContain('The list changed in the meantime');
    await waitFor(() => expect(order()).toEqual(['a', 'b', 'z']));
    expect(calls('GET', '/v1/strategies/myself').length).toBeGreaterThanOrEqual(2);
  });

  it('a new item needs a title and a description, checked before sending; then it goes at the end at the level chosen', async () => {
    const { calls } = fakeStrategiesServer(fetchMock, { items: [strategy('a', 'Vision', 0)] });
    await open();
    fireEvent.click(screen.getByTestId('strategy-add-open'));
    const title = await screen.findByTestId('strategy-form-title');
    expect(screen.getByText('0 / 250 characters')).toBeTruthy();
    expect(screen.getByText('0 / 2500 characters')).toBeTruthy();
    fireEvent.click(screen.getByTestId('strategy-form-save'));
    expect(await screen.findByText('Give it a title.')).toBeTruthy();
    expect(screen.getByText('Please check that every strategy item has a description.')).toBeTruthy();
    expect(calls('POST', '/v1/strategies/myself')).toHaveLength(0);
    // Only the top level or one below the last item are offered.
    const levels = screen.getByTestId('strategy-form-level') as HTMLSelectElement;
    expect([...levels.options].map((o) => o.textContent)).toEqual(['Level 1', 'Level 2']);
    fireEvent.change(screen.getByTestId('strategy-form-type'), { target: { value: 'mission' } });
    fireEvent.change(title, { target: { value: ' Care ' } });
    fireEvent.change(screen.getByTestId('strategy-form-description'), { target: { value: 'For my people' } });
    fireEvent.change(levels, { target: { value: '1' } });
    expect(screen.getByText('6 / 250 characters')).toBeTruthy();
    fireEvent.click(screen.getByTestId('strategy-form-save'));
    await waitFor(() => expect(screen.queryByTestId('strategy-form')).toBeNull());
    expect(calls('POST', '/v1/strategies/myself')[0]).toEqual({
      type: 'mission',
      title: 'Care',
      description: 'For my people',
      isHidden: false,
      goalsLinked: [],
      indent: 1,
    });
    expect(order()).toEqual(['a', 'new-1']);
    expect(level('new-1')).toBe('Level 2');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('strategy-add-open')));
  });

  it('changes an item in place under the date it was read, and hides it', async () => {
    const { calls } = fakeStrategiesServer(fetchMock, {
      items: [strategy('a', 'Vision', 0, { goalsLinked: ['health', 'family'] })],
    });
    await open();
    expect(screen.getByTestId('strategy-goals-a').textContent).toBe('Life goals: Health, Family');
    fireEvent.click(button('edit', 'a'));
    const title = await screen.findByTestId('strategy-form-title');
    expect((title as HTMLInputElement).value).toBe('Vision');
    fireEvent.change(title, { target: { value: 'A calm life' } });
    fireEvent.click(screen.getByTestId('strategy-form-save'));
    await waitFor(() => expect(screen.getByTestId('strategy-item-a').textContent).toContain('A calm life'));
    expect(calls('PUT', '/myself/a')[0]).toMatchObject({
      title: 'A calm life',
      goalsLinked: ['health', 'family'],
      updateDate: '2026-03-01T10:00:00.000Z',
    });
    fireEvent.click(screen.getByTestId('strategy-toggle-hidden-a'));
    expect(await screen.findByTestId('strategy-hidden-a')).toBeTruthy();
    expect(calls('PUT', '/myself/a')[1]).toMatchObject({
      isHidden: true,
      updateDate: '2026-03-03T10:00:00.000Z',
    });
  });

  it('an empty life compass says where to begin and what each kind of item is for', async () => {
    fakeStrategiesServer(fetchMock, { items: [] });
    await open();
    const empty = screen.getByTestId('strategy-empty');
    expect(empty.textContent).toContain('Your life compass is empty: start with a vision');
    for (const kind of ['Vision', 'Mission', 'Strategic axis', 'Goal', 'Action'])
      expect(empty.textContent).toContain(kind);
  });

  it('a starter user is shown the reserved-feature prompt instead', async () => {
    const { calls } = fakeStrategiesServer(fetchMock, { subscription: 'starter' });
    renderPage(<LifeCompassOverlay />);
    expect((await screen.findByTestId('life-compass-reserved')).textContent).toContain('Essentials');
    expect(calls('GET', '/v1/strategies/myself')).toHaveLength(0);
  });
});
