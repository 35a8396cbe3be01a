// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { confirmSignIn, fetchAuthSession, signIn } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTICIPANT_SCREENS } from '@shared/domain/campaigns';
import i18n from '../../i18n';
import { LocationProbe, renderPage } from '../../test/render';
import { PARTICIPATION_PATH } from '../../lib/routes';
import ParticipationPage from './participation-page';
import {
  CAMPAIGN_ID,
  CUSTOM_STEP,
  FEELING_STEP,
  customStepView,
  definition,
  fakeParticipationServer,
  feelingStepView,
  participation,
  stepView,
  view,
} from './participation-test-server';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(),
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
}));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const ENTRY = `/apps/participation/${CAMPAIGN_ID}?code=abc123`;

function signedIn(yes = true) {
  vi.mocked(fetchAuthSession).mockResolvedValue(
    (yes ? { tokens: { accessToken: { toString: () => 'access-1' } } } : {}) as unknown as Awaited<
      ReturnType<typeof fetchAuthSession>
    >,
  );
}

function renderParticipation(entry = ENTRY) {
  return renderPage(<ParticipationPage />, { path: PARTICIPATION_PATH, entry });
}

beforeEach(async () => {
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchMock);
  signedIn();
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

describe('the participant screen', () => {
  const expected: Record<(typeof PARTICIPANT_SCREENS)[number], string> = {
    'no-cycle': 'participation-screen-no-cycle',
    'too-early': 'participation-screen-too-early',
    'too-late': 'participation-screen-too-late',
    'no-collection': 'participation-screen-no-collection',
    'admin-denied': 'participation-screen-admin-denied',
    'already-done': 'participation-thanks',
    refused: 'participation-screen-refused',
    welcome: 'participation-welcome',
    steps: 'participation-step',
    thanks: 'participation-thanks',
  };

  it.each(PARTICIPANT_SCREENS)('shows the %s screen the server chose', async (screenName) => {
    const withSteps = screenName === 'steps' || screenName === 'thanks' || screenName === 'already-done';
    const done = screenName !== 'steps';
    fakeParticipationServer(fetchMock, {
      views: [
        view(screenName, {
          ...(screenName === 'no-cycle' ? { cycle: undefined } : {}),
          ...(withSteps
            ? { participation: participation(done ? { feel: 'done', custom: 'done' } : {}) }
            : {}),
        }),
      ],
      steps: { feel: feelingStepView },
    });
    renderParticipation();
    expect(await screen.findByTestId(expected[screenName])).toBeTruthy();
    expect(screen.getByTestId('participation-name').textContent).toBe('Team pulse');
  });

  it('passes the link code on every call', async () => {
    const server = fakeParticipationServer(fetchMock, { views: [view('welcome')] });
    renderParticipation();
    await screen.findByTestId('participation-welcome');
    expect(server.calls('GET', server.base)[0]?.query).toBe('?code=abc123');
  });

  it('tells when the collection starts on the too-early screen', async () => {
    fakeParticipationServer(fetchMock, {
      views: [view('too-early', { cycle: { ...view('welcome').cycle!, status: 'scheduled' } })],
    });
    renderParticipation();
    expect((await screen.findByTestId('participation-screen-too-early')).textContent).toContain(
      'starts on 02/03/2026',
    );
  });

  it('says admins cannot take part unless they are also contributors', async () => {
    fakeParticipationServer(fetchMock, { views: [view('admin-denied')] });
    renderParticipation();
    expect((await screen.findByTestId('participation-screen-admin-denied')).textContent).toContain(
      'unless they are also contributors',
    );
  });

  it('a forbidden campaign (403) shows "Campaign Forbidden"', async () => {
    fakeParticipationServer(fetchMock, { views: [{ status: 403, body: { key: 'campaign-forbidden' } }] });
    renderParticipation();
    expect((await screen.findByTestId('participation-forbidden')).textContent).toContain(
      'Campaign Forbidden',
    );
  });

  it('an invalid link shows the invalid-link toast, then a screen with the way to scan or enter a code', async () => {
    fakeParticipationServer(fetchMock, { views: [{ status: 404, body: { key: 'not-found' } }] });
    renderParticipation();
    const invalid = await screen.findByTestId('participation-invalid-link');
    expect(within(invalid).getByTestId('participation-scan').getAttribute('href')).toBe('/apps/scan');
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', message: i18n.t('errors.invalid-link') }),
    );
  });

  it('a visitor without a session is offered to sign in or go on as a guest, coming back to this link', async () => {
    signedIn(false);
    const server = fakeParticipationServer(fetchMock, { views: [view('welcome')] });
    renderPage(
      <>
        <ParticipationPage />
      </>,
      { path: PARTICIPATION_PATH, entry: ENTRY },
    );
    const guest = await screen.findByTestId('participation-as-guest');
    expect(guest.getAttribute('href')).toBe('/guest');
    expect(screen.getByTestId('participation-sign-in-button').getAttribute('href')).toBe('/login');
    // Only whether the campaign takes an access code was asked (it does not: no code form).
    expect(server.sent.map((c) => c.path)).toEqual([`/v1/campaigns/${CAMPAIGN_ID}/delegation`]);
    expect(screen.queryByTestId('participation-delegation')).toBeNull();
  });
});

