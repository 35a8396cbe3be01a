// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { Sphere } from '@shared/contracts/spheres';
import i18n from '../../i18n';
import { sphereKey } from '../../lib/sphere';
import { expectNoAxeViolations } from '../../test/axe';
import { LocationProbe, jsonResponse, newQueryClient, renderPage } from '../../test/render';
import CampaignEndOverlay from './campaign-end-overlay';
import CampaignOverlay from './campaign-overlay';
import CampaignPage from './campaign-page';
import CampaignSettingsPage from './campaign-settings-page';
import CampaignsTab from './campaigns-tab';
import {
  fakeCampaignsServer,
  participants,
  testCampaign,
  testCycle,
  testSphere,
} from './campaigns-test-server';
import { CyclesTab } from './cycles-tab';
import { MeasuresEditor } from './measures-editor';
import { NotificationsEditor } from './notifications-tab';
import { StatusBadge } from './parts';
import { CycleCommands } from './scheduler-tab';
import { SettingsForm } from './settings-form';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const overlayProps = (params: string) => ({
  params: new URLSearchParams(params),
  done: vi.fn(),
  close: vi.fn(),
});

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

describe('status badges', () => {
  it('say each status in words, whatever their colour', () => {
    renderPage(
      <>
        <StatusBadge kind="campaign" status="analysisInProgress" testId="a" />
        <StatusBadge kind="preparation" status="making" testId="b" />
        <StatusBadge kind="cycle" status="processing" testId="c" />
      </>,
    );
    expect(screen.getByTestId('a').textContent).toBe('Analysis in progress');
    expect(screen.getByTestId('b').textContent).toBe('Being prepared');
    expect(screen.getByTestId('c').textContent).toBe('Analysis');
  });
});

describe("the sphere's Campaigns tab", () => {
  it('lists the campaigns with their list and preparation statuses as text, and opens the creation overlay', async () => {
    fakeCampaignsServer(fetchMock, {
      campaigns: [testCampaign({ status: 'inProgress', preparationStatus: 'collecting' })],
      cycles: [testCycle()],
    });
    renderPage(
      <>
        <CampaignsTab place={{ kind: 'sphere', sphere: testSphere() }} openGeneralTab={vi.fn()} />
        <LocationProbe />
      </>,
    );
    expect((await screen.findByTestId('campaign-status-campaign-1')).textContent).toBe('Collecting');
    expect(screen.getByTestId('campaign-preparation-campaign-1').textContent).toBe('Collecting');
    expect(screen.getByTestId('campaign-cycles-campaign-1').textContent).toBe('1');
    fireEvent.click(screen.getByTestId('campaign-new'));
    expect(screen.getByTestId('location').textContent).toBe('/?show=campaign&sphereId=sphere-1');
  });

  it('says the sphere has no campaign yet', async () => {
    fakeCampaignsServer(fetchMock);
    renderPage(<CampaignsTab place={{ kind: 'sphere', sphere: testSphere() }} openGeneralTab={vi.fn()} />);
    expect(await screen.findByTestId('campaigns-empty')).toBeTruthy();
  });

  it('lists nothing and offers no creation to a member who may not read campaigns', async () => {
    const { calls } = fakeCampaignsServer(fetchMock, { roles: ['contributor'] });
    renderPage(<CampaignsTab place={{ kind: 'sphere', sphere: testSphere() }} openGeneralTab={vi.fn()} />);
    expect(await screen.findByTestId('campaigns-forbidden')).toBeTruthy();
    expect(screen.queryByTestId('campaign-new')).toBeNull();
    expect(calls('GET', '/v1/campaigns/spheres/sphere-1')).toHaveLength(0);
  });
});

