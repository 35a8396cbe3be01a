// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { SphereLicences } from '@shared/contracts/licences';
import type { Session } from '@shared/contracts/sessions';
import { defineRules } from '@shared/domain/ability';
import type { LicenceTier } from '@shared/domain/licences';
import i18n from '../../i18n';
import { sphereFixture } from '../../test/fixtures';
import { meFixture } from '../../test/me';
import { jsonResponse, renderPage } from '../../test/render';
import SessionSettingsPage from './session-settings-page';
import CreateSessionOverlay from './create-session-overlay';

/**
 * The plan and modules of a group's settings (decision 0050): what is left of the sphere's
 * licences, choices with none left disabled with the reason, modules only with Essentials, the
 * licence refusals in words, and nothing of it for a referent who does not manage the sphere.
 */
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

const baseSession = {
  id: 'group-1',
  sphereId: 'sphere-1',
  name: { en: 'North team' },
  realName: { en: 'North team' },
  publicName: {},
  category: 'contributor',
  type: 'group',
  parentSessionIds: [],
  level: 0,
  isLeaf: false,
  subscription: 'starter',
  subscriptionModules: [],
  isPublic: false,
  archived: false,
  specificTagIds: [],
  inheritedTagIds: [],
  isMember: true,
  roles: ['owner'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updateDate: '2026-01-01T00:00:00.000Z',
} satisfies Session;

const licences = (left: Partial<Record<LicenceTier, [number, number]>>): SphereLicences => ({
  sphereId: 'sphere-1',
  licences: (['essentials', 'premium', 'weUp', 'alignia', 'syneria'] as const).map((tier) => {
    const [count, used] = left[tier] ?? [0, 0];
    return { tier, count, used, remaining: Math.max(count - used, 0) };
  }),
});

let session: Session;
let held: SphereLicences;
let sent: unknown[];
let answerPut: () => Response;

function setUp(admin: boolean) {
  const rules = defineRules({
    userId: 'user-1',
    isGuest: false,
    subscription: 'essentials',
    globalRoles: [],
    superAdminMode: false,
    spheres: [{ sphereId: 'sphere-1', roles: admin ? ['admin'] : ['contributor'] }],
    sessions: [{ sessionId: 'group-1', sphereId: 'sphere-1', category: 'contributor', roles: ['owner'] }],
  });
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input)).pathname;
    const method = init?.method ?? 'GET';
    if (path === '/v1/me')
      return jsonResponse(200, meFixture({ ability: { subscription: 'essentials', rules } }));
    if (path === '/v1/spheres/sphere-1') return jsonResponse(200, sphereFixture());
    if (path === '/v1/spheres/sphere-1/subscriptions') return jsonResponse(200, held);
    if (path === '/v1/spheres/sphere-1/sessions' && method === 'POST') {
      sent.push(JSON.parse(String(init?.body)));
      return jsonResponse(201, session);
    }
    if (path === '/v1/spheres/sphere-1/sessions')
      return jsonResponse(200, { count: 1, items: [session], max: 10_000, offset: 0 });
    if (path === '/v1/sessions/group-1' && method === 'PUT') {
      sent.push(JSON.parse(String(init?.body)));
      return answerPut();
    }
    if (path === '/v1/sessions/group-1') return jsonResponse(200, session);
    return jsonResponse(404, { key: 'not-found' });
  });
}

const radio = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

