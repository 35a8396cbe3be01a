// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { GlobalMember, GlobalRoleChange } from '@shared/contracts/global-members';
import type { Me } from '@shared/contracts/me';
import i18n from '../../i18n';
import { jsonResponse, renderPage } from '../../test/render';
import { meFixture } from '../../test/me';
import GlobalMembersPage from './global-members-page';
import GlobalMemberOverlay from './global-member-overlay';
import { expectNoAxeViolations } from '../../test/axe';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

const camille: GlobalMember = {
  id: 'u-camille',
  name: 'Camille Dubois',
  email: 'camille@example.be',
  roles: ['ambassador', 'preview-access'],
  active: true,
  userLinked: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updateDate: '2026-01-02T00:00:00.000Z',
};
const sam: GlobalMember = {
  ...camille,
  id: 'u-sam',
  name: 'Sam Taylor',
  email: 'sam@example.be',
  roles: ['member'],
};

const change: GlobalRoleChange = {
  id: 'c1',
  at: '2026-01-02T00:00:00.000Z',
  action: 'updated',
  member: { id: 'u-camille', name: 'Camille Dubois', email: 'camille@example.be' },
  by: { id: 'user-1', name: 'Ada Lovelace' },
  before: { roles: ['ambassador'], active: true },
  after: { roles: ['ambassador', 'preview-access'], active: true },
};

const list = <T,>(items: T[]) => ({ count: items.length, items, max: 500, offset: 0 });

const superAdmin = (): Partial<Me> => ({
  ability: {
    subscription: 'starter',
    rules: [{ action: 'manage', subject: 'all' }] as Me['ability']['rules'],
  },
});
/** A sphere's admin manages the members of their sphere, not the global ones. */
const sphereAdmin = (): Partial<Me> => ({
  ability: {
    subscription: 'starter',
    rules: [
      { action: 'manage', subject: 'member', conditions: { sphereId: 's1' } },
    ] as Me['ability']['rules'],
  },
});

function serve(answers: Record<string, (init?: RequestInit) => Response>, me: Partial<Me> = superAdmin()) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (key === 'GET /v1/me') return jsonResponse(200, meFixture(me));
    const answer = answers[key];
    return answer ? answer(init) : jsonResponse(404, { key: 'not-found' });
  });
}

const sentWith = (method: string) => fetchMock.mock.calls.filter(([, init]) => init?.method === method);

const overlay = (params = '') => (
  <GlobalMemberOverlay params={new URLSearchParams(params)} done={vi.fn()} close={vi.fn()} />
);

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

describe('the global members page', () => {
  it('lists the people with their roles and the log of changes, for super-admins', async () => {
    serve({
      'GET /v1/global/members': () => jsonResponse(200, list([camille, sam])),
      'GET /v1/global/role-changes': () => jsonResponse(200, list([change])),
    });
    renderPage(<GlobalMembersPage />, { path: '/apps/global/members' });
    const rows = await screen.findAllByTestId('global-member-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Ambassador')).toBeTruthy();
    expect(within(rows[0]!).getByText('Preview access')).toBeTruthy();
    expect(within(rows[1]!).getByText('Member (no global role)')).toBeTruthy();
    // Someone without a global role has no access to remove.
    expect(within(rows[1]!).queryByTestId('global-member-remove-button')).toBeNull();
    const logged = await screen.findByTestId('global-role-change');
    expect(logged.textContent).toContain('Ada Lovelace');
    expect(logged.textContent).toContain('Camille Dubois');
    fireEvent.change(screen.getByTestId('global-members-search'), { target: { value: 'sam' } });
    expect(screen.getAllByTestId('global-member-row')).toHaveLength(1);
    await expectNoAxeViolations();
  });

  it('is refused to a sphere’s admin, who manages only the members of their sphere', async () => {
    serve({ 'GET /v1/global/members': () => jsonResponse(200, list([camille])) }, sphereAdmin());
    renderPage(<GlobalMembersPage />, { path: '/apps/global/members' });
    expect(await screen.findByTestId('global-members-forbidden')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/v1/global/'))).toBe(false);
  });

  it('removes access after a confirmation that says what follows', async () => {
    let removed = false;
    serve({
      'GET /v1/global/members': () => jsonResponse(200, list([camille])),
      'GET /v1/global/role-changes': () => jsonResponse(200, list([])),
      'DELETE /v1/global/members/u-camille': () => {
        removed = true;
        return jsonResponse(200, { ...camille, roles: ['member'] });
      },
    });
    renderPage(<GlobalMembersPage />, { path: '/apps/global/members' });
    const button = await screen.findByRole('button', { name: 'Remove access of Camille Dubois' });
    fireEvent.click(button);
    const dialog = await screen.findByTestId('global-member-remove-dialog');
    expect(dialog.textContent).toContain('their role becomes member');
    await expectNoAxeViolations(dialog);
    fireEvent.click(within(dialog).getByTestId('global-member-remove-confirm'));
    await waitFor(() => expect(removed).toBe(true));
  });
});

