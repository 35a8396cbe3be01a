// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import i18n from '../../i18n';
import { LocationProbe, renderPage } from '../../test/render';
import AddFormOverlay from './add-form-overlay';
import CentreHome from './centre-home';
import { availableForm, fakeFormsServer, survey } from './forms-test-server';
import UpdateFormOverlay from './update-form-overlay';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
/** The runner's chunk loads lazily: the first test to open it waits for the import. */
const RUNNER_LOAD = { timeout: 5000 };

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

const overlayProps = (params: string) => ({
  params: new URLSearchParams(params),
  done: vi.fn(),
  close: vi.fn(),
});

describe('my centre on home', () => {
  it('lists the forms available to me with the place each comes from, and opens one in addForm', async () => {
    fakeFormsServer(fetchMock, { available: [availableForm('wellbeing', 'Wellbeing check')] });
    renderPage(
      <>
        <CentreHome />
        <LocationProbe />
      </>,
    );
    const item = await screen.findByTestId('forms-centre-form-wellbeing');
    expect(item.textContent).toContain('Wellbeing check');
    expect(screen.getByTestId('forms-centre-places-wellbeing').textContent).toContain('From Atelier');
    fireEvent.click(screen.getByTestId('forms-centre-answer-wellbeing'));
    expect(screen.getByTestId('location').textContent).toBe('/?show=addForm&formId=wellbeing');
  });

  it('says so when no form is available to an Essentials subscriber', async () => {
    fakeFormsServer(fetchMock, { available: [] });
    renderPage(
      <>
        <CentreHome />
        <LocationProbe />
      </>,
    );
    expect((await screen.findByTestId('forms-centre-empty')).textContent).toContain('No form is offered');
  });

  it('shows a starter user the reserved-feature prompt when every form is reserved', async () => {
    fakeFormsServer(fetchMock, {
      subscription: 'starter',
      available: [availableForm('wellbeing', 'Wellbeing check', { reserved: true })],
    });
    renderPage(
      <>
        <CentreHome />
        <LocationProbe />
      </>,
    );
    expect(await screen.findByTestId('forms-centre-reserved')).toBeTruthy();
    expect(screen.queryByTestId('forms-centre-answer-wellbeing')).toBeNull();
  });

  it('lists my answers of the last 24 hours, to change while not frozen', async () => {
    fakeFormsServer(fetchMock, {
      available: [availableForm('wellbeing', 'Wellbeing check')],
      surveys: [survey()],
    });
    renderPage(
      <>
        <CentreHome />
        <LocationProbe />
      </>,
    );
    const open = await screen.findByTestId('forms-centre-open-survey-survey-1');
    expect(open.textContent).toBe('Change');
    fireEvent.click(open);
    expect(screen.getByTestId('location').textContent).toBe('/?show=updateForm&surveyId=survey-1');
  });
});

describe('the addForm overlay', () => {
  it('saves the answers given with the runner and shows the completed page', async () => {
    const { calls } = fakeFormsServer(fetchMock, {
      available: [availableForm('wellbeing', 'Wellbeing check')],
    });
    renderPage(<AddFormOverlay {...overlayProps('show=addForm&formId=wellbeing')} />);
    fireEvent.change(await screen.findByTestId('form-text-mood', {}, RUNNER_LOAD), {
      target: { value: 'Calm' },
    });
    fireEvent.click(screen.getByTestId('add-form-runner-save'));
    expect(await screen.findByTestId('add-form-completed')).toBeTruthy();
    const [post] = calls('POST', '/v1/forms/surveys');
    expect(post?.body).toMatchObject({
      formId: 'wellbeing',
      values: { mood: 'Calm' },
      fromDirectLink: false,
    });
  });

  it('shows what the server refused on the answer concerned', async () => {
    fakeFormsServer(fetchMock, {
      available: [availableForm('wellbeing', 'Wellbeing check')],
      surveyAnswers: [
        { status: 400, body: { errors: [{ key: 'length-out-of-range-error', field: 'body.values.mood' }] } },
      ],
    });
    renderPage(<AddFormOverlay {...overlayProps('formId=wellbeing')} />);
    fireEvent.change(await screen.findByTestId('form-text-mood', {}, RUNNER_LOAD), {
      target: { value: 'Calm' },
    });
    fireEvent.click(screen.getByTestId('add-form-runner-save'));
    expect((await screen.findByTestId('add-form-error')).textContent).toContain('One answer was refused');
    expect(screen.getByTestId('form-answer-mood').textContent).toContain(
      i18n.t('errors.length-out-of-range-error'),
    );
    expect(screen.queryByTestId('add-form-completed')).toBeNull();
  });

  it('shows a starter user the reserved-feature prompt for a form reserved to Essentials', async () => {
    fakeFormsServer(fetchMock, {
      subscription: 'starter',
      available: [availableForm('wellbeing', 'Wellbeing check', { reserved: true })],
    });
    renderPage(<AddFormOverlay {...overlayProps('formId=wellbeing')} />);
    expect(await screen.findByTestId('add-form-reserved')).toBeTruthy();
    expect(screen.queryByTestId('add-form-runner')).toBeNull();
  });
});

describe('the updateForm overlay', () => {
  it('changes the answers within 24 hours of saving', async () => {
    const { calls } = fakeFormsServer(fetchMock, { surveys: [survey()] });
    const props = overlayProps('surveyId=survey-1');
    renderPage(<UpdateFormOverlay {...props} />);
    const mood = (await screen.findByTestId('form-text-mood', {}, RUNNER_LOAD)) as HTMLTextAreaElement;
    expect(mood.value).toBe('Calm');
    fireEvent.change(mood, { target: { value: 'Rested' } });
    fireEvent.click(screen.getByTestId('update-form-runner-save'));
    await waitFor(() => expect(props.done).toHaveBeenCalled());
    expect(calls('PUT', '/v1/forms/surveys/survey-1')[0]?.body).toMatchObject({ values: { mood: 'Rested' } });
  });

  it('after 24 hours shows the answers read-only with the reason they cannot change', async () => {
    const past = Date.now() - 2 * 24 * 3_600_000;
    fakeFormsServer(fetchMock, {
      surveys: [
        survey({
          creationDate: new Date(past).toISOString(),
          freezeDate: new Date(past + 24 * 3_600_000).toISOString(),
          editable: false,
        }),
      ],
    });
    renderPage(<UpdateFormOverlay {...overlayProps('surveyId=survey-1')} />);
    expect((await screen.findByTestId('update-form-frozen')).textContent).toContain(
      'can no longer be changed',
    );
    expect(
      ((await screen.findByTestId('form-text-mood', {}, RUNNER_LOAD)) as HTMLTextAreaElement).value,
    ).toBe('Calm');
    expect(screen.queryByTestId('update-form-runner-save')).toBeNull();
  });

  it('turns read-only when the server answers survey-frozen', async () => {
    fakeFormsServer(fetchMock, {
      surveys: [survey()],
      surveyAnswers: [{ status: 409, body: { key: 'survey-frozen' } }],
    });
    renderPage(<UpdateFormOverlay {...overlayProps('surveyId=survey-1')} />);
    fireEvent.change(await screen.findByTestId('form-text-mood', {}, RUNNER_LOAD), {
      target: { value: 'Rested' },
    });
    fireEvent.click(screen.getByTestId('update-form-runner-save'));
    expect(await screen.findByTestId('update-form-frozen')).toBeTruthy();
  });
});