beforeEach(async () => {
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-1' } },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  session = { ...baseSession };
  held = licences({ essentials: [3, 1], weUp: [1, 0], alignia: [2, 2] });
  sent = [];
  answerPut = () => jsonResponse(200, session);
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

const open = () =>
  renderPage(<SessionSettingsPage />, {
    path: '/apps/sessions/:sessionId/settings',
    entry: '/apps/sessions/group-1/settings',
  });

describe('the plan and modules of a group’s settings', () => {
  it('say what is left of the sphere’s licences; modules wait for Essentials; one with none left is disabled with the reason', async () => {
    setUp(true);
    open();
    await screen.findByText('2 of 3 licences left in the sphere.');
    expect(radio('group-plan-essentials').disabled).toBe(false);
    // Starter: every module waits for Essentials.
    expect(screen.getByText('Modules need the Essentials plan.')).toBeTruthy();
    for (const module of ['weUp', 'alignia', 'syneria'])
      expect(radio(`group-plan-module-${module}`).disabled).toBe(true);
    fireEvent.click(radio('group-plan-essentials'));
    await waitFor(() => expect(radio('group-plan-module-weUp').disabled).toBe(false));
    // Alignia: all of its licences in use; Synéria: none bought.
    expect(radio('group-plan-module-alignia').disabled).toBe(true);
    expect(screen.getByText('No licence of this module left in the sphere: all 2 are in use.')).toBeTruthy();
    expect(radio('group-plan-module-syneria').disabled).toBe(true);
    const results = await axe.run(screen.getByTestId('group-plan'), {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('send the plan and the modules chosen; back to Starter, the modules go too', async () => {
    setUp(true);
    open();
    await screen.findByTestId('group-plan');
    fireEvent.click(radio('group-plan-essentials'));
    await waitFor(() => expect(radio('group-plan-module-weUp').disabled).toBe(false));
    fireEvent.click(radio('group-plan-module-weUp'));
    fireEvent.click(screen.getByTestId('session-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ subscription: 'essentials', subscriptionModules: ['weUp'] });
    fireEvent.click(radio('group-plan-starter'));
    expect(radio('group-plan-module-weUp').checked).toBe(false);
  });

  it('a group keeps what it holds even when none is left: its Essentials and modules stay enabled', async () => {
    session = { ...baseSession, subscription: 'essentials', subscriptionModules: ['alignia'] };
    held = licences({ essentials: [1, 1], alignia: [2, 2] });
    setUp(true);
    open();
    await screen.findByTestId('group-plan');
    await waitFor(() => expect(radio('group-plan-essentials').checked).toBe(true));
    expect(radio('group-plan-essentials').disabled).toBe(false);
    expect(radio('group-plan-module-alignia').checked).toBe(true);
    expect(radio('group-plan-module-alignia').disabled).toBe(false);
  });

  it('with no Essentials licence left, Essentials is disabled and says why', async () => {
    held = licences({ essentials: [2, 2] });
    setUp(true);
    open();
    await screen.findByText(
      'No Essentials licence left in the sphere: all 2 are in use. Its admins can add licences in its settings.',
    );
    expect(radio('group-plan-essentials').disabled).toBe(true);
  });

  it('a refusal for want of module licences is shown in words, with its figures', async () => {
    setUp(true);
    answerPut = () =>
      jsonResponse(409, {
        key: 'not-enough-module-licenses',
        errors: [
          {
            key: 'not-enough-module-licenses',
            field: 'body.subscriptionModules.weUp',
            values: { required: 1, remaining: 0, count: 1 },
          },
        ],
      });
    open();
    await screen.findByTestId('group-plan');
    fireEvent.click(radio('group-plan-essentials'));
    await waitFor(() => expect(radio('group-plan-module-weUp').disabled).toBe(false));
    fireEvent.click(radio('group-plan-module-weUp'));
    fireEvent.click(screen.getByTestId('session-save'));
    await screen.findByText('Not enough licences of this module: 1 needed, 0 left of 1.');
  });

  it('a referent who does not manage the sphere sees no plan, and a save keeps the group’s plan and modules', async () => {
    session = { ...baseSession, subscription: 'essentials', subscriptionModules: ['weUp'] };
    setUp(false);
    open();
    await screen.findByTestId('session-save');
    expect(screen.queryByTestId('group-plan')).toBeNull();
    fireEvent.click(screen.getByTestId('session-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ subscription: 'essentials' });
    expect(sent[0]).not.toHaveProperty('subscriptionModules');
  });
});

describe('the plan and modules of a new group', () => {
  it('are offered to the sphere’s admins and sent with the new group', async () => {
    setUp(true);
    renderPage(
      <CreateSessionOverlay
        params={new URLSearchParams('sphereId=sphere-1')}
        done={() => undefined}
        close={() => undefined}
      />,
    );
    await screen.findByText('2 of 3 licences left in the sphere.');
    fireEvent.change(screen.getByTestId('session-name-en'), { target: { value: 'South team' } });
    fireEvent.click(radio('group-plan-essentials'));
    await waitFor(() => expect(radio('group-plan-module-weUp').disabled).toBe(false));
    fireEvent.click(radio('group-plan-module-weUp'));
    fireEvent.click(screen.getByTestId('session-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      category: 'contributor',
      subscription: 'essentials',
      subscriptionModules: ['weUp'],
    });
  });
});
