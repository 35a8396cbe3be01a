// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import { notifications } from '@mantine/notifications';
import type { Licence, SphereLicences } from '@shared/contracts/licences';
import type { Member } from '@shared/contracts/spheres';
import { defineRules } from '@shared/domain/ability';
import i18n from '../../i18n';
import { SUPER_ADMIN_STORAGE_KEY } from '../../lib/api';
import { ApiError, errorMessages } from '../../lib/errors';
import { meFixture } from '../../test/me';
import { sphereFixture } from '../../test/fixtures';
import { jsonResponse, renderPage } from '../../test/render';
// Tests are wiring: the member form of the spheres feature reads the same licences.
import { MembersList } from '../spheres/members-list';
import LicencesTab from './licences-tab';
import { expectNoAxeViolations } from '../../test/axe';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const sphere = sphereFixture();

const licence = (tier: Licence['tier'], count: number, used: number): Licence => ({
  tier,
  count,
  used,
  remaining: Math.max(count - used, 0),
});

const licences = (extra: Partial<SphereLicences> = {}): SphereLicences => ({
  sphereId: 'sphere-1',
  licences: [
    licence('essentials', 20, 12),
    licence('premium', 5, 5),
    licence('weUp', 0, 0),
    licence('alignia', 10, 9),
    licence('syneria', 0, 0),
  ],
  ...extra,
});

const adminRules = () =>
  defineRules({
    userId: 'user-1',
    isGuest: false,
    subscription: 'essentials',
    globalRoles: [],
    superAdminMode: false,
    spheres: [{ sphereId: 'sphere-1', roles: ['admin'] }],
    sessions: [],
  });

type Answer = (init?: RequestInit) => Response;

/** Answers the start call with `rules`, and every other call from `answers` (404 otherwise). */
function serve(answers: Record<string, Answer>, rules = adminRules()) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (key === 'GET /v1/me')
      return jsonResponse(200, meFixture({ ability: { subscription: 'essentials', rules } }));
    const answer = answers[key];
    return answer ? answer(init) : jsonResponse(404, { key: 'not-found' });
  });
}

const sent = (method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input)).pathname === path,
  );

const renderTab = () =>
  renderPage(<LicencesTab place={{ kind: 'sphere', sphere }} openGeneralTab={vi.fn()} />);

const GET = 'GET /v1/spheres/sphere-1/subscriptions';

beforeEach(async () => {
  vi.clearAllMocks();
  window.localStorage.removeItem(SUPER_ADMIN_STORAGE_KEY);
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-1' } },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  window.localStorage.removeItem(SUPER_ADMIN_STORAGE_KEY);
  await i18n.changeLanguage('fr');
});