describe('entry with an access code (delegation)', () => {
  const delegation = {
    campaignId: CAMPAIGN_ID,
    sphereName: 'Atelier Horizon',
    publicName: 'Pulse',
    label: { fr: 'Matricule', en: 'Staff number' },
  };

  it('a wrong code says so in the sphere’s words and keeps what was typed', async () => {
    signedIn(false);
    const server = fakeParticipationServer(fetchMock, { views: [view('welcome')], delegation });
    renderParticipation();
    const form = await screen.findByTestId('participation-delegation');
    expect(form.textContent).toContain('Atelier Horizon');
    const input = within(form).getByLabelText(/Staff number/);
    fireEvent.change(input, { target: { value: ' hz-9 ' } });
    fireEvent.click(within(form).getByTestId('participation-delegation-submit'));
    const error = await screen.findByTestId('participation-delegation-error');
    expect(error.textContent).toBe(i18n.t('participation.delegation.invalid', { label: 'Staff number' }));
    expect((input as HTMLInputElement).value).toBe(' hz-9 ');
    expect(server.calls('POST', '/users/guests')[0]?.body).toMatchObject({
      delegation: { accessCode: 'hz-9', campaignId: CAMPAIGN_ID },
    });
    expect(signIn).not.toHaveBeenCalled();
  });

  it('the right code signs in with its one-time ticket and opens the campaign', async () => {
    signedIn(false);
    fakeParticipationServer(fetchMock, {
      views: [view('welcome')],
      delegation,
      entry: { userId: 'u-jef', username: 'u-jef', secret: 'ticket-1', oneTime: true },
    });
    vi.mocked(signIn).mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' },
    } as Awaited<ReturnType<typeof signIn>>);
    vi.mocked(confirmSignIn).mockImplementation(async () => {
      signedIn(true);
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } } as Awaited<
        ReturnType<typeof confirmSignIn>
      >;
    });
    renderParticipation();
    const form = await screen.findByTestId('participation-delegation');
    fireEvent.change(within(form).getByLabelText(/Staff number/), { target: { value: 'HZ-1042' } });
    fireEvent.click(within(form).getByTestId('participation-delegation-submit'));
    expect(await screen.findByTestId('participation-welcome')).toBeTruthy();
    expect(vi.mocked(signIn).mock.calls[0]?.[0]).toMatchObject({ username: 'u-jef' });
    expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'ticket-1' });
  });
});