describe('the global member overlay', () => {
  it('checks the form with the contract, then adds the person with their roles and the requester', async () => {
    let sent: unknown;
    serve({
      'POST /v1/global/members': (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(201, camille);
      },
    });
    renderPage(overlay());
    fireEvent.click(await screen.findByTestId('global-member-submit'));
    expect((await screen.findAllByText(/required/i)).length).toBeGreaterThan(0);
    expect(sentWith('POST')).toHaveLength(0);
    await expectNoAxeViolations();
    fireEvent.change(screen.getByTestId('global-member-name'), { target: { value: 'Camille Dubois' } });
    fireEvent.change(screen.getByTestId('global-member-email'), {
      target: { value: ' camille@example.be ' },
    });
    fireEvent.click(screen.getByLabelText('Ambassador'));
    fireEvent.click(screen.getByTestId('global-member-submit'));
    await waitFor(() =>
      expect(sent).toEqual({
        name: 'Camille Dubois',
        email: 'camille@example.be',
        roles: ['ambassador'],
        requestByUserId: 'user-1',
      }),
    );
  });

  it('says on the address when no account verified it', async () => {
    serve({
      'POST /v1/global/members': () =>
        jsonResponse(400, { errors: [{ key: 'no-verified-account', field: 'body.email' }] }),
    });
    renderPage(overlay());
    fireEvent.change(await screen.findByTestId('global-member-name'), { target: { value: 'Nobody' } });
    fireEvent.change(screen.getByTestId('global-member-email'), { target: { value: 'nobody@example.be' } });
    fireEvent.click(screen.getByTestId('global-member-submit'));
    expect(await screen.findByText(/No account has verified this address/)).toBeTruthy();
    expect(screen.getByTestId('global-member-email').getAttribute('aria-invalid')).toBe('true');
  });

  it('warns before granting super-admin: cancel sends nothing, confirm sends the change', async () => {
    let sent: unknown;
    serve({
      'GET /v1/global/members': () => jsonResponse(200, list([camille])),
      'PUT /v1/global/members/u-camille': (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, camille);
      },
    });
    renderPage(overlay('memberId=u-camille'));
    const email = await screen.findByTestId('global-member-email');
    expect((email as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Ambassador') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Super-admin'));
    fireEvent.submit(screen.getByTestId('global-member-form'));
    const warning = await screen.findByTestId('global-member-super-admin-dialog');
    expect(warning.textContent).toContain('Never grant them lightly');
    expect(warning.textContent).toContain('Camille Dubois');
    await expectNoAxeViolations(warning);
    fireEvent.click(within(warning).getByTestId('global-member-super-admin-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentWith('PUT')).toHaveLength(0);
    fireEvent.submit(screen.getByTestId('global-member-form'));
    fireEvent.click(await screen.findByTestId('global-member-super-admin-confirm'));
    await waitFor(() =>
      expect(sent).toEqual({
        name: 'Camille Dubois',
        roles: ['super-admin', 'ambassador', 'preview-access'],
        active: true,
        requestByUserId: 'user-1',
      }),
    );
  });

  it('sends `member` when no role is ticked, and suspends with the active box, without a warning', async () => {
    let sent: unknown;
    serve({
      'GET /v1/global/members': () => jsonResponse(200, list([camille])),
      'PUT /v1/global/members/u-camille': (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, camille);
      },
    });
    renderPage(overlay('memberId=u-camille'));
    fireEvent.click(await screen.findByLabelText('Ambassador'));
    fireEvent.click(screen.getByLabelText('Preview access'));
    fireEvent.click(screen.getByTestId('global-member-active'));
    fireEvent.click(screen.getByTestId('global-member-submit'));
    await waitFor(() =>
      expect(sent).toEqual({
        name: 'Camille Dubois',
        roles: ['member'],
        active: false,
        requestByUserId: 'user-1',
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the member to edit is not in the list', async () => {
    serve({ 'GET /v1/global/members': () => jsonResponse(200, list([])) });
    renderPage(overlay('memberId=u-gone'));
    expect(await screen.findByTestId('global-member-not-found')).toBeTruthy();
  });
});