describe('the campaign overlay', () => {
  it('creates a campaign and opens its settings', async () => {
    const { calls } = fakeCampaignsServer(fetchMock);
    renderPage(
      <>
        <CampaignOverlay {...overlayProps('show=campaign&sphereId=sphere-1')} />
        <LocationProbe />
      </>,
    );
    fireEvent.change(await screen.findByTestId('campaign-create-name'), {
      target: { value: 'Spring pulse' },
    });
    fireEvent.change(screen.getByTestId('campaign-create-public-name-en'), {
      target: { value: 'How are we doing?' },
    });
    fireEvent.change(screen.getByTestId('campaign-create-mode'), { target: { value: 'managed' } });
    fireEvent.click(screen.getByTestId('campaign-create-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/apps/campaigns/campaign-new/settings'),
    );
    expect(calls('POST', '/v1/campaigns/spheres/sphere-1')[0]?.body).toMatchObject({
      name: 'Spring pulse',
      publicName: { en: 'How are we doing?' },
      mode: 'managed',
      templateModel: 'blank',
      defaultLocale: 'en',
    });
  });

  it('refuses a campaign without a name before sending it', async () => {
    const { calls } = fakeCampaignsServer(fetchMock);
    renderPage(<CampaignOverlay {...overlayProps('show=campaign&sphereId=sphere-1')} />);
    fireEvent.click(await screen.findByTestId('campaign-create-submit'));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(calls('POST', '/v1/campaigns/spheres/sphere-1')).toHaveLength(0);
  });

  it('offers only the blank template unless the sphere has campaign templates', async () => {
    fakeCampaignsServer(fetchMock);
    renderPage(<CampaignOverlay {...overlayProps('sphereId=sphere-1')} />);
    const select = await screen.findByTestId('campaign-create-template');
    expect([...select.querySelectorAll('option')].map((o) => o.value)).toEqual(['blank']);
  });

  it('offers every template when the sphere has them', async () => {
    fakeCampaignsServer(fetchMock, {
      sphere: testSphere({
        entitlements: {
          engagementUp: { active: true, campaignTemplatesAvailable: true },
          salesUp: { active: false },
        },
        campaignSmsEnabled: false,
      }),
    });
    renderPage(<CampaignOverlay {...overlayProps('sphereId=sphere-1')} />);
    const select = await screen.findByTestId('campaign-create-template');
    expect([...select.querySelectorAll('option')].map((o) => o.value)).toEqual([
      'checkup',
      'blank',
      'simple',
      'aripso',
    ]);
  });
});

