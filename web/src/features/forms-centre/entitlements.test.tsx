// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { Sphere } from '@shared/contracts/spheres';
import i18n from '../../i18n';
import { LocationProbe, renderPage } from '../../test/render';
import EntitlementOverlay from './entitlement-overlay';
import EntitlementsTab from './entitlements-tab';
import { entitlement, fakeFormsServer, summary, type FormsServerOptions } from './forms-test-server';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const admin: FormsServerOptions = { spheres: [{ sphereId: 'sphere-1', roles: ['admin'] }] };

const sphere = { id: 'sphere-1', name: 'Atelier' } as Sphere;

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

describe('the Forms tab of the sphere settings', () => {
  it('lists the forms entitled to the sphere with who sees them, and opens the overlay to change one', async () => {
    fakeFormsServer(fetchMock, {
      ...admin,
      entitlements: [
        entitlement('wellbeing', 'Wellbeing check'),
        entitlement('big-five', 'Big Five', {
          availabilitiesThrough: 'sessionMember',
          sessionIds: ['group-1'],
        }),
      ],
    });
    renderPage(
      <>
        <EntitlementsTab place={{ kind: 'sphere', sphere }} openGeneralTab={vi.fn()} />
        <LocationProbe />
      </>,
    );
    expect((await screen.findByTestId('entitlement-who-wellbeing')).textContent).toBe(
      "All the sphere's members",
    );
    expect(screen.getByTestId('entitlement-who-big-five').textContent).toBe('Members of 1 group');
    fireEvent.click(screen.getByTestId('entitlement-edit-big-five'));
    expect(screen.getByTestId('location').textContent).toBe(
      '/?show=addOrUpdateFormEntitlement&sphereId=sphere-1&formId=big-five',
    );
  });

  it('removes an entitlement only after confirmation', async () => {
    const { calls } = fakeFormsServer(fetchMock, {
      ...admin,
      entitlements: [entitlement('wellbeing', 'Wellbeing check')],
    });
    renderPage(<EntitlementsTab place={{ kind: 'sphere', sphere }} openGeneralTab={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('entitlement-remove-wellbeing'));
    const dialog = await screen.findByTestId('entitlement-remove-dialog');
    expect(dialog.textContent).toContain('Wellbeing check');
    expect(calls('DELETE', '/v1/forms/spheres/sphere-1/entitlements/wellbeing')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('entitlement-remove-confirm'));
    await waitFor(() => expect(screen.queryByTestId('entitlement-wellbeing')).toBeNull());
    expect(calls('DELETE', '/v1/forms/spheres/sphere-1/entitlements/wellbeing')).toHaveLength(1);
    expect(screen.getByTestId('entitlements-empty')).toBeTruthy();
  });
});

describe('the addOrUpdateFormEntitlement overlay', () => {
  const props = (params: string) => ({ params: new URLSearchParams(params), done: vi.fn(), close: vi.fn() });

  it('offers only the forms not private and not yet entitled, and requires one', async () => {
    const { calls } = fakeFormsServer(fetchMock, {
      ...admin,
      entitlements: [entitlement('wellbeing', 'Wellbeing check')],
      definitions: [
        summary('wellbeing', 'Wellbeing check'),
        summary('secret', 'Secret', { isPrivate: true }),
        summary('big-five', 'Big Five'),
      ],
    });
    renderPage(<EntitlementOverlay {...props('sphereId=sphere-1')} />);
    const choice = (await screen.findByTestId('entitlement-form-choice')) as HTMLSelectElement;
    expect([...choice.options].map((o) => o.value)).toEqual(['', 'big-five']);
    fireEvent.click(screen.getByTestId('entitlement-save'));
    expect(await screen.findByText(i18n.t('errors.required'))).toBeTruthy();
    expect(calls('POST', '/v1/forms/spheres/sphere-1/entitlements')).toHaveLength(0);
  });

  it('offers the sessions only through session membership, and saves them with the entitlement', async () => {
    const { calls } = fakeFormsServer(fetchMock, {
      ...admin,
      definitions: [summary('big-five', 'Big Five')],
    });
    const overlay = props('sphereId=sphere-1');
    renderPage(<EntitlementOverlay {...overlay} />);
    fireEvent.change(await screen.findByTestId('entitlement-form-choice'), { target: { value: 'big-five' } });
    expect(screen.queryByTestId('entitlement-sessions')).toBeNull();
    fireEvent.click(screen.getByTestId('entitlement-availability-sessionMember'));
    fireEvent.click(await screen.findByLabelText('North team'));
    fireEvent.click(screen.getByTestId('entitlement-save'));
    await waitFor(() => expect(overlay.done).toHaveBeenCalled());
    expect(calls('POST', '/v1/forms/spheres/sphere-1/entitlements')[0]?.body).toEqual({
      formId: 'big-five',
      availabilitiesThrough: 'sessionMember',
    });
    expect(calls('PUT', '/v1/forms/spheres/sphere-1/entitlements/big-five')[0]?.body).toEqual({
      sphereId: 'sphere-1',
      formId: 'big-five',
      availabilitiesThrough: 'sessionMember',
      sessionIds: ['group-1'],
    });
  });

  it('sends no sessions when the form is seen by the whole sphere', async () => {
    const { calls } = fakeFormsServer(fetchMock, {
      ...admin,
      entitlements: [
        entitlement('big-five', 'Big Five', {
          availabilitiesThrough: 'sessionMember',
          sessionIds: ['group-1'],
        }),
      ],
    });
    const overlay = props('sphereId=sphere-1&formId=big-five');
    renderPage(<EntitlementOverlay {...overlay} />);
    expect(await screen.findByTestId('entitlement-sessions')).toBeTruthy();
    fireEvent.click(screen.getByTestId('entitlement-availability-sphereMember'));
    expect(screen.queryByTestId('entitlement-sessions')).toBeNull();
    fireEvent.click(screen.getByTestId('entitlement-save'));
    await waitFor(() => expect(overlay.done).toHaveBeenCalled());
    expect(calls('PUT', '/v1/forms/spheres/sphere-1/entitlements/big-five')[0]?.body).toMatchObject({
      availabilitiesThrough: 'sphereMember',
      sessionIds: [],
    });
  });
});
