// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import i18n from '../../i18n';
import { LocationProbe, renderPage } from '../../test/render';
import FormsTab from './forms-tab';
import {
  availableForm,
  entitlement,
  fakeFormsServer,
  groupSession,
  type FormsServerOptions,
} from './forms-test-server';
import { answerableHere } from './session-forms-tab';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const admin: FormsServerOptions = { spheres: [{ sphereId: 'sphere-1', roles: ['admin'] }] };
const north = groupSession('group-1', 'North team');
const memberOfNorth = groupSession('group-1', 'North team', { isMember: true, roles: ['member'] });

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

function renderTab(session = north) {
  return renderPage(
    <>
      <FormsTab place={{ kind: 'session', session }} openGeneralTab={vi.fn()} />
      <LocationProbe />
    </>,
    { path: '/apps/sessions/:sessionId/settings', entry: '/apps/sessions/group-1/settings?tab=forms' },
  );
}

describe('the Forms tab of a session settings', () => {
  it('lists the forms that reach the session, offered to the whole sphere or to this group', async () => {
    fakeFormsServer(fetchMock, {
      ...admin,
      sessionEntitlements: {
        'group-1': [
          entitlement('wellbeing', 'Wellbeing check'),
          entitlement('big-five', 'Big Five', {
            availabilitiesThrough: 'sessionMember',
            sessionIds: ['group-1'],
          }),
        ],
      },
    });
    renderTab();
    expect((await screen.findByTestId('session-form-who-wellbeing')).textContent).toBe(
      "All the sphere's members",
    );
    expect(screen.getByTestId('session-form-who-big-five').textContent).toBe('The members of this group');
    // An admin who is not a member of the group has nothing to answer there.
    expect(screen.queryByTestId('session-form-answer-wellbeing')).toBeNull();
    expect(screen.getByTestId('session-forms-manage').getAttribute('href')).toBe(
      '/apps/spheres/sphere-1/settings?tab=forms',
    );
  });

  it('says so when no form reaches the session', async () => {
    fakeFormsServer(fetchMock, { ...admin, sessionEntitlements: { 'group-1': [] } });
    renderTab();
    expect(await screen.findByTestId('session-forms-empty')).toBeTruthy();
  });

  it('shows an error with a retry when the forms cannot be loaded', async () => {
    fakeFormsServer(fetchMock, admin);
    renderTab();
    expect(await screen.findByTestId('session-forms-error')).toBeTruthy();
  });

  it('tells whoever is not an admin of the sphere that the list is theirs, without asking the server', async () => {
    const { calls } = fakeFormsServer(fetchMock, { sessionEntitlements: { 'group-1': [] } });
    renderTab();
    expect(await screen.findByTestId('session-forms-forbidden')).toBeTruthy();
    expect(calls('GET', '/v1/forms/sessions/group-1/entitlements')).toHaveLength(0);
  });

  it('lets an admin who is a member answer a form available to them there, in the session', async () => {
    fakeFormsServer(fetchMock, {
      ...admin,
      sessionEntitlements: { 'group-1': [entitlement('wellbeing', 'Wellbeing check')] },
      available: [availableForm('wellbeing', 'Wellbeing check')],
    });
    renderTab(memberOfNorth);
    fireEvent.click(await screen.findByTestId('session-form-answer-wellbeing'));
    expect(screen.getByTestId('location').textContent).toBe(
      '/apps/sessions/group-1/settings?tab=forms&show=addForm&formId=wellbeing&sessionId=group-1',
    );
  });
});

describe('a form answered from a session', () => {
  it('is answerable by a member where it is available to them, through the session or the whole sphere', () => {
    const through = (sessionId?: string) =>
      availableForm('f', 'F', { places: [{ sphereId: 'sphere-1', sessionId, reserved: false }] });
    expect(answerableHere(through('group-1'), memberOfNorth)).toBe(true);
    expect(answerableHere(through(undefined), memberOfNorth)).toBe(true);
    expect(answerableHere(through('group-2'), memberOfNorth)).toBe(false);
    expect(answerableHere(through('group-1'), north)).toBe(false);
  });

  it('is not answerable where it is reserved to Essentials, nor when it is not available at all', () => {
    const reserved = availableForm('f', 'F', {
      places: [{ sphereId: 'sphere-1', reserved: true }],
      reserved: true,
    });
    expect(answerableHere(reserved, memberOfNorth)).toBe(false);
    expect(answerableHere(undefined, memberOfNorth)).toBe(false);
  });
});