describe('the campaign page', () => {
  /** A sphere with Engagement-Up and its campaign templates: its campaigns have custom reports. */
  const withTemplates = () =>
    testSphere({
      entitlements: {
        engagementUp: { active: true, campaignTemplatesAvailable: true },
        salesUp: { active: false },
      },
    });
  /** A query client that has read the sphere already, under the key every page reads it by. */
  const seeded = (sphere: Sphere) => {
    const client = newQueryClient();
    client.setQueryData(sphereKey(sphere.id), sphere);
    return client;
  };

  it('shows the join link with the campaign code, its QR code, and the current cycle counts', async () => {
    fakeCampaignsServer(fetchMock, {
      campaigns: [testCampaign()],
      cycles: [testCycle({ status: 'inProgress' })],
      participants: participants({ invited: 12, done: 4 }),
    });
    renderPage(<CampaignPage />, {
      path: '/apps/campaigns/:campaignId',
      entry: '/apps/campaigns/campaign-1',
    });
    const url = (await screen.findByTestId('campaign-join-url')) as HTMLInputElement;
    expect(url.value).toBe(`${window.location.origin}/apps/participation/campaign-1?code=code-123`);
    expect(await screen.findByTestId('campaign-join-qr')).toBeTruthy();
    expect((await screen.findByTestId('campaign-count-done')).textContent).toBe('4');
    expect(screen.getByTestId('campaign-cycle-status').textContent).toBe('Collecting');
    expect(screen.getByTestId('campaign-settings-link')).toBeTruthy();
  });

  it('offers the sphere’s admins a Results link to the campaign’s results', async () => {
    fakeCampaignsServer(fetchMock, { campaigns: [testCampaign()] });
    renderPage(<CampaignPage />, {
      path: '/apps/campaigns/:campaignId',
      entry: '/apps/campaigns/campaign-1',
    });
    const link = await screen.findByTestId('campaign-results-link');
    expect(link.textContent).toBe('Results');
    expect(link.getAttribute('href')).toBe('/apps/campaigns/campaign-1/reports');
  });

  it('offers the sphere’s admins a Custom reports link when the sphere has campaign templates', async () => {
    fakeCampaignsServer(fetchMock, { campaigns: [testCampaign()], sphere: withTemplates() });
    renderPage(<CampaignPage />, {
      path: '/apps/campaigns/:campaignId',
      entry: '/apps/campaigns/campaign-1',
    });
    const link = await screen.findByTestId('campaign-custom-reports-link');
    expect(link.textContent).toBe('Custom reports');
    expect(link.getAttribute('href')).toBe('/apps/campaigns/campaign-1/custom-reports');
    await expectNoAxeViolations();
  });

  it.each([
    ['Engagement-Up without its campaign templates', { active: true, campaignTemplatesAvailable: false }],
    [
      'templates left available while Engagement-Up is off',
      { active: false, campaignTemplatesAvailable: true },
    ],
  ])(
    'offers no Custom reports link, but still the Results, to a sphere with %s',
    async (_case, engagementUp) => {
      const sphere = testSphere({ entitlements: { engagementUp, salesUp: { active: false } } });
      fakeCampaignsServer(fetchMock, { campaigns: [testCampaign()], sphere });
      // The sphere already read (as from its page): the first render with the campaign and the
      // account decides the link, so its absence below is not a matter of timing.
      renderPage(<CampaignPage />, {
        path: '/apps/campaigns/:campaignId',
        entry: '/apps/campaigns/campaign-1',
        queryClient: seeded(sphere),
      });
      expect(await screen.findByTestId('campaign-results-link')).toBeTruthy();
      expect(screen.queryByTestId('campaign-custom-reports-link')).toBeNull();
      await expectNoAxeViolations();
    },
  );

  it('offers no Custom reports link to an admin whose subscription is starter', async () => {
    fakeCampaignsServer(fetchMock, { campaigns: [testCampaign()], sphere: withTemplates() });
    // The same account and rules, on the starter subscription.
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      const response = await answer!(input, init);
      if (new URL(String(input)).pathname !== '/v1/me') return response;
      const me = (await response.json()) as { ability: object };
      return jsonResponse(200, { ...me, ability: { ...me.ability, subscription: 'starter' } });
    });
    renderPage(<CampaignPage />, {
      path: '/apps/campaigns/:campaignId',
      entry: '/apps/campaigns/campaign-1',
    });
    expect(await screen.findByTestId('campaign-results-link')).toBeTruthy();
    expect(screen.queryByTestId('campaign-custom-reports-link')).toBeNull();
  });

  it('offers no settings link to someone who may not change the campaign', async () => {
    fakeCampaignsServer(fetchMock, {
      roles: ['contributor'],
      campaigns: [testCampaign()],
      sphere: withTemplates(),
    });
    renderPage(<CampaignPage />, {
      path: '/apps/campaigns/:campaignId',
      entry: '/apps/campaigns/campaign-1',
    });
    expect(await screen.findByTestId('campaign-page')).toBeTruthy();
    expect(screen.queryByTestId('campaign-settings-link')).toBeNull();
    expect(screen.queryByTestId('campaign-results-link')).toBeNull();
    expect(screen.queryByTestId('campaign-custom-reports-link')).toBeNull();
  });
});

describe('the measures editor', () => {
  it('refuses a form measure without a form, then saves it once one is chosen', async () => {
    const campaign = testCampaign();
    const { calls } = fakeCampaignsServer(fetchMock, {
      campaigns: [campaign],
      forms: [
        {
          sphereId: 'sphere-1',
          formId: 'wellbeing',
          availabilitiesThrough: 'sphereMember',
          sessionIds: [],
          title: { en: 'Wellbeing check' },
          archived: false,
          updateDate: '2026-01-01T00:00:00.000Z',
        },
      ],
    });
    renderPage(<MeasuresEditor campaign={campaign} sphere={testSphere()} />);
    fireEvent.change(screen.getByTestId('measure-add-type'), { target: { value: 'form' } });
    fireEvent.click(screen.getByTestId('measure-add'));
    fireEvent.click(screen.getByTestId('measures-save'));
    expect(await screen.findByTestId('measures-invalid')).toBeTruthy();
    expect(within(screen.getByTestId('measure-0')).getByText('This field is required.')).toBeTruthy();
    expect(calls('PUT', '/v1/campaigns/campaign-1/measures')).toHaveLength(0);

    await screen.findByRole('option', { name: 'Wellbeing check' });
    fireEvent.change(screen.getByTestId('measure-0-form'), { target: { value: 'wellbeing' } });
    fireEvent.click(screen.getByTestId('measures-save'));
    await waitFor(() => expect(calls('PUT', '/v1/campaigns/campaign-1/measures')).toHaveLength(1));
    expect(calls('PUT', '/v1/campaigns/campaign-1/measures')[0]?.body).toMatchObject({
      measures: [{ type: 'form', formId: 'wellbeing' }],
      updateDate: campaign.updateDate,
    });
  });

  it('keeps the measures in the order chosen', async () => {
    const campaign = testCampaign();
    const { calls } = fakeCampaignsServer(fetchMock, { campaigns: [campaign] });
    renderPage(<MeasuresEditor campaign={campaign} sphere={testSphere()} />);
    fireEvent.click(screen.getByTestId('measure-add'));
    fireEvent.change(screen.getByTestId('measure-add-type'), { target: { value: 'profile' } });
    fireEvent.click(screen.getByTestId('measure-add'));
    fireEvent.click(within(screen.getByTestId('measure-1')).getByLabelText('Gender'));
    fireEvent.click(screen.getByTestId('measure-1-up'));
    fireEvent.click(screen.getByTestId('measures-save'));
    await waitFor(() => expect(calls('PUT', '/v1/campaigns/campaign-1/measures')).toHaveLength(1));
    const sent = calls('PUT', '/v1/campaigns/campaign-1/measures')[0]?.body as {
      measures: { type: string }[];
    };
    expect(sent.measures.map((m) => m.type)).toEqual(['profile', 'feeling']);
  });
});