describe('welcome', () => {
  it('accepting opens the first step', async () => {
    const server = fakeParticipationServer(fetchMock, {
      views: [view('welcome')],
      action: view('steps', { participation: participation({}) }),
      steps: { feel: feelingStepView },
    });
    renderParticipation();
    expect((await screen.findByTestId('participation-welcome')).textContent).toContain(
      'Tell us how it goes.',
    );
    fireEvent.click(screen.getByTestId('participation-accept'));
    expect(await screen.findByTestId('participation-step')).toBeTruthy();
    expect(server.calls('POST', server.base)[0]?.body).toEqual({ action: 'accept' });
    expect(screen.getByTestId('participation-step-feel').getAttribute('aria-current')).toBe('step');
  });

  it('offers Refuse only when the cycle allows it, and Test only when the caller may test', async () => {
    fakeParticipationServer(fetchMock, {
      views: [view('welcome', { mayTest: true, cycle: { ...view('welcome').cycle!, allowRefuse: false } })],
    });
    renderParticipation();
    await screen.findByTestId('participation-welcome');
    expect(screen.queryByTestId('participation-refuse')).toBeNull();
    expect(screen.getByTestId('participation-test')).toBeTruthy();
  });

  it('refusing asks for one of the seven reasons, then sends it with the comment', async () => {
    const server = fakeParticipationServer(fetchMock, {
      views: [view('welcome')],
      action: view('refused', { participation: participation({}, { status: 'refused' }) }),
    });
    renderParticipation();
    fireEvent.click(await screen.findByTestId('participation-refuse'));
    const form = screen.getByTestId('participation-refusal');
    expect(within(form).getAllByRole('radio')).toHaveLength(7);
    fireEvent.click(screen.getByTestId('participation-refusal-send'));
    expect(form.textContent).toContain('This field is required.');
    expect(server.calls('POST', server.base)).toEqual([]);
    fireEvent.click(screen.getByTestId('participation-reason-no-time'));
    fireEvent.change(screen.getByTestId('participation-refusal-comment'), {
      target: { value: 'Busy month' },
    });
    fireEvent.click(screen.getByTestId('participation-refusal-send'));
    expect(await screen.findByTestId('participation-screen-refused')).toBeTruthy();
    expect(server.calls('POST', server.base)[0]?.body).toEqual({
      action: 'refuse',
      reason: 'no-time',
      comment: 'Busy month',
    });
  });
});

