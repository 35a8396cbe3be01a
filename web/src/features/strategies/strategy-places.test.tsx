// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import i18n from '../../i18n';
import { jsonResponse, LocationProbe, renderPage } from '../../test/render';
import { fakeStrategiesServer, strategy } from '../../test/strategies-server';
import StrategyCard from './strategy-card';
import StrategySettingsTab from './strategy-settings-tab';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

const sphere = (strategyEnabled: boolean): Sphere => ({
  id: 'sphere-1',
  name: 'Atelier',
  category: 'company',
  address: { country: 'BE' },
  domains: [],
  isStudyProgram: false,
  isTerminalEnabled: false,
  customizableThinkingAxes: false,
  strategyEnabled,
  accessPolicy: 'AUTH',
  lowSecurityAccessOptions: { enabled: false, label: {} },
  languages: { primary: 'fr', extras: [] },
  limits: { tags: 10, members: 10, groups: 10 },
  entitlements: {
    engagementUp: { active: true, campaignTemplatesAvailable: false },
    salesUp: { active: false },
  },
  campaignSmsEnabled: false,
  isMember: true,
  roles: ['admin'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updateDate: '2026-01-01T00:00:00.000Z',
});

const group: Session = {
  id: 'group-1',
  sphereId: 'sphere-1',
  name: { en: 'North team' },
  category: 'contributor',
  type: 'group',
  parentSessionIds: [],
  level: 0,
  isLeaf: false,
  subscription: 'essentials',
  isPublic: false,
  archived: false,
  specificTagIds: [],
  inheritedTagIds: [],
  isMember: true,
  roles: ['member'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updateDate: '2026-01-01T00:00:00.000Z',
};

const items = [
  strategy('v', 'Calm', 0, { type: 'vision', linkTo: 'sphere', sphereId: 'sphere-1' }),
  strategy('h', 'Restructuring', 1, { isHidden: true, linkTo: 'sphere', sphereId: 'sphere-1' }),
  strategy('h1', 'Under the hidden one', 2, { linkTo: 'sphere', sphereId: 'sphere-1' }),
  strategy('g', 'Say it', 1, { linkTo: 'sphere', sphereId: 'sphere-1' }),
];

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

describe('the Strategy tab of the settings', () => {
  it('while the sphere has strategies off, says so and leads to the general tab', async () => {
    const { calls } = fakeStrategiesServer(fetchMock, {
      spheres: [{ sphereId: 'sphere-1', roles: ['admin'] }],
    });
    const openGeneralTab = vi.fn();
    renderPage(
      <StrategySettingsTab
        place={{ kind: 'sphere', sphere: sphere(false) }}
        openGeneralTab={openGeneralTab}
      />,
    );
    expect((await screen.findByTestId('strategy-off')).textContent).toContain('Turn on “Sphere strategy”');
    fireEvent.click(screen.getByTestId('strategy-off-general'));
    expect(openGeneralTab).toHaveBeenCalled();
    expect(calls('GET', '/strategies/spheres/sphere-1')).toHaveLength(0);
  });

  it('gives the sphere’s admins the editor, hidden items and their sub-items marked', async () => {
    fakeStrategiesServer(fetchMock, { spheres: [{ sphereId: 'sphere-1', roles: ['admin'] }], items });
    renderPage(
      <StrategySettingsTab place={{ kind: 'sphere', sphere: sphere(true) }} openGeneralTab={vi.fn()} />,
    );
    await screen.findByTestId('strategy-editor');
    expect(screen.getByTestId('strategy-hidden-h')).toBeTruthy();
    expect(screen.getByTestId('strategy-item-h1').textContent).toContain('Hidden with its parent item');
    // A sphere item needs no title: a vision without one is named by its type.
    fireEvent.click(screen.getByTestId('strategy-add-open'));
    expect(await screen.findByText('Title (optional)')).toBeTruthy();
  });

  it('a sphere admin on the starter plan is shown the reserved-feature prompt', async () => {
    fakeStrategiesServer(fetchMock, {
      subscription: 'starter',
      spheres: [{ sphereId: 'sphere-1', roles: ['admin'] }],
    });
    renderPage(
      <StrategySettingsTab place={{ kind: 'sphere', sphere: sphere(true) }} openGeneralTab={vi.fn()} />,
    );
    expect(await screen.findByTestId('strategy-settings-reserved')).toBeTruthy();
  });

  it('on a group whose sphere has strategies off, says so from the server’s answer and links to the sphere', async () => {
    fakeStrategiesServer(fetchMock, {
      spheres: [{ sphereId: 'sphere-1', roles: ['admin'] }],
      sessions: [{ sessionId: 'group-1', sphereId: 'sphere-1', category: 'contributor', roles: ['owner'] }],
    });
    const base = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      new URL(String(input)).pathname === '/v1/strategies/sessions/group-1'
        ? jsonResponse(403, { key: 'strategy-not-enabled' })
        : (base as typeof fetch)(input, init),
    );
    renderPage(<StrategySettingsTab place={{ kind: 'session', session: group }} openGeneralTab={vi.fn()} />);
    expect((await screen.findByTestId('strategy-off')).textContent).toContain(
      'This group’s sphere has not turned',
    );
    expect(screen.getByTestId('strategy-off-sphere').getAttribute('href')).toBe(
      '/apps/spheres/sphere-1/settings',
    );
  });
});

describe('“Our strategy” on the sphere’s page', () => {
  it('shows members the strategy without hidden items, the way to assess it and their own assessments', async () => {
    fakeStrategiesServer(fetchMock, {
      spheres: [{ sphereId: 'sphere-1', roles: ['contributor'] }],
      items: items.filter((i) => !i.isHidden && i.id !== 'h1'),
      assessment: {
        id: 'assessment-1',
        linkTo: 'sphere',
        sphereId: 'sphere-1',
        values: { v: 4, g: 2 },
        fromDirectLink: false,
        specificTagIds: [],
        creationDate: '2026-03-02T10:00:00.000Z',
        updateDate: '2026-03-02T10:00:00.000Z',
        freezeDate: '2026-03-02T11:00:00.000Z',
        editable: false,
      },
    });
    renderPage(
      <>
        <StrategyCard place={{ kind: 'sphere', sphere: { ...sphere(true), roles: ['contributor'] } }} />
        <LocationProbe />
      </>,
      { path: '/apps/spheres/:sphereId', entry: '/apps/spheres/sphere-1' },
    );
    expect(await screen.findByRole('heading', { name: 'Our strategy' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('strategy-read-item')).toHaveLength(2));
    expect(screen.queryByTestId('strategy-card-edit')).toBeNull();
    expect((await screen.findByTestId('strategy-my-assessments')).textContent).toContain('2 answers');
    fireEvent.click(screen.getByTestId('strategy-assess'));
    expect(screen.getByTestId('location').textContent).toBe(
      '/apps/spheres/sphere-1?show=strategyAssessment&sphereId=sphere-1',
    );
    fireEvent.click(screen.getByTestId('strategy-open-assessment-assessment-1'));
    expect(screen.getByTestId('location').textContent).toContain(
      'show=updateStrategyAssessment&assessmentId=assessment-1',
    );
  });

  it('leaves out hidden items and their sub-items for the admins too, and leads them to the settings', async () => {
    fakeStrategiesServer(fetchMock, { spheres: [{ sphereId: 'sphere-1', roles: ['admin'] }], items });
    renderPage(<StrategyCard place={{ kind: 'sphere', sphere: sphere(true) }} />);
    await waitFor(() => expect(screen.getAllByTestId('strategy-read-item')).toHaveLength(2));
    expect(screen.getByTestId('strategy-card').textContent).not.toContain('Restructuring');
    expect(screen.getByTestId('strategy-card-edit').getAttribute('href')).toBe(
      '/apps/spheres/sphere-1/settings?tab=strategy',
    );
  });

  it('is absent while the sphere has strategies off, and for a starter member', async () => {
    const { calls } = fakeStrategiesServer(fetchMock, {
      spheres: [{ sphereId: 'sphere-1', roles: ['contributor'] }],
    });
    const off = renderPage(<StrategyCard place={{ kind: 'sphere', sphere: sphere(false) }} />);
    await waitFor(() => expect(calls('GET', '/v1/me')).toHaveLength(1));
    expect(screen.queryByTestId('strategy-card')).toBeNull();
    off.unmount();
    fakeStrategiesServer(fetchMock, {
      subscription: 'starter',
      spheres: [{ sphereId: 'sphere-1', roles: ['contributor'] }],
      items,
    });
    renderPage(<StrategyCard place={{ kind: 'sphere', sphere: sphere(true) }} />);
    await waitFor(() => expect(calls('GET', '/v1/me')).toHaveLength(2));
    expect(screen.queryByTestId('strategy-card')).toBeNull();
    expect(calls('GET', '/strategies/spheres/sphere-1')).toHaveLength(0);
  });

  it('on a group’s page, reads and assesses the group’s strategy', async () => {
    fakeStrategiesServer(fetchMock, {
      spheres: [{ sphereId: 'sphere-1', roles: ['contributor'] }],
      sessions: [{ sessionId: 'group-1', sphereId: 'sphere-1', category: 'contributor', roles: ['member'] }],
      items: [
        strategy('a', 'Weekly check-in', 0, { type: 'action', linkTo: 'session', sessionId: 'group-1' }),
      ],
    });
    renderPage(
      <>
        <StrategyCard place={{ kind: 'session', session: group }} />
        <LocationProbe />
      </>,
      { path: '/apps/sessions/:sessionId', entry: '/apps/sessions/group-1' },
    );
    fireEvent.click(await screen.findByTestId('strategy-assess'));
    expect(screen.getByTestId('location').textContent).toBe(
      '/apps/sessions/group-1?show=strategyAssessment&sessionId=group-1',
    );
  });
});
