// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { SessionSummary } from '@shared/contracts/me';
import i18n from '../../i18n';
import { LocationProbe, renderPage } from '../../test/render';
import { availableForm, fakeFormsServer } from './forms-test-server';
import MyselfFormsMenu, { myselfFormsEntries } from './myself-forms-menu';

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

function sessionSummary(extra: Partial<SessionSummary> = {}): SessionSummary {
  return {
    id: 'group-1',
    name: 'North team',
    sphereId: 'sphere-1',
    sphereName: 'Atelier',
    category: 'contributor',
    type: 'group',
    roles: ['member'],
    subscription: 'essentials',
    languages: ['en'],
    tags: [],
    ...extra,
  };
}

const open = availableForm('wellbeing', 'Wellbeing check');
const reserved = availableForm('big-five', 'Big Five', { reserved: true });

describe('the "myself forms" group of the navigation', () => {
  it('lists the forms I may answer when I am in a contributor session with a non-starter subscription', () => {
    expect(myselfFormsEntries([sessionSummary()], [open, reserved]).map((f) => f.form.id)).toEqual([
      'wellbeing',
    ]);
  });

  it('does not appear for starter sessions, consumer sessions, or without sessions', () => {
    for (const sessions of [
      [sessionSummary({ subscription: 'starter' })],
      [sessionSummary({ category: 'consumer' })],
      [],
    ])
      expect(myselfFormsEntries(sessions, [open])).toEqual([]);
  });

  it('does not appear without available forms', () => {
    expect(myselfFormsEntries([sessionSummary()], [reserved])).toEqual([]);
  });

  it('opens the addForm overlay on the current page for the form chosen, without reading my groups', async () => {
    const { calls } = fakeFormsServer(fetchMock, { sessions: [sessionSummary()], available: [open] });
    renderPage(
      <>
        <MyselfFormsMenu />
        <LocationProbe />
      </>,
      { path: '/apps/history', entry: '/apps/history?page=2' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'My forms' }));
    fireEvent.click(await screen.findByTestId('nav-myself-form-wellbeing'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/apps/history?page=2&show=addForm&formId=wellbeing',
      ),
    );
    // The start call's count told the menu to show: the group list is the pages' (decision 0055).
    expect(calls('GET', '/v1/me/sessions')).toHaveLength(0);
  });

  it('asks nothing more of the server and shows nothing for a person in no open contributor session', async () => {
    const { calls } = fakeFormsServer(fetchMock, {
      sessions: [sessionSummary({ subscription: 'starter' })],
      available: [open],
    });
    const { queryClient } = renderPage(<MyselfFormsMenu />);
    await waitFor(() => expect(queryClient.getQueryData(['me'])).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('nav-myself-forms')).toBeNull();
    expect(calls('GET', '/v1/me/sessions')).toHaveLength(0);
    expect(calls('GET', '/v1/forms/available')).toHaveLength(0);
  });

  it('asks my groups when the start call does not count them (an older server)', async () => {
    const { calls } = fakeFormsServer(fetchMock, {
      sessions: [sessionSummary()],
      available: [open],
      openContributorGroups: null,
    });
    renderPage(<MyselfFormsMenu />);
    expect(await screen.findByRole('button', { name: 'My forms' })).toBeTruthy();
    expect(calls('GET', '/v1/me/sessions')).toHaveLength(1);
  });
});
