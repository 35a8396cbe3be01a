// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import { notifications } from '@mantine/notifications';
import type { Link } from '../../../../shared/contracts/links';
import type { Sphere } from '../../../../shared/contracts/spheres';
import i18n from '../../i18n';
import { jsonResponse, renderPage } from '../../test/render';
import { meFixture } from '../../test/me';
import LinkPage from './link-page';
import LinksSettingsTab from './links-settings-tab';
import AddLinkOverlay from './add-link-overlay';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

const link = (fields: Partial<Link> = {}): Link => ({
  id: 'abcd1234',
  category: 'sphere',
  sphereId: 'sphere-1',
  name: 'Poster in the hall',
  expiredAt: '2126-01-01',
  expirySet: false,
  defaultLanguage: 'en',
  stepNumber: 0,
  wizards: [{ type: 'feeling', period: 'day' }],
  validationCode: 'code',
  messageForUser: 'Welcome to the hall!',
  endMessageForUser: 'Thanks, see you tomorrow.',
  ...fields,
});

/** The fake API: `/v1/me`, and the given answers by path. */
function serve(answers: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (key === 'GET /v1/me') return jsonResponse(200, meFixture());
    const answer = answers[key];
    return answer ? answer() : jsonResponse(404, { key: 'not-found' });
  });
}

function signedIn(yes: boolean) {
  vi.mocked(fetchAuthSession).mockResolvedValue(
    (yes ? { tokens: { accessToken: { toString: () => 'access-1' } } } : {}) as unknown as Awaited<
      ReturnType<typeof fetchAuthSession>
    >,
  );
}

beforeEach(async () => {
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchMock);
  signedIn(true);
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

describe('the link page', () => {
  it('asks a visitor without a session to continue as a guest or sign in, and to come back', async () => {
    signedIn(false);
    renderPage(<LinkPage />, { path: '/l/:linkId', entry: '/l/abcd1234' });
    const guest = await screen.findByTestId('link-as-guest');
    expect(screen.getByTestId('link-sign-in-button')).toBeTruthy();
    fireEvent.click(guest);
    expect((await screen.findByTestId('location')).textContent).toBe('/guest');
  });

  it('shows the welcome, then runs the steps through their overlays', async () => {
    serve({ 'GET /v1/shorten-urls/abcd1234': () => jsonResponse(200, link()) });
    renderPage(<LinkPage />, { path: '/l/:linkId', entry: '/l/abcd1234' });
    expect(await screen.findByText('Welcome to the hall!')).toBeTruthy();
    fireEvent.click(screen.getByTestId('link-start'));
    // No overlay is registered in this test: the steps that cannot open are left out.
    expect(await screen.findByTestId('link-end-message')).toBeTruthy();
    expect(screen.getByTestId('link-end-message').textContent).toBe('Thanks, see you tomorrow.');
  });

  it('an expired link says so and goes home', async () => {
    serve({ 'GET /v1/shorten-urls/abcd1234': () => jsonResponse(410, { key: 'link-expired' }) });
    renderPage(<LinkPage />, { path: '/l/:linkId', entry: '/l/abcd1234' });
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'This link has expired.' }),
      ),
    );
  });

  it('an unknown link shows the invalid-link message and goes home', async () => {
    serve({});
    renderPage(<LinkPage />, { path: '/l/:linkId', entry: '/l/nope1234' });
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: i18n.t('errors.invalid-link') }),
      ),
    );
  });
});

describe('links in a sphere’s settings', () => {
  const sphere = { id: 'sphere-1', name: 'Maison' } as Sphere;

  it('lists the links, and deletes one after a confirmation', async () => {
    const deleted = vi.fn(() => new Response(null, { status: 204 }));
    serve({
      'GET /v1/shorten-urls/spheres/sphere-1': () =>
        jsonResponse(200, { count: 1, items: [link()], max: 1000, offset: 0 }),
      'DELETE /v1/shorten-urls/abcd1234': deleted,
    });
    renderPage(<LinksSettingsTab place={{ kind: 'sphere', sphere }} openGeneralTab={vi.fn()} />);
    const row = await screen.findByTestId('link-row-abcd1234');
    expect(within(row).getByText('Poster in the hall')).toBeTruthy();
    expect(within(row).getByText('None')).toBeTruthy();
    fireEvent.click(screen.getByTestId('link-delete-abcd1234'));
    expect(deleted).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('link-delete-confirm'));
    await waitFor(() => expect(deleted).toHaveBeenCalled());
  });
});

describe('the new link form', () => {
  it('checks the name and the form step with the contract before sending', async () => {
    serve({});
    const done = vi.fn();
    renderPage(
      <AddLinkOverlay
        params={new URLSearchParams('category=sphere&sphereId=sphere-1')}
        done={done}
        close={vi.fn()}
      />,
    );
    fireEvent.click(await screen.findByTestId('link-wizard-form'));
    fireEvent.click(screen.getByTestId('link-save'));
    expect(await screen.findAllByText(i18n.t('errors.required'))).not.toHaveLength(0);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends a valid link with its steps and closes', async () => {
    const created = vi.fn(() => jsonResponse(201, link()));
    serve({ 'POST /v1/shorten-urls': created });
    const done = vi.fn();
    renderPage(
      <AddLinkOverlay
        params={new URLSearchParams('category=sphere&sphereId=sphere-1')}
        done={done}
        close={vi.fn()}
      />,
    );
    fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: 'Poster' } });
    fireEvent.click(screen.getByTestId('link-save'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const body = JSON.parse(
      String(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body),
    );
    expect(body).toMatchObject({
      category: 'sphere',
      sphereId: 'sphere-1',
      name: 'Poster',
      wizards: [{ type: 'feeling', period: 'none' }],
    });
  });
});
