// @vitest-environment happy-dom
import type { ComponentType } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import { notifications } from '@mantine/notifications';
import type { StrategyAssessment } from '@shared/contracts/strategies';
import i18n from '../../i18n';
import { meQueryKey } from '../../lib/me';
import type { OverlayProps } from '../../lib/overlays';
import { queryKeysFor } from '../../lib/realtime';
import { assessmentsKey } from './api/assessments';
import { renderPage } from '../../test/render';
import { fakeStrategiesServer, strategy, type FakeServerOptions } from '../../test/strategies-server';
import StrategyAssessmentOverlay from './strategy-assessment-overlay';
import UpdateStrategyAssessmentOverlay from './update-strategy-assessment-overlay';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const done = vi.fn();
const member = { spheres: [{ sphereId: 'sphere-1', roles: ['contributor' as const] }] };
const sphereItems = [
  strategy('v', '', 0, {
    type: 'vision',
    description: 'A calmer workplace',
    linkTo: 'sphere',
    sphereId: 'sphere-1',
  }),
  strategy('g', 'Say it', 1, { linkTo: 'sphere', sphereId: 'sphere-1' }),
];

/** The fake API, answering a contributor of sphere-1 whose strategy is `sphereItems`. */
const serveMember = (options: FakeServerOptions = {}) =>
  fakeStrategiesServer(fetchMock, { ...member, items: sphereItems, ...options });

/** An overlay of the assessments, opened with `params` (what its address says). */
function openOverlay(Overlay: ComponentType<OverlayProps>, params: string) {
  return renderPage(<Overlay params={new URLSearchParams(params)} done={done} close={vi.fn()} />);
}

function assessment(extra: Partial<StrategyAssessment> = {}): StrategyAssessment {
  return {
    id: 'assessment-1',
    linkTo: 'sphere',
    sphereId: 'sphere-1',
    values: { v: 4 },
    fromDirectLink: false,
    specificTagIds: [],
    creationDate: new Date(Date.now() - 10 * 60_000).toISOString(),
    updateDate: new Date(Date.now() - 10 * 60_000).toISOString(),
    freezeDate: new Date(Date.now() + 50 * 60_000).toISOString(),
    editable: true,
    ...extra,
  };
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

describe('assessing a sphere’s strategy', () => {
  const openNew = () => openOverlay(StrategyAssessmentOverlay, 'sphereId=sphere-1');

  it('names the five levels in words beside their faces, and offers the visible items only', async () => {
    serveMember({
      items: [...sphereItems, strategy('h', 'Restructuring', 0, { isHidden: true, linkTo: 'sphere' })],
    });
    openNew();
    await screen.findByTestId('assessment-form');
    expect(screen.getByTestId('assessment-item-v')).toBeTruthy();
    expect(screen.queryByTestId('assessment-item-h')).toBeNull();
    const labels = screen.getByTestId('assessment-item-g').querySelectorAll('label');
    expect([...labels].map((l) => l.textContent)).toEqual(
      expect.arrayContaining(['Very unhappy', 'Unhappy', 'Neutral', 'Happy', 'Very happy']),
    );
    // An item without a title is named by its type.
    expect(screen.getByRole('radiogroup', { name: 'Vision' })).toBeTruthy();
  });

  it('without any answer, saving says one is needed and sends nothing', async () => {
    const { calls } = serveMember();
    openNew();
    fireEvent.click(await screen.findByTestId('assessment-save'));
    expect((await screen.findByTestId('assessment-none')).textContent).toBe(
      'Answer at least one item to save.',
    );
    expect(calls('POST', '/assessments/spheres/sphere-1')).toHaveLength(0);
    // An answer given, then cleared, is no answer either.
    fireEvent.click(screen.getByTestId('assessment-g-happy'));
    expect(screen.queryByTestId('assessment-none')).toBeNull();
    fireEvent.click(screen.getByTestId('assessment-g-clear'));
    fireEvent.click(screen.getByTestId('assessment-save'));
    expect(await screen.findByTestId('assessment-none')).toBeTruthy();
    expect(done).not.toHaveBeenCalled();
  });

  it('sends the answers given (empty ones as none), then says it is saved and closes', async () => {
    const { calls } = serveMember();
    openNew();
    fireEvent.click(await screen.findByTestId('assessment-g-veryHappy'));
    expect(screen.getByTestId('assessment-progress').textContent).toBe('1 of 2 answered');
    fireEvent.click(screen.getByTestId('assessment-save'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(calls('POST', '/assessments/spheres/sphere-1')[0]).toMatchObject({ values: { v: null, g: 5 } });
    expect(vi.mocked(notifications.show).mock.calls[0]?.[0]).toMatchObject({
      color: 'green',
      message: 'Your assessment is saved. You can change it for an hour.',
    });
  });

  it('a starter member is shown the reserved-feature prompt', async () => {
    serveMember({ subscription: 'starter' });
    openNew();
    expect((await screen.findByTestId('assessment-reserved')).textContent).toContain('Essentials');
  });

  it('a person who is not a member of the sphere is told only its members assess it', async () => {
    fakeStrategiesServer(fetchMock, { items: sphereItems });
    openNew();
    expect(await screen.findByTestId('assessment-not-allowed')).toBeTruthy();
  });
});

describe('changing one’s assessment', () => {
  const open = () => openOverlay(UpdateStrategyAssessmentOverlay, 'assessmentId=assessment-1');

  it('before its freeze date, the same form starts from its answers and saves every answer again', async () => {
    const { calls } = serveMember({ assessment: assessment() });
    open();
    const happy = (await screen.findByTestId('assessment-v-happy')) as HTMLInputElement;
    expect(happy.checked).toBe(true);
    fireEvent.click(screen.getByTestId('assessment-v-neutral'));
    fireEvent.click(screen.getByTestId('assessment-save'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(calls('PUT', '/assessments/assessment-1')[0]).toEqual({ values: { v: 3, g: null } });
  });

  it('after its freeze date, its answers are shown to read with the reason it cannot change', async () => {
    serveMember({
      assessment: assessment({ editable: false, freezeDate: new Date(Date.now() - 1000).toISOString() }),
    });
    open();
    expect((await screen.findByTestId('assessment-frozen')).textContent).toContain(
      'An assessment can be changed for one hour after it is given',
    );
    expect(screen.getByTestId('assessment-answers').textContent).toContain('Happy');
    expect(screen.queryByTestId('assessment-form')).toBeNull();
  });

  it('a change the server refuses as frozen turns the form into the read-only view', async () => {
    serveMember({
      assessment: assessment(),
      assessmentUpdateAnswer: { status: 409, body: { key: 'strategy-assessment-frozen' } },
    });
    open();
    fireEvent.click(await screen.findByTestId('assessment-g-unhappy'));
    fireEvent.click(screen.getByTestId('assessment-save'));
    expect(await screen.findByTestId('assessment-frozen')).toBeTruthy();
    expect(screen.queryByTestId('assessment-form')).toBeNull();
    expect(done).not.toHaveBeenCalled();
  });

  it('an assessment that is not the person’s is not found', async () => {
    serveMember();
    open();
    expect(await screen.findByTestId('assessment-not-found')).toBeTruthy();
  });
});

describe('assessments kept fresh', () => {
  it('an assessment saved in another tab or on another device refreshes every cached read of them', () => {
    for (const action of ['created', 'updated'] as const)
      expect(queryKeysFor({ type: 'strategyAssessments', action }, meQueryKey)).toEqual([
        [...assessmentsKey],
      ]);
  });
});
