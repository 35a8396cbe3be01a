// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import { defineRules } from '@shared/domain/ability';
import type { SessionSummary } from '@shared/contracts/me';
import i18n from '../../i18n';
import { meFixture } from '../../test/me';
import { jsonResponse, renderPage } from '../../test/render';
import ThinkingOverlay from './thinking-overlay';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const done = vi.fn();
const axis = (id: string, en: string, allowComment = false) => ({
  id,
  name: { en },
  description: { en: `About ${en.toLowerCase()} at %SPHERE_NAME%.` },
  keywords: [],
  modules: ['myself'],
  required: false,
  allowComment,
  updatedAt: '2026-11-01T00:00:00.000Z',
});

const group: SessionSummary = {
  id: 'group-1',
  name: 'North team',
  sphereId: 'sphere-1',
  sphereName: 'Maison Tilleul',
  category: 'contributor',
  type: 'group',
  roles: ['member'],
  subscription: 'essentials',
  languages: ['fr'],
  tags: [],
};

function serve({
  essentials = true,
  axes = [axis('workload', 'Workload'), axis('meaning', 'Meaning', true)],
  groupAxes = [axis('team', 'Team spirit')],
} = {}) {
  const facts = {
    userId: 'user-1',
    isGuest: false,
    globalRoles: [],
    superAdminMode: false,
    spheres: [],
    sessions: [],
  } as const;
  const subscription = essentials ? 'essentials' : 'starter';
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/v1/me/sessions'))
      return jsonResponse(200, { count: 1, items: [group], max: 1, offset: 0 });
    if (url.endsWith('/v1/me'))
      return jsonResponse(
        200,
        meFixture({
          ability: { subscription, rules: defineRules({ ...facts, subscription }) },
        }),
      );
    if (url.includes('/v1/thinkings/session-axes/group-1/default'))
      return jsonResponse(200, { axisIds: ['team'], axes: groupAxes, inherited: false, customizable: true });
    if (url.includes('/v1/thinkings/definitions/axes'))
      return jsonResponse(200, { count: axes.length, items: axes, max: 500, offset: 0 });
    if (url.endsWith('/v1/thinkings') && init?.method === 'POST')
      return jsonResponse(201, {
        id: 'myself_20261124T101500123Z-a1b2c3_0',
        axes: [],
        geoPoint: { latitude: 0, longitude: 0 },
        creationDate: '2026-11-24T10:15:00.123Z',
        updateDate: '2026-11-24T10:15:00.123Z',
        freezeDate: '2026-11-24T11:15:00.123Z',
        isBlank: false,
        editable: true,
      });
    return jsonResponse(404, { key: 'not-found' });
  });
}

const posted = () => {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => String(url).endsWith('/v1/thinkings') && init?.method === 'POST',
  );
  return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : undefined;
};

describe('thinking overlay', () => {
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

  it('enables Save once one axis has a value, and sends the values set, 0 included, with a comment', async () => {
    serve();
    renderPage(<ThinkingOverlay params={new URLSearchParams()} done={done} close={vi.fn()} />);
    const save = (await screen.findByTestId('thinking-save')) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByText('About workload at your organisation.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('thinking-workload-0'));
    expect(save.disabled).toBe(false);
    fireEvent.click(screen.getByTestId('thinking-meaning-p1'));
    fireEvent.change(screen.getByTestId('thinking-meaning-comment'), { target: { value: ' Good team ' } });
    fireEvent.click(screen.getByTestId('thinking-meaning-clear'));
    expect(screen.queryByTestId('thinking-meaning-comment')).toBeNull();
    fireEvent.click(screen.getByTestId('thinking-meaning-m05'));
    fireEvent.click(save);
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(posted()).toMatchObject({
      axes: [
        { id: 'workload', value: 0 },
        { id: 'meaning', value: -0.5, comment: 'Good team' },
      ],
      geoPoint: { latitude: 0, longitude: 0 },
    });
  });

  it('asks a group’s axes when opened for it, names its sphere, and saves the thinking there', async () => {
    serve();
    renderPage(
      <ThinkingOverlay params={new URLSearchParams('sessionId=group-1')} done={done} close={vi.fn()} />,
    );
    await screen.findByTestId('thinking-axis-team');
    expect(screen.queryByTestId('thinking-axis-workload')).toBeNull();
    expect(screen.getByText('About team spirit at Maison Tilleul.')).toBeTruthy();
    expect((screen.getByTestId('thinking-context') as HTMLSelectElement).value).toBe('session:group-1');
    fireEvent.click(screen.getByTestId('thinking-team-p05'));
    fireEvent.click(screen.getByTestId('thinking-save'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(posted()).toMatchObject({ sessionId: 'group-1', axes: [{ id: 'team', value: 0.5 }] });
  });

  it('drops a group the person is not in and says so, asking the personal axes instead', async () => {
    serve();
    renderPage(
      <ThinkingOverlay params={new URLSearchParams('sessionId=elsewhere')} done={done} close={vi.fn()} />,
    );
    expect(await screen.findByTestId('thinking-context-dropped')).toBeTruthy();
    await screen.findByTestId('thinking-axis-workload');
    expect((screen.getByTestId('thinking-context') as HTMLSelectElement).value).toBe('');
  });

  it('says a chosen group asks nothing yet, without closing the flow', async () => {
    serve({ groupAxes: [] });
    renderPage(<ThinkingOverlay params={new URLSearchParams()} done={done} close={vi.fn()} />);
    await screen.findByTestId('thinking-axis-workload');
    fireEvent.change(screen.getByTestId('thinking-context'), { target: { value: 'session:group-1' } });
    expect(await screen.findByTestId('thinking-none')).toBeTruthy();
    expect(done).not.toHaveBeenCalled();
  });

  it('completes at once when there is no axis to answer', async () => {
    serve({ axes: [] });
    renderPage(<ThinkingOverlay params={new URLSearchParams()} done={done} close={vi.fn()} />);
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(posted()).toBeUndefined();
  });

  it('shows a starter user the reserved-feature prompt instead of the questions', async () => {
    serve({ essentials: false });
    renderPage(<ThinkingOverlay params={new URLSearchParams()} done={done} close={vi.fn()} />);
    expect((await screen.findByTestId('thinking-reserved')).textContent).toContain('Essentials');
    expect(screen.queryByTestId('thinking-form')).toBeNull();
  });
});
