// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import { notifications } from '@mantine/notifications';
import type { Link } from '@shared/contracts/links';
import type { Me } from '@shared/contracts/me';
import type { Sphere } from '@shared/contracts/spheres';
import type { Tag } from '@shared/contracts/tags';
import { defineRules } from '@shared/domain/ability';
import i18n from '../../i18n';
import { jsonResponse, LocationProbe, renderPage } from '../../test/render';
import { meFixture } from '../../test/me';
import LinkPage from './link-page';
import LinksSettingsTab from './links-settings-tab';
import AddLinkOverlay from './add-link-overlay';
import UpdateLinkOverlay from './update-link-overlay';
import { logoFileProblem } from '../../lib/logo-file';
import { tagChoices } from './tag-choices';

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

/** The rules of the sphere's admin: its links and its tags are theirs. */
const sphereAdmin = (): Partial<Me> => ({
  ability: {
    subscription: 'starter',
    rules: defineRules({
      userId: 'user-1',
      isGuest: false,
      subscription: 'starter',
      globalRoles: [],
      superAdminMode: false,
      spheres: [{ sphereId: 'sphere-1', roles: ['admin'] }],
      sessions: [],
    }),
  },
});

/** The fake API: `/v1/me` (a new account unless `me` says more), and the given answers by path. */
function serve(answers: Record<string, () => Response>, me: Partial<Me> = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (key === 'GET /v1/me') return jsonResponse(200, meFixture(me));
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

/** What the storage received, and how it answers (the browser's XMLHttpRequest, replaced). */
const uploads: { url: string; body: FormData }[] = [];
class FakeRequest {
  private url = '';
  private listeners: Record<string, () => void> = {};
  status = 0;
  upload = { addEventListener: () => undefined };
  open(_method: string, url: string) {
    this.url = url;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners[type] = listener;
  }
  send(body: FormData) {
    uploads.push({ url: this.url, body });
    setTimeout(() => {
      this.status = 204;
      this.listeners.load?.();
    }, 0);
  }
}

const sentBody = (method: string, path: string) =>
  JSON.parse(
    String(
      fetchMock.mock.calls.find(
        ([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url)).pathname === path,
      )?.[1]?.body,
    ),
  ) as Record<string, unknown>;
const callsTo = (path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url)).pathname === path);