describe('the licences table', () => {
  it('reads every tier’s counts in words, with a named bar, in a captioned table', async () => {
    serve({ [GET]: () => jsonResponse(200, licences()) });
    renderTab();
    const table = await screen.findByTestId('licences-table');
    expect(within(table).getByText('Licences of Atelier: held, used and left for each plan')).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Essentials', 'Premium', 'We-up', 'Alignia', 'Synéria']);

    const essentials = screen.getByTestId('licence-essentials');
    expect(within(essentials).getByTestId('licence-count').textContent).toBe('20');
    expect(within(essentials).getByTestId('licence-used').textContent).toBe('12');
    expect(within(essentials).getByTestId('licence-remaining').textContent).toBe('8');
    expect(within(essentials).getByTestId('licence-usage').textContent).toBe('12 of 20 in use, 8 left');
    expect(within(essentials).getByTestId('licence-state').textContent).toBe('60 % · licences available');
    const bar = within(essentials).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('60');
    expect(bar.getAttribute('aria-label')).toBe('Essentials: 60 % in use, licences available');

    const premium = screen.getByTestId('licence-premium');
    expect(within(premium).getByTestId('licence-state').textContent).toBe('100 % · all used');
    expect(within(screen.getByTestId('licence-alignia')).getByTestId('licence-state').textContent).toBe(
      '90 % · nearly all used',
    );
    expect(within(screen.getByTestId('licence-weUp')).getByTestId('licence-state').textContent).toBe(
      '0 % · none held',
    );
    // Each count has its own labelled field and button.
    expect(screen.getByRole('textbox', { name: 'New count of Essentials licences' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save the count of Synéria licences' })).toBeTruthy();
    expect(screen.queryByTestId('licences-empty')).toBeNull();
    await expectNoAxeViolations();
  });

  it('says when the sphere holds no licence, and still offers every tier’s count', async () => {
    serve({ [GET]: () => jsonResponse(200, { sphereId: 'sphere-1', licences: [] }) });
    renderTab();
    expect(await screen.findByTestId('licences-empty')).toBeTruthy();
    expect(within(screen.getByTestId('licences-table')).getAllByRole('rowheader')).toHaveLength(5);
  });

  it('shows a placeholder while loading, then the failure with a retry', async () => {
    let fail = true;
    serve({
      [GET]: () =>
        fail ? jsonResponse(500, { key: 'internal-server-error' }) : jsonResponse(200, licences()),
    });
    renderTab();
    expect(await screen.findByTestId('licences-loading')).toBeTruthy();
    const error = await screen.findByTestId('licences-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('The licences could not be loaded.');
    fail = false;
    fireEvent.click(within(error).getByTestId('retry'));
    expect(await screen.findByTestId('licences-table')).toBeTruthy();
  });

  it('is its admins’ only: others are told so and nothing is read', async () => {
    serve(
      { [GET]: () => jsonResponse(200, licences()) },
      defineRules({
        userId: 'user-1',
        isGuest: false,
        subscription: 'starter',
        globalRoles: [],
        superAdminMode: false,
        spheres: [{ sphereId: 'sphere-1', roles: ['contributor'] }],
        sessions: [],
      }),
    );
    renderTab();
    expect(await screen.findByTestId('licences-not-allowed')).toBeTruthy();
    expect(sent('GET', '/v1/spheres/sphere-1/subscriptions')).toHaveLength(0);
  });
});

describe('setting a count', () => {
  it('sends the PUT of its tier, and shows the licences in use of a licenses-min refusal on the field', async () => {
    serve({
      [GET]: () => jsonResponse(200, licences()),
      'PUT /v1/spheres/sphere-1/subscriptions/essentials/license': () =>
        jsonResponse(409, {
          key: 'licenses-min',
          errors: [{ key: 'licenses-min', field: 'body.quantity', values: { count: 12 } }],
        }),
    });
    renderTab();
    const input = await screen.findByRole('textbox', { name: 'New count of Essentials licences' });
    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the count of Essentials licences' }));
    await waitFor(() =>
      expect(sent('PUT', '/v1/spheres/sphere-1/subscriptions/essentials/license')).toHaveLength(1),
    );
    const [, init] = sent('PUT', '/v1/spheres/sphere-1/subscriptions/essentials/license')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ quantity: 10 });
    expect(await screen.findByText('You cannot go below the 12 licences in use.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(notifications.show).not.toHaveBeenCalled();
    await expectNoAxeViolations();
  });

  it('shows the saved count and says so', async () => {
    serve({
      [GET]: () => jsonResponse(200, licences()),
      'PUT /v1/spheres/sphere-1/subscriptions/premium/license': () =>
        jsonResponse(
          200,
          licences({
            licences: [licence('essentials', 20, 12), licence('premium', 8, 5)],
          }),
        ),
    });
    renderTab();
    const input = await screen.findByRole('textbox', { name: 'New count of Premium licences' });
    fireEvent.change(input, { target: { value: '8' } });
    fireEvent.submit(screen.getByTestId('licence-form-premium'));
    await waitFor(() =>
      expect(within(screen.getByTestId('licence-premium')).getByTestId('licence-usage').textContent).toBe(
        '5 of 8 in use, 3 left',
      ),
    );
    expect(vi.mocked(notifications.show).mock.calls[0]![0].message).toBe(
      'The sphere now holds 8 Premium licences.',
    );
  });

  it('names the blocked galaxy quota of a quota-blocked refusal', async () => {
    serve({
      [GET]: () => jsonResponse(200, licences()),
      'PUT /v1/spheres/sphere-1/subscriptions/premium/license': () =>
        jsonResponse(409, {
          key: 'quota-blocked',
          errors: [{ key: 'quota-blocked', field: 'engagement-up-subscriptions' }],
        }),
    });
    renderTab();
    const input = await screen.findByRole('textbox', { name: 'New count of Premium licences' });
    fireEvent.change(input, { target: { value: '50' } });
    fireEvent.submit(screen.getByTestId('licence-form-premium'));
    expect(await screen.findByText(/^Blocking limit reached \(degraded service\): /)).toBeTruthy();
  });
});

describe('the licence mode', () => {
  it('is not chosen yet: bill or auto, each after a confirmation that says it is for good', async () => {
    let body: unknown;
    serve({
      [GET]: () => jsonResponse(200, licences()),
      'PUT /v1/spheres/sphere-1/subscriptions/mode': (init) => {
        body = JSON.parse(String(init?.body));
        return jsonResponse(200, licences({ mode: 'bill' }));
      },
    });
    renderTab();
    expect((await screen.findByTestId('licence-mode-current')).textContent).toBe(
      'Current mode: not chosen yet',
    );
    expect(screen.getByTestId('licence-mode-choose-bill')).toBeTruthy();
    expect(screen.getByTestId('licence-mode-choose-auto')).toBeTruthy();
    expect(screen.queryByTestId('licence-mode-choose-legacy')).toBeNull();

    fireEvent.click(screen.getByTestId('licence-mode-choose-bill'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('licence-mode-warning').textContent).toContain(
      'cannot be changed afterwards',
    );
    expect(sent('PUT', '/v1/spheres/sphere-1/subscriptions/mode')).toHaveLength(0);
    await expectNoAxeViolations(dialog);
    // Cancelling sends nothing.
    fireEvent.click(within(dialog).getByTestId('licence-mode-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('PUT', '/v1/spheres/sphere-1/subscriptions/mode')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('licence-mode-choose-bill'));
    fireEvent.click(await screen.findByTestId('licence-mode-confirm'));
    await waitFor(() => expect(body).toEqual({ mode: 'bill' }));
    await waitFor(() =>
      expect(screen.getByTestId('licence-mode-current').textContent).toBe('Current mode: By invoice'),
    );
    // Chosen: nothing more is offered outside the super-admin mode.
    expect(screen.queryByTestId('licence-mode-choices')).toBeNull();
  });

  it('shows a licence-mode-fixed refusal translated, in the dialog', async () => {
    serve({
      [GET]: () => jsonResponse(200, licences()),
      'PUT /v1/spheres/sphere-1/subscriptions/mode': () => jsonResponse(409, { key: 'licence-mode-fixed' }),
    });
    renderTab();
    fireEvent.click(await screen.findByTestId('licence-mode-choose-auto'));
    fireEvent.click(await screen.findByTestId('licence-mode-confirm'));
    expect((await screen.findByTestId('licence-mode-error')).textContent).toBe(
      'The licence mode, once chosen, only changes to legacy, by a super-admin.',
    );
  });

  it('offers legacy in the super-admin mode only, with the same confirmation', async () => {
    window.localStorage.setItem(SUPER_ADMIN_STORAGE_KEY, 'true');
    let body: unknown;
    serve(
      {
        [GET]: () => jsonResponse(200, licences({ mode: 'auto' })),
        'PUT /v1/spheres/sphere-1/subscriptions/mode': (init) => {
          body = JSON.parse(String(init?.body));
          return jsonResponse(200, licences({ mode: 'legacy' }));
        },
      },
      [{ action: 'manage', subject: 'all' }],
    );
    renderTab();
    expect((await screen.findByTestId('licence-mode-current')).textContent).toBe('Current mode: Automatic');
    expect(screen.queryByTestId('licence-mode-choose-bill')).toBeNull();
    fireEvent.click(screen.getByTestId('licence-mode-choose-legacy'));
    expect((await screen.findByTestId('licence-mode-warning')).textContent).toContain(
      'cannot be changed afterwards',
    );
    fireEvent.click(screen.getByTestId('licence-mode-confirm'));
    await waitFor(() => expect(body).toEqual({ mode: 'legacy' }));
  });
});

const member = (extra: Partial<Member> = {}): Member => ({
  id: 'm1',
  name: 'Ana',
  email: 'ana@example.com',
  roles: ['contributor'],
  active: true,
  subscription: 'starter',
  tagIds: [],
  autoTagIds: [],
  lowSecurityAccessEnabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const list = <T,>(items: T[]) => ({ count: items.length, items, max: 200, offset: 0 });

describe('the member form’s plan', () => {
  const essentialsOption = (select: HTMLElement) =>
    within(select).getByRole('option', { name: /Essentials/ }) as HTMLOptionElement;

  it('disables Essentials with its reason when none is left, unless the member already has it', async () => {
    serve({
      [GET]: () => jsonResponse(200, licences({ licences: [licence('essentials', 20, 20)] })),
      'GET /v1/spheres/sphere-1/members': () =>
        jsonResponse(200, list([member(), member({ id: 'm2', name: 'Bo', subscription: 'essentials' })])),
      'GET /v1/spheres/sphere-1/tags': () => jsonResponse(200, list([])),
    });
    renderPage(<MembersList sphereId="sphere-1" primary="en" />);
    fireEvent.click(await screen.findByTestId('member-add-open'));
    const add = await screen.findByTestId('member-add-plan');
    await waitFor(() => expect(essentialsOption(add).disabled).toBe(true));
    expect(screen.getByText('No Essentials licence left (0 of 20).')).toBeTruthy();
    expect(add.getAttribute('aria-describedby')).toBeTruthy();
    await expectNoAxeViolations(screen.getByTestId('member-add'));

    // Updating a Starter member: still disabled.
    fireEvent.click(await screen.findByTestId('member-plan-edit-m1'));
    let dialog = await screen.findByRole('dialog');
    expect(essentialsOption(within(dialog).getByTestId('member-plan-select')).disabled).toBe(true);
    fireEvent.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // An Essentials member keeps theirs: nothing disabled, no reason.
    fireEvent.click(screen.getByTestId('member-plan-edit-m2'));
    dialog = await screen.findByRole('dialog');
    const select = within(dialog).getByTestId('member-plan-select') as HTMLSelectElement;
    expect(essentialsOption(select).disabled).toBe(false);
    expect(select.value).toBe('essentials');
    expect(within(dialog).queryByText(/No Essentials licence left/)).toBeNull();
  });

  it('sends the plan, and says how many licences a not-enough-licenses refusal needed and had', async () => {
    let body: unknown;
    serve({
      [GET]: () => jsonResponse(200, licences({ licences: [licence('essentials', 20, 19)] })),
      'GET /v1/spheres/sphere-1/members': () => jsonResponse(200, list([])),
      'GET /v1/spheres/sphere-1/tags': () => jsonResponse(200, list([])),
      'POST /v1/members': (init) => {
        body = JSON.parse(String(init?.body));
        return jsonResponse(409, {
          key: 'not-enough-licenses',
          errors: [
            {
              key: 'not-enough-licenses',
              field: 'subscription',
              values: { required: 1, remaining: 0, count: 20 },
            },
          ],
        });
      },
    });
    renderPage(<MembersList sphereId="sphere-1" primary="en" />);
    fireEvent.click(await screen.findByTestId('member-add-open'));
    const plan = (await screen.findByTestId('member-add-plan')) as HTMLSelectElement;
    await waitFor(() => expect(essentialsOption(plan).disabled).toBe(false));
    fireEvent.change(screen.getByTestId('member-add-name'), { target: { value: 'Cy' } });
    fireEvent.change(screen.getByTestId('member-add-email'), { target: { value: 'cy@example.com' } });
    fireEvent.change(plan, { target: { value: 'essentials' } });
    fireEvent.click(screen.getByTestId('member-add-submit'));
    await waitFor(() => expect(body).toMatchObject({ name: 'Cy', subscription: 'essentials' }));
    expect((await screen.findByTestId('member-add-error')).textContent).toBe(
      'Not enough licences: 1 needed, 0 left of 20.',
    );
    // What is left is read again.
    await waitFor(() => expect(sent('GET', '/v1/spheres/sphere-1/subscriptions').length).toBeGreaterThan(1));
  });

  it('says the plain refusal when it carries no figures', () => {
    expect(errorMessages(new ApiError(409, [{ key: 'not-enough-licenses' }]), i18n.t)).toBe(
      'The sphere has no licence left for this plan.',
    );
    expect(errorMessages(new ApiError(409, [{ key: 'licenses-min', values: { count: 1 } }]), i18n.t)).toBe(
      'You cannot go below the 1 licence in use.',
    );
  });
});

describe('the licences over time', () => {
  const REPORT = 'GET /v1/spheres/sphere-1/subscriptions/report';
  const report = (interval: string) => ({
    sphereId: 'sphere-1',
    from: '2026-09-01',
    to: '2026-12-07',
    interval,
    licences: licences().licences,
    series: [
      {
        tier: 'essentials',
        points: [
          { day: '2026-11-29', count: 10, used: 4 },
          { day: '2026-12-06', count: 20, used: 11 },
          { day: '2026-12-07', count: 20, used: 12 },
        ],
      },
      { tier: 'premium', points: [{ day: '2026-12-07', count: 5, used: 5 }] },
    ],
  });

  it('gives the chart’s figures in a captioned table, plan by plan, and asks again for another interval', async () => {
    serve({
      [GET]: () => jsonResponse(200, licences()),
      [REPORT]: () => jsonResponse(200, report('week')),
    });
    renderTab();
    const table = await screen.findByTestId('licence-report-table');
    expect(within(table).getByText('Essentials licences from 01/09/2026 to 07/12/2026')).toBeTruthy();
    expect(
      within(table)
        .getAllByTestId('licence-report-row')
        .map((row) => row.textContent),
    ).toEqual(['29/11/20261046', '06/12/202620119', '07/12/202620128']);
    // Drawn, the chart keeps its own name (ECharts' description would replace it).
    const chart = screen.getByTestId('licence-report-chart');
    await waitFor(() => expect(chart.querySelector('svg')).toBeTruthy());
    expect(chart.getAttribute('aria-label')).toContain('the table below gives the same figures');
    fireEvent.change(screen.getByTestId('licence-report-tier'), { target: { value: 'premium' } });
    expect(
      within(table)
        .getAllByTestId('licence-report-row')
        .map((row) => row.textContent),
    ).toEqual(['07/12/2026550']);
    fireEvent.change(screen.getByTestId('licence-report-interval'), { target: { value: 'month' } });
    await waitFor(() =>
      expect(
        sent('GET', '/v1/spheres/sphere-1/subscriptions/report').some(([input]) =>
          String(input).includes('interval=month'),
        ),
      ).toBe(true),
    );
    await expectNoAxeViolations();
  });

  it('says when the figures cannot be read, with a retry', async () => {
    serve({
      [GET]: () => jsonResponse(200, licences()),
      [REPORT]: () => jsonResponse(500, { key: 'internal-server-error' }),
    });
    renderTab();
    expect(await screen.findByTestId('licence-report-error')).toBeTruthy();
    expect(screen.getByTestId('licence-report-download')).toHaveProperty('disabled', true);
  });
});