describe('the notifications editor', () => {
  it('refuses a message without the {url} link before saving, and says so as it is typed', async () => {
    const cycle = testCycle();
    const { calls } = fakeCampaignsServer(fetchMock, { cycles: [cycle] });
    renderPage(<NotificationsEditor campaignId="campaign-1" cycle={cycle} smsAllowed={false} />);
    fireEvent.click(screen.getByTestId('notification-add'));
    expect(screen.getByTestId('notification-0-link-check').textContent).toBe(
      'The link {url} is in the message.',
    );
    fireEvent.change(screen.getByTestId('notification-0-message'), { target: { value: 'Please answer' } });
    expect(screen.getByTestId('notification-0-link-check').textContent).toBe(
      'The link {url} is missing from the message.',
    );
    fireEvent.click(screen.getByTestId('notifications-save'));
    expect(await screen.findByText('The message must contain the link placeholder {url}.')).toBeTruthy();
    expect(calls('PUT', '/v1/campaigns/campaign-1/cycles/cycle-1')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('notification-0-insert-link'));
    expect((screen.getByTestId('notification-0-message') as HTMLTextAreaElement).value).toContain('{url}');
    fireEvent.click(screen.getByTestId('notifications-save'));
    await waitFor(() => expect(calls('PUT', '/v1/campaigns/campaign-1/cycles/cycle-1')).toHaveLength(1));
  });

  it('refuses a participant reminder outside the cycle before saving', async () => {
    const cycle = testCycle();
    const { calls } = fakeCampaignsServer(fetchMock, { cycles: [cycle] });
    renderPage(<NotificationsEditor campaignId="campaign-1" cycle={cycle} smsAllowed={false} />);
    fireEvent.click(screen.getByTestId('notification-add'));
    fireEvent.click(screen.getByTestId('notification-0-reminder'));
    fireEvent.change(screen.getByTestId('notification-0-reminder-date'), {
      target: { value: '2026-04-01T10:00' },
    });
    fireEvent.click(screen.getByTestId('notifications-save'));
    expect(
      await screen.findByText("The reminder to participants must fall between the cycle's start and end."),
    ).toBeTruthy();
    expect(calls('PUT', '/v1/campaigns/campaign-1/cycles/cycle-1')).toHaveLength(0);
  });
});