beforeEach(async () => {
  vi.clearAllMocks();
  uploads.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
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

  /** The link's end, as reached once its steps have run. */
  const atTheEnd = (fields: Partial<Link>) => {
    serve({ 'GET /v1/shorten-urls/abcd1234': () => jsonResponse(200, link(fields)) });
    renderPage(
      <>
        <LinkPage />
        <LocationProbe />
      </>,
      { path: '/l/:linkId', entry: '/l/abcd1234?started=1' },
    );
  };

  it('at the end, another host is only offered by the leaving notice that names it, never gone to by itself', async () => {
    atTheEnd({ redirectUrl: 'https://evil.example/after', endMessageForUser: undefined });
    const notice = await screen.findByTestId('leaving-notice');
    const heading = within(notice).getByRole('heading', { level: 2 });
    expect(heading.textContent).toBe('You are leaving Sentia for evil.example');
    expect(document.activeElement).toBe(heading);
    expect(within(notice).getByRole('link', { name: 'Go to evil.example' }).getAttribute('href')).toBe(
      'https://evil.example/after',
    );
    expect(screen.getByTestId('location').textContent).toBe('/l/abcd1234?started=1');
    // The way back goes home.
    fireEvent.click(within(notice).getByRole('link', { name: 'Stay on Sentia' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('at the end, an address stored before the outbound rule that breaks it is shown as not valid, never followed', async () => {
    atTheEnd({ redirectUrl: 'http://169.254.169.254/latest/meta-data' });
    expect((await screen.findByTestId('leaving-invalid')).textContent).toContain('Address not valid');
    expect(screen.queryByTestId('leaving-notice')).toBeNull();
    expect(screen.queryByTestId('link-continue')).toBeNull();
    expect(screen.getByTestId('link-home').getAttribute('href')).toBe('/');
  });

  it('at the end, a page of the product itself opens in the app', async () => {
    const { happyDOM } = window as unknown as { happyDOM: { setURL(url: string): void } };
    const appUrl = window.location.href;
    happyDOM.setURL('https://app.example.be/');
    try {
      atTheEnd({ redirectUrl: 'https://app.example.be/apps/scan?from=link', endMessageForUser: undefined });
      await waitFor(() =>
        expect(screen.getAllByTestId('location').at(-1)?.textContent).toBe('/apps/scan?from=link'),
      );
    } finally {
      happyDOM.setURL(appUrl);
    }
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

const LINK_PATH = '/v1/shorten-urls/abcd1234';
const LOGO_PATH = `${LINK_PATH}/logo`;
const LOGO_URL = 'https://app.example.com/logos/links/abcd1234/a.png';

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'logo', { type });
function choose(chosen: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [chosen], configurable: true });
  fireEvent.change(input);
}
const editOverlay = () =>
  renderPage(
    <UpdateLinkOverlay params={new URLSearchParams('linkId=abcd1234')} done={vi.fn()} close={vi.fn()} />,
  );

describe('a link’s logo', () => {
  it('refuses what cannot be a logo before sending anything: another type, an empty or a large file', () => {
    expect(logoFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('wrongType');
    expect(logoFileProblem({ type: 'image/gif', size: 10 })).toBe('wrongType');
    expect(logoFileProblem({ type: 'image/png', size: 0 })).toBe('empty');
    expect(logoFileProblem({ type: 'image/webp', size: 1_048_577 })).toBe('tooLarge');
    expect(logoFileProblem({ type: 'image/jpeg', size: 1_048_576 })).toBeNull();
  });

  it('says in words why a chosen file is refused, linked to the button, and sends nothing', async () => {
    serve({ [`GET ${LINK_PATH}`]: () => jsonResponse(200, link()) }, sphereAdmin());
    editOverlay();
    expect(await screen.findByTestId('link-logo-none')).toBeTruthy();
    choose(file('image/png', 2_000_000));
    expect((await screen.findByTestId('link-logo-problem')).textContent).toBe(
      'This image is larger than 1 MB: choose a smaller one.',
    );
    expect(screen.getByTestId('link-logo-choose').getAttribute('aria-describedby')).toContain(
      'link-logo-problem',
    );
    expect(callsTo(LOGO_PATH)).toHaveLength(0);
    expect(uploads).toHaveLength(0);
  });

  it('the edit overlay sends a chosen logo at once and shows it with its alt text, then removes it after a confirmation', async () => {
    serve(
      {
        [`GET ${LINK_PATH}`]: () => jsonResponse(200, link()),
        [`POST ${LOGO_PATH}`]: () =>
          jsonResponse(200, {
            uploadUrl: 'https://assets.example.com/',
            fields: { key: 'uploads/links/abcd1234/x.png', 'Content-Type': 'image/png', Policy: 'p' },
            key: 'uploads/links/abcd1234/x.png',
            expiresAt: '2026-11-01T10:05:00.000Z',
          }),
        [`PUT ${LOGO_PATH}`]: () => jsonResponse(200, link({ logoUrl: LOGO_URL })),
        [`DELETE ${LOGO_PATH}`]: () => jsonResponse(200, link()),
      },
      sphereAdmin(),
    );
    editOverlay();
    // An unsaved edit of the link's fields stays while the logo is saved.
    const name = (await screen.findByTestId('link-name')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Poster, renamed' } });
    choose(file('image/png', 10));
    await waitFor(() => expect(callsTo(LOGO_PATH)).toHaveLength(2));
    expect(sentBody('POST', LOGO_PATH)).toEqual({ contentType: 'image/png', size: 10 });
    expect(uploads[0]!.url).toBe('https://assets.example.com/');
    expect([...uploads[0]!.body.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'file']);
    expect(sentBody('PUT', LOGO_PATH)).toEqual({ key: 'uploads/links/abcd1234/x.png' });

    const image = await screen.findByTestId('link-logo');
    expect(image.getAttribute('src')).toBe(LOGO_URL);
    expect(image.getAttribute('alt')).toBe('Logo of the link Poster in the hall');
    expect(screen.getByTestId('link-logo-choose').textContent).toContain('Replace the logo');
    expect((screen.getByTestId('link-name') as HTMLInputElement).value).toBe('Poster, renamed');

    fireEvent.click(screen.getByTestId('link-logo-remove'));
    expect(callsTo(LOGO_PATH)).toHaveLength(2);
    fireEvent.click(await screen.findByTestId('link-logo-remove-confirm'));
    expect(await screen.findByTestId('link-logo-none')).toBeTruthy();
    expect(callsTo(LOGO_PATH).at(-1)?.[1]?.method).toBe('DELETE');
  });

  it('a new link says its logo comes once it is saved', async () => {
    serve({});
    renderPage(
      <AddLinkOverlay
        params={new URLSearchParams('category=sphere&sphereId=sphere-1')}
        done={vi.fn()}
        close={vi.fn()}
      />,
    );
    expect((await screen.findByTestId('link-logo-later')).textContent).toBe(
      'You can choose a logo for this link once it is saved.',
    );
    expect(screen.queryByTestId('link-logo-block')).toBeNull();
  });

  it('the link page shows the logo, with its alt text, to whoever opens the link', async () => {
    serve({ [`GET ${LINK_PATH}`]: () => jsonResponse(200, link({ logoUrl: LOGO_URL })) });
    renderPage(<LinkPage />, { path: '/l/:linkId', entry: '/l/abcd1234' });
    const image = await screen.findByTestId('link-page-logo');
    expect(image.getAttribute('src')).toBe(LOGO_URL);
    expect(image.getAttribute('alt')).toBe('Logo of Poster in the hall');
  });
});

const tag = (id: string, name: string, fields: Partial<Tag> = {}): Tag => ({
  id,
  shortId: id,
  name: { en: name },
  type: 'department',
  color: '#336699',
  weight: 1,
  modules: ['member', 'direct'],
  keywords: [],
  archived: false,
  autoTag: false,
  updateDate: '2026-11-01T10:00:00.000Z',
  ...fields,
});
const sphereTags = [
  tag('hall', 'Hall'),
  tag('members', 'Members only', { modules: ['member'] }),
  tag('old', 'Old wing', { archived: true }),
];
const TAGS_PATH = '/v1/spheres/sphere-1/tags';

describe('a link’s tags', () => {
  it('offers the sphere’s active tags for direct links, and keeps those the link holds, named', () => {
    expect(tagChoices(sphereTags, [], 'en')).toEqual([{ value: 'hall', label: 'Hall' }]);
    expect(tagChoices(sphereTags, ['old', 'gone'], 'en')).toEqual([
      { value: 'hall', label: 'Hall' },
      { value: 'old', label: 'Old wing' },
      { value: 'gone', label: 'gone' },
    ]);
  });

  it('a sphere admin chooses tags in a labelled field, and the new link carries them', async () => {
    const created = vi.fn(() => jsonResponse(201, link({ specificTagIds: ['hall'] })));
    serve(
      {
        [`GET ${TAGS_PATH}`]: () => jsonResponse(200, { count: 3, items: sphereTags, max: 2000, offset: 0 }),
        'POST /v1/shorten-urls': created,
      },
      sphereAdmin(),
    );
    const done = vi.fn();
    renderPage(
      <AddLinkOverlay
        params={new URLSearchParams('category=sphere&sphereId=sphere-1')}
        done={done}
        close={vi.fn()}
      />,
    );
    fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: 'Poster' } });
    const field = await screen.findByRole('textbox', { name: 'Tags of the link' });
    await waitFor(() => expect((field as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(field);
    const hall = await screen.findByRole('option', { name: 'Hall' });
    // Only the active tags meant for direct links are offered.
    expect(screen.queryByRole('option', { name: 'Members only' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'Old wing' })).toBeNull();
    fireEvent.click(hall);
    fireEvent.click(screen.getByTestId('link-save'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sentBody('POST', '/v1/shorten-urls')).toMatchObject({ specificTagIds: ['hall'] });
  });

  it('shows the server’s refusal of a tag under the tag field', async () => {
    serve(
      {
        [`GET ${TAGS_PATH}`]: () => jsonResponse(200, { count: 3, items: sphereTags, max: 2000, offset: 0 }),
        'POST /v1/shorten-urls': () =>
          jsonResponse(400, { errors: [{ key: 'not-valid', field: 'body.specificTagIds' }] }),
      },
      sphereAdmin(),
    );
    renderPage(
      <AddLinkOverlay
        params={new URLSearchParams('category=sphere&sphereId=sphere-1')}
        done={vi.fn()}
        close={vi.fn()}
      />,
    );
    fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: 'Poster' } });
    fireEvent.click(screen.getByTestId('link-save'));
    const field = await screen.findByRole('textbox', { name: 'Tags of the link' });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  });

  it('without the right to read the sphere’s tags there is no tag field, and a change keeps the link’s tags', async () => {
    const saved = vi.fn(() => jsonResponse(200, link({ specificTagIds: ['hall'] })));
    serve({
      [`GET ${LINK_PATH}`]: () => jsonResponse(200, link({ specificTagIds: ['hall'] })),
      [`PUT ${LINK_PATH}`]: saved,
    });
    editOverlay();
    await screen.findByTestId('link-name');
    expect(screen.queryByTestId('link-tags')).toBeNull();
    fireEvent.click(screen.getByTestId('link-save'));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(sentBody('PUT', LINK_PATH)).toMatchObject({ specificTagIds: ['hall'] });
    expect(callsTo(TAGS_PATH)).toHaveLength(0);
  });

  it('the link page names the link’s tags for its admins', async () => {
    serve(
      {
        [`GET ${LINK_PATH}`]: () => jsonResponse(200, link({ specificTagIds: ['hall', 'old'] })),
        [`GET ${TAGS_PATH}`]: () => jsonResponse(200, { count: 3, items: sphereTags, max: 2000, offset: 0 }),
      },
      sphereAdmin(),
    );
    renderPage(<LinkPage />, { path: '/l/:linkId', entry: '/l/abcd1234' });
    const tags = await screen.findByTestId('link-tags');
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((t) => t.textContent),
    ).toEqual(['Hall', 'Old wing']);
  });
});