describe('steps', () => {
  it('the ring writes the completion and names it for screen readers', async () => {
    fakeParticipationServer(fetchMock, {
      views: [view('steps', { participation: participation({ feel: 'done' }) })],
      steps: { custom: customStepView },
    });
    renderParticipation();
    const ring = await screen.findByTestId('participation-ring');
    expect(screen.getByTestId('participation-ring-text').textContent).toBe('50%');
    expect(ring.getAttribute('aria-label')).toBe('50% done');
    expect(ring.getAttribute('aria-valuenow')).toBe('50');
  });

  it('the ring leaves cancelled steps out', async () => {
    fakeParticipationServer(fetchMock, {
      views: [
        view('steps', {
          participation: participation(
            { feel: 'done', custom: 'cancelled' },
            { estimatedCompletionInPercent: 100, status: 'inProgress', currentStepId: 'feel' },
          ),
        }),
      ],
      steps: { feel: feelingStepView },
    });
    renderParticipation();
    expect((await screen.findByTestId('participation-ring-text')).textContent).toBe('100%');
  });

  it('a locked step is disabled, says why, and opens nothing', async () => {
    const server = fakeParticipationServer(fetchMock, {
      views: [view('steps', { participation: participation({}) })],
      steps: { feel: feelingStepView, custom: customStepView },
    });
    renderParticipation();
    await screen.findByTestId('participation-step');
    const locked = screen.getByTestId('participation-step-custom');
    expect(locked.hasAttribute('disabled')).toBe(true);
    expect(locked.textContent).toContain('locked: finish the previous step first');
    expect(screen.getByTestId('participation-step-feel').textContent).toContain('To do');
    fireEvent.click(locked);
    expect(server.calls('GET', `${server.base}/steps/custom`)).toEqual([]);
  });

  it('the menu closes to its narrow width with a toggle that says its state', async () => {
    fakeParticipationServer(fetchMock, {
      views: [view('steps', { participation: participation({}) })],
      steps: { feel: feelingStepView },
    });
    renderParticipation();
    const toggle = await screen.findByTestId('participation-menu-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('participation-menu').getAttribute('data-open')).toBe('false');
    expect(screen.getByTestId('participation-step-feel').getAttribute('aria-label')).toBe(
      'How do you feel?: To do',
    );
  });

  it('a feeling step saves the mood and both histograms, then goes on to the next step', async () => {
    const server = fakeParticipationServer(fetchMock, {
      views: [view('steps', { participation: participation({}) })],
      steps: { feel: feelingStepView, custom: customStepView },
      saves: [view('steps', { participation: participation({ feel: 'done' }) })],
    });
    renderParticipation();
    await screen.findByTestId('participation-mood-good');
    const save = screen.getByTestId('participation-save');
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('participation-mood-good'));
    fireEvent.click(screen.getByTestId('participation-intensity-step-7'));
    fireEvent.click(screen.getByTestId('participation-energy-step-3'));
    fireEvent.click(screen.getByTestId('participation-save'));
    await waitFor(() =>
      expect(server.calls('PUT', `${server.base}/steps/${FEELING_STEP.stepId}`)).toHaveLength(1),
    );
    expect(server.calls('PUT', `${server.base}/steps/feel`)[0]?.body).toEqual({
      type: 'feeling',
      mood: 'good',
      intensityStep: 6,
      energyStep: 2,
    });
    expect(await screen.findByTestId('participation-question-q1')).toBeTruthy();
    expect(screen.getByTestId('participation-ring-text').textContent).toBe('50%');
    expect(screen.getByTestId('participation-step-feel').textContent).toContain('Done');
  });

  it('a custom questionnaire marks a required question left empty and sends nothing', async () => {
    const server = fakeParticipationServer(fetchMock, {
      views: [view('steps', { participation: participation({ feel: 'done' }) })],
      steps: { custom: customStepView },
    });
    renderParticipation();
    const text = await screen.findByTestId('participation-question-q2');
    fireEvent.change(text, { target: { value: 'More time' } });
    fireEvent.click(screen.getByTestId('participation-save'));
    expect(screen.getByTestId('participation-question-q1').textContent).toContain('This field is required.');
    expect(server.calls('PUT', `${server.base}/steps/${CUSTOM_STEP.stepId}`)).toEqual([]);
    expect((screen.getByTestId('participation-question-q2') as HTMLTextAreaElement).value).toBe('More time');
  });

  it('a custom questionnaire shows what the server refused on its question, keeping what was typed', async () => {
    const server = fakeParticipationServer(fetchMock, {
      views: [view('steps', { participation: participation({ feel: 'done' }) })],
      steps: { custom: customStepView },
      saves: [{ status: 400, body: { errors: [{ key: 'value-out-of-range-error', field: 'values.q1' }] } }],
    });
    renderParticipation();
    fireEvent.click(await screen.findByTestId('participation-question-q1-4'));
    fireEvent.change(screen.getByTestId('participation-question-q2'), { target: { value: 'More time' } });
    fireEvent.click(screen.getByTestId('participation-save'));
    await waitFor(() => expect(server.calls('PUT', `${server.base}/steps/custom`)).toHaveLength(1));
    expect(server.calls('PUT', `${server.base}/steps/custom`)[0]?.body).toEqual({
      type: 'custom-form',
      values: { q1: 4, q2: 'More time' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('participation-question-q1').textContent).toContain(
        i18n.t('errors.value-out-of-range-error'),
      ),
    );
    expect((screen.getByTestId('participation-question-q2') as HTMLTextAreaElement).value).toBe('More time');
  });

  it('a frozen answer says why and offers no save', async () => {
    fakeParticipationServer(fetchMock, {
      views: [view('steps', { participation: participation({ feel: 'done' }) })],
      steps: { custom: { ...customStepView, editable: false, frozenReason: 'survey-frozen' } },
    });
    renderParticipation();
    expect((await screen.findByTestId('participation-step-frozen')).textContent).toBe(
      i18n.t('errors.survey-frozen'),
    );
    expect(screen.queryByTestId('participation-save')).toBeNull();
  });

  it('a saved answer that can still change says until when', async () => {
    fakeParticipationServer(fetchMock, {
      views: [view('steps', { participation: participation({ feel: 'done' }, { currentStepId: 'feel' }) })],
      steps: {
        feel: {
          ...feelingStepView,
          answer: { type: 'feeling', mood: 'bad', intensityStep: 2, energyStep: 8 },
        },
      },
    });
    renderParticipation();
    expect((await screen.findByTestId('participation-step-editable')).textContent).toContain(
      'You can change this answer until 20/03/2099',
    );
    expect(screen.getByTestId('participation-mood-bad').getAttribute('aria-pressed')).toBe('true');
  });
});

describe('thanks', () => {
  it('after the last step: the end message, a final thank-you entry, and a guest is invited to register', async () => {
    fakeParticipationServer(fetchMock, {
      views: [
        view('thanks', {
          campaign: { ...view('thanks').campaign, endMessage: 'See you next month.' },
          participation: participation({ feel: 'done', custom: 'done' }),
        }),
      ],
      isGuest: true,
    });
    renderPage(
      <>
        <ParticipationPage />
        <LocationProbe />
      </>,
      { path: PARTICIPATION_PATH, entry: ENTRY },
    );
    expect((await screen.findByTestId('participation-thanks')).textContent).toContain('See you next month.');
    expect(screen.getByTestId('participation-step-thanks').getAttribute('aria-current')).toBe('step');
    const register = await screen.findByTestId('participation-register');
    fireEvent.click(within(register).getByRole('link'));
    await waitFor(() =>
      expect(screen.getAllByTestId('location').at(-1)?.textContent).toBe(
        `/apps/participation/${CAMPAIGN_ID}?code=abc123&show=registration`,
      ),
    );
  });

  const finishedWith = (endRedirectUrl: string) =>
    fakeParticipationServer(fetchMock, {
      views: [
        view('thanks', {
          campaign: { ...view('thanks').campaign, endRedirectUrl },
          participation: participation({ feel: 'done', custom: 'done' }),
        }),
      ],
    });

  it('an end address on another host is only offered by the leaving notice that names it, never gone to by itself', async () => {
    finishedWith('https://example.org/next');
    renderParticipation();
    const notice = await screen.findByTestId('leaving-notice');
    expect(within(notice).getByRole('heading', { level: 3 }).textContent).toBe(
      'You are leaving Sentia for example.org',
    );
    expect(within(notice).getByRole('link', { name: 'Go to example.org' }).getAttribute('href')).toBe(
      'https://example.org/next',
    );
    expect(screen.queryByTestId('participation-countdown')).toBeNull();
    fireEvent.click(screen.getByTestId('participation-stay'));
    expect(screen.queryByTestId('leaving-notice')).toBeNull();
  });

  it('an end address stored before the outbound rule that breaks it is shown as not valid, never followed', async () => {
    finishedWith('https://sentia.app@evil.example/');
    renderParticipation();
    expect((await screen.findByTestId('leaving-invalid')).textContent).toContain('Address not valid');
    expect(screen.queryByTestId('leaving-notice')).toBeNull();
    expect(screen.queryByTestId('participation-redirect-now')).toBeNull();
    expect(screen.queryByTestId('participation-countdown')).toBeNull();
  });

  it('counts down visibly before opening an end address of the product itself, with a button to go at once', async () => {
    const { happyDOM } = window as unknown as { happyDOM: { setURL(url: string): void } };
    const appUrl = window.location.href;
    happyDOM.setURL('https://app.example.be/');
    try {
      finishedWith('https://app.example.be/apps/scan?x=1');
      renderParticipation();
      expect((await screen.findByTestId('participation-countdown')).textContent).toContain('10 seconds');
      expect(screen.getByTestId('participation-redirect-now').getAttribute('href')).toBe('/apps/scan?x=1');
      expect(screen.queryByTestId('leaving-notice')).toBeNull();
      fireEvent.click(screen.getByTestId('participation-stay'));
      expect(screen.queryByTestId('participation-countdown')).toBeNull();
    } finally {
      happyDOM.setURL(appUrl);
    }
  });
});

describe('other step types', () => {
  it('a thinking step sends the axes answered, each with one of the five values', async () => {
    const thinking = definition('think', 'thinking', 'Your team');
    const server = fakeParticipationServer(fetchMock, {
      views: [view('steps', { participation: participation({}, { stepDefinitions: [thinking] }) })],
      steps: {
        think: stepView(
          thinking,
          { id: 'think', type: 'thinking', axes: ['workload', 'support'] },
          {
            items: [
              { id: 'workload', title: 'My workload is fair', description: '', indent: 0 },
              { id: 'support', title: 'I get support', description: '', indent: 0 },
            ],
          },
        ),
      },
      saves: [
        view('thanks', { participation: participation({ think: 'done' }, { stepDefinitions: [thinking] }) }),
      ],
    });
    renderParticipation();
    const row = await screen.findByTestId('participation-axis-support');
    expect(within(row).getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByTestId('participation-save').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('participation-axis-support-p05'));
    fireEvent.click(screen.getByTestId('participation-save'));
    expect(await screen.findByTestId('participation-thanks')).toBeTruthy();
    expect(server.calls('PUT', `${server.base}/steps/think`)[0]?.body).toEqual({
      type: 'thinking',
      axes: [{ id: 'support', value: 0.5 }],
    });
  });

  it('a profile step asks each question with its translated values', async () => {
    const profile = definition('me', 'profile', 'About you');
    const server = fakeParticipationServer(fetchMock, {
      views: [view('steps', { participation: participation({}, { stepDefinitions: [profile] }) })],
      steps: { me: stepView(profile, { id: 'me', type: 'profile', profileQuestions: ['workTime'] }) },
      saves: [
        view('thanks', { participation: participation({ me: 'done' }, { stepDefinitions: [profile] }) }),
      ],
    });
    renderParticipation();
    const question = await screen.findByTestId('participation-profile-workTime');
    expect(question.textContent).toContain('Part time');
    fireEvent.click(screen.getByTestId('participation-profile-workTime-part-time'));
    fireEvent.click(screen.getByTestId('participation-save'));
    await screen.findByTestId('participation-thanks');
    expect(server.calls('PUT', `${server.base}/steps/me`)[0]?.body).toEqual({
      type: 'profile',
      values: { workTime: 'part-time' },
    });
  });

  it('a tag question with one choice offers radios, and a required one left empty is marked', async () => {
    const tags = {
      ...definition('feel.tags', 'tags', 'How do you feel?'),
      measureId: 'feel',
      kind: 'tags' as const,
    };
    const server = fakeParticipationServer(fetchMock, {
      views: [view('steps', { participation: participation({}, { stepDefinitions: [tags] }) })],
      steps: {
        'feel.tags': stepView(tags, {
          id: 'feel',
          type: 'feeling',
          tagQuestions: [
            { id: 'site', title: { en: 'Your site' }, required: true, tagIds: ['brussels', 'ghent'] },
          ],
        }),
      },
    });
    renderParticipation();
    const question = await screen.findByTestId('participation-tags-site');
    expect(within(question).getAllByRole('radio')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('participation-save'));
    expect(question.textContent).toContain('This field is required.');
    expect(server.calls('PUT', `${server.base}/steps/feel.tags`)).toEqual([]);
  });

  it('an assessment rates the strategy items, indented as in the strategy', async () => {
    const assessment = definition('rate', 'assessment', 'Our strategy');
    const server = fakeParticipationServer(fetchMock, {
      views: [view('steps', { participation: participation({}, { stepDefinitions: [assessment] }) })],
      steps: {
        rate: stepView(
          assessment,
          { id: 'rate', type: 'assessment' },
          {
            items: [
              { id: 'vision', title: 'Our vision', description: '', indent: 0 },
              { id: 'goal', title: 'A goal', description: '', indent: 1 },
            ],
          },
        ),
      },
      saves: [
        view('thanks', { participation: participation({ rate: 'done' }, { stepDefinitions: [assessment] }) }),
      ],
    });
    renderParticipation();
    const goal = await screen.findByTestId('participation-item-goal');
    expect(within(goal).getByText('Very happy')).toBeTruthy();
    fireEvent.click(screen.getByTestId('participation-item-goal-5'));
    fireEvent.click(screen.getByTestId('participation-save'));
    await screen.findByTestId('participation-thanks');
    expect(server.calls('PUT', `${server.base}/steps/rate`)[0]?.body).toEqual({
      type: 'assessment',
      values: { vision: null, goal: 5 },
    });
  });
});

describe('focus', () => {
  it('after accepting, the focus goes to the title of the step that opens', async () => {
    fakeParticipationServer(fetchMock, {
      views: [view('welcome')],
      action: view('steps', { participation: participation({}) }),
      steps: { feel: feelingStepView },
    });
    renderParticipation();
    fireEvent.click(await screen.findByTestId('participation-accept'));
    await waitFor(() => expect(document.activeElement?.textContent).toBe(FEELING_STEP.title));
  });
});