describe('the cycles tab', () => {
  it('shows the server’s cycle-overlap on the start field', async () => {
    const campaign = testCampaign();
    fakeCampaignsServer(fetchMock, {
      campaigns: [campaign],
      cycles: [],
      writeAnswers: [{ status: 400, body: { errors: [{ key: 'cycle-overlap', field: 'start' }] } }],
    });
    renderPage(<CyclesTab campaign={campaign} sphere={testSphere()} />);
    fireEvent.click(await screen.findByTestId('cycle-add'));
    fireEvent.change(await screen.findByTestId('cycle-label'), { target: { value: 'April' } });
    fireEvent.click(screen.getByTestId('cycle-save'));
    const start = screen.getByTestId('cycle-start');
    await waitFor(() => expect(start.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('A cycle cannot start before the previous one ends.')).toBeTruthy();
  });

  it('finds an overlap with another cycle before sending', async () => {
    const campaign = testCampaign();
    const { calls } = fakeCampaignsServer(fetchMock, { campaigns: [campaign], cycles: [testCycle()] });
    renderPage(<CyclesTab campaign={campaign} sphere={testSphere()} />);
    fireEvent.click(await screen.findByTestId('cycle-add'));
    fireEvent.change(await screen.findByTestId('cycle-label'), { target: { value: 'Overlapping' } });
    fireEvent.change(screen.getByTestId('cycle-start'), { target: { value: '2026-03-05T10:00' } });
    fireEvent.click(screen.getByTestId('cycle-save'));
    expect(await screen.findByText('A cycle cannot start before the previous one ends.')).toBeTruthy();
    expect(calls('POST', '/v1/campaigns/campaign-1/cycles')).toHaveLength(0);
  });
});

describe('the stop-collection confirmation', () => {
  it.each([
    [{}, 'Nobody has taken part.'],
    [{ done: 1 }, 'One person has taken part.'],
    [{ done: 2, inProgress: 3, refused: 1 }, '6 people have taken part.'],
  ])('reads the participant count first and words it (%o)', async (counts, wording) => {
    const cycle = testCycle({ status: 'inProgress' });
    const { calls } = fakeCampaignsServer(fetchMock, { cycles: [cycle], participants: participants(counts) });
    renderPage(<CycleCommands campaignId="campaign-1" cycle={cycle} active />);
    fireEvent.click(screen.getByTestId('scheduler-cycle-1-stopCollection'));
    expect((await screen.findByTestId('scheduler-count')).textContent).toBe(wording);
    expect(calls('POST', '/v1/campaigns/campaign-1/cycles/cycle-1/commands')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('scheduler-confirm-confirm'));
    await waitFor(() =>
      expect(calls('POST', '/v1/campaigns/campaign-1/cycles/cycle-1/commands')[0]?.body).toEqual({
        action: 'stopCollection',
      }),
    );
  });

  it('offers only the commands the state machines allow', () => {
    fakeCampaignsServer(fetchMock);
    renderPage(<CycleCommands campaignId="campaign-1" cycle={testCycle({ status: 'draft' })} active />);
    expect(screen.getByTestId('scheduler-cycle-1-schedule')).toBeTruthy();
    expect(screen.getByTestId('scheduler-cycle-1-startCollection')).toBeTruthy();
    expect(screen.getByTestId('scheduler-cycle-1-enableTestMode')).toBeTruthy();
    expect(screen.queryByTestId('scheduler-cycle-1-stopCollection')).toBeNull();
    expect(screen.queryByTestId('scheduler-cycle-1-startTest')).toBeNull();
  });

  it('says that resetting test data erases it', async () => {
    fakeCampaignsServer(fetchMock);
    renderPage(
      <CycleCommands campaignId="campaign-1" cycle={testCycle({ status: 'draft', testMode: true })} active />,
    );
    fireEvent.click(screen.getByTestId('scheduler-cycle-1-resetTestMode'));
    const dialog = await screen.findByTestId('scheduler-confirm-dialog');
    expect(dialog.textContent).toContain('deleted for good');
  });
});

describe('the settings form', () => {
  it('sends the updateDate read, and reads the campaign again when someone changed it (409)', async () => {
    const campaign = testCampaign();
    const { calls } = fakeCampaignsServer(fetchMock, {
      campaigns: [campaign],
      writeAnswers: [{ status: 409, body: { key: 'conflict' } }],
    });
    renderPage(<SettingsForm campaign={campaign} sphere={testSphere()} />);
    fireEvent.change(screen.getByTestId('campaign-name'), { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByTestId('campaign-settings-save'));
    await waitFor(() => expect(calls('PUT', '/v1/campaigns/campaign-1')).toHaveLength(1));
    expect(calls('PUT', '/v1/campaigns/campaign-1')[0]?.body).toMatchObject({
      name: 'Renamed',
      updateDate: campaign.updateDate,
    });
    const { notifications } = await import('@mantine/notifications');
    await waitFor(() =>
      expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
        expect.objectContaining({ message: expect.stringContaining('Someone else changed this campaign') }),
      ),
    );
  });
});

describe('the campaign end overlay', () => {
  it('cancels an active campaign once confirmed, and offers no closing while a cycle collects', async () => {
    const { calls } = fakeCampaignsServer(fetchMock, {
      campaigns: [testCampaign({ status: 'inProgress' })],
      cycles: [testCycle({ status: 'inProgress' })],
    });
    const props = overlayProps('show=campaign end&campaignId=campaign-1');
    renderPage(<CampaignEndOverlay {...props} />);
    expect(await screen.findByTestId('campaign-end-collecting')).toBeTruthy();
    expect(screen.queryByTestId('campaign-end-close')).toBeNull();
    expect(screen.queryByTestId('campaign-end-reopen')).toBeNull();
    fireEvent.click(screen.getByTestId('campaign-end-confirm'));
    await waitFor(() => expect(props.done).toHaveBeenCalled());
    expect(calls('POST', '/v1/campaigns/campaign-1/commands')[0]?.body).toEqual({ action: 'cancel' });
  });

  it('offers only reopening a closed campaign', async () => {
    fakeCampaignsServer(fetchMock, { campaigns: [testCampaign({ active: false, status: 'closed' })] });
    renderPage(<CampaignEndOverlay {...overlayProps('campaignId=campaign-1')} />);
    expect(await screen.findByTestId('campaign-end-reopen')).toBeTruthy();
    expect(screen.queryByTestId('campaign-end-cancel')).toBeNull();
    expect(screen.queryByTestId('campaign-end-close')).toBeNull();
  });
});

describe('removing a cycle', () => {
  it('removes a draft cycle only after confirmation', async () => {
    const campaign = testCampaign();
    const { calls } = fakeCampaignsServer(fetchMock, { campaigns: [campaign], cycles: [testCycle()] });
    renderPage(<CyclesTab campaign={campaign} sphere={testSphere()} />);
    fireEvent.click(await screen.findByTestId('cycle-remove-cycle-1'));
    const dialog = await screen.findByTestId('cycle-remove-dialog');
    expect(calls('DELETE', '/v1/campaigns/campaign-1/cycles/cycle-1')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('cycle-remove-confirm'));
    await waitFor(() => expect(calls('DELETE', '/v1/campaigns/campaign-1/cycles/cycle-1')).toHaveLength(1));
  });
});

describe('the campaign settings page', () => {
  it.each([
    ['settings', 'campaign-settings-form'],
    ['measures', 'measures-editor'],
    ['cycles', 'cycles-list'],
    ['emails', 'notifications-editor'],
    ['scheduler', 'scheduler-cycle-1'],
    ['targets', 'targets-tab'],
    ['participation', 'participation-counts'],
    ['context', 'context-summary'],
  ])('opens its %s tab from the address', async (tab, testId) => {
    fakeCampaignsServer(fetchMock, {
      campaigns: [testCampaign()],
      cycles: [testCycle()],
      sphere: testSphere({ isStudyProgram: true }),
    });
    renderPage(<CampaignSettingsPage />, {
      path: '/apps/campaigns/:campaignId/settings',
      entry: `/apps/campaigns/campaign-1/settings?tab=${tab}`,
    });
    expect(await screen.findByTestId(testId)).toBeTruthy();
    if (tab === 'participation')
      expect(screen.getByTestId('participation-anonymous').textContent).toContain(
        'Answers are anonymous and are never shown per person',
      );
    if (tab === 'context')
      expect(screen.getByTestId('context-study-program').textContent).toContain('anonymity not guaranteed');
  });

  it('is closed to someone who may not change the campaign', async () => {
    fakeCampaignsServer(fetchMock, { roles: ['contributor'], campaigns: [testCampaign()] });
    renderPage(<CampaignSettingsPage />, {
      path: '/apps/campaigns/:campaignId/settings',
      entry: '/apps/campaigns/campaign-1/settings',
    });
    expect(await screen.findByTestId('campaign-settings-forbidden')).toBeTruthy();
  });

  it('says when the campaign does not exist', async () => {
    fakeCampaignsServer(fetchMock);
    renderPage(<CampaignSettingsPage />, {
      path: '/apps/campaigns/:campaignId/settings',
      entry: '/apps/campaigns/nope/settings',
    });
    expect(await screen.findByTestId('campaign-unavailable')).toBeTruthy();
  });
});
