// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import i18n from '../../i18n';
import { LocationProbe, renderPage } from '../../test/render';
import AddFormOverlay from './add-form-overlay';
import CentreHome from './centre-home';
import { availableForm, fakeFormsServer } from './forms-test-server';
import NewAddFormOverlay, { afterChoosing } from './new-add-form-overlay';
import { formDirectLink } from './paths';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const writeText = vi.fn<(text: string) => Promise<void>>();
/** The runner's chunk loads lazily: the first test to open it waits for the import. */
const RUNNER_LOAD = { timeout: 5000 };

beforeEach(async () => {
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  writeText.mockResolvedValue(undefined);
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

describe('the newAddForm overlay', () => {
  it('the centre offers "Answer a form", which opens the chooser', async () => {
    fakeFormsServer(fetchMock, { available: [availableForm('wellbeing', 'Wellbeing check')] });
    renderPage(
      <>
        <CentreHome />
        <LocationProbe />
      </>,
    );
    fireEvent.click(await screen.findByTestId('forms-centre-new'));
    expect(screen.getByTestId('location').textContent).toBe('/?show=newAddForm');
  });

  it('lists the forms available to me and continues into addForm for the one chosen', async () => {
    fakeFormsServer(fetchMock, {
      available: [availableForm('wellbeing', 'Wellbeing check'), availableForm('big-five', 'Big Five')],
    });
    renderPage(
      <>
        <NewAddFormOverlay {...overlayProps('show=newAddForm')} />
        <LocationProbe />
      </>,
      { entry: '/?show=newAddForm' },
    );
    expect((await screen.findByTestId('new-add-form-big-five')).textContent).toContain('Big Five');
    fireEvent.click(screen.getByTestId('new-add-form-choose-wellbeing'));
    expect(screen.getByTestId('location').textContent).toBe('/?show=addForm&formId=wellbeing');
  });

  it('keeps the steps after the chooser and does not repeat an addForm step already next', () => {
    expect(afterChoosing(new URLSearchParams('show=newAddForm,addForm,profile'), 'f').toString()).toBe(
      'show=addForm%2Cprofile&formId=f',
    );
    expect(afterChoosing(new URLSearchParams('show=newAddForm&x=1'), 'f').toString()).toBe(
      'show=addForm&x=1&formId=f',
    );
  });

  it('offers no way to answer a form reserved to Essentials, and says why', async () => {
    fakeFormsServer(fetchMock, {
      subscription: 'starter',
      available: [availableForm('wellbeing', 'Wellbeing check', { reserved: true })],
    });
    renderPage(<NewAddFormOverlay {...overlayProps('show=newAddForm')} />);
    expect(await screen.findByTestId('new-add-form-reserved')).toBeTruthy();
    expect(screen.queryByTestId('new-add-form-choose-wellbeing')).toBeNull();
  });

  it('says so when no form is available to me', async () => {
    fakeFormsServer(fetchMock, { available: [] });
    renderPage(<NewAddFormOverlay {...overlayProps('show=newAddForm')} />);
    expect((await screen.findByTestId('new-add-form-empty')).textContent).toContain('No form is offered');
  });
});

describe('answering from a shared link', () => {
  it('a form link opens addForm on home, marked as a direct link', () => {
    expect(formDirectLink('wellbeing', 'https://app.example')).toBe(
      'https://app.example/?show=addForm&formId=wellbeing&direct=1',
    );
  });

  it('the centre copies the link of a form with a button, and a toast confirms it', async () => {
    fakeFormsServer(fetchMock, { available: [availableForm('wellbeing', 'Wellbeing check')] });
    renderPage(<CentreHome />);
    const copy = await screen.findByTestId('forms-centre-copy-wellbeing');
    expect(copy.tagName).toBe('BUTTON');
    expect(copy.getAttribute('aria-label')).toBe('Copy link to “Wellbeing check”');
    fireEvent.click(copy);
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(
        `${window.location.origin}/?show=addForm&formId=wellbeing&direct=1`,
      ),
    );
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'green',
          message: expect.stringContaining('link to the form has been copied'),
        }),
      ),
    );
  });

  it('gives the link to copy by hand when the browser refuses to copy it', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    fakeFormsServer(fetchMock, { available: [availableForm('wellbeing', 'Wellbeing check')] });
    renderPage(<CentreHome />);
    fireEvent.click(await screen.findByTestId('forms-centre-copy-wellbeing'));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          message: expect.stringContaining('/?show=addForm&formId=wellbeing&direct=1'),
        }),
      ),
    );
  });

  it('a survey answered from a direct link is sent with fromDirectLink', async () => {
    const { calls } = fakeFormsServer(fetchMock, {
      available: [availableForm('wellbeing', 'Wellbeing check')],
    });
    renderPage(<AddFormOverlay {...overlayProps('show=addForm&formId=wellbeing&direct=1')} />);
    fireEvent.change(await screen.findByTestId('form-text-mood', {}, RUNNER_LOAD), {
      target: { value: 'Calm' },
    });
    fireEvent.click(screen.getByTestId('add-form-runner-save'));
    expect(await screen.findByTestId('add-form-completed')).toBeTruthy();
    expect(calls('POST', '/v1/forms/surveys')[0]?.body).toMatchObject({
      formId: 'wellbeing',
      fromDirectLink: true,
    });
  });

  it('a direct link to a form not offered to the person says so, with a way to close', async () => {
    const { calls } = fakeFormsServer(fetchMock, { available: [] });
    const props = overlayProps('show=addForm&formId=wellbeing&direct=1');
    renderPage(<AddFormOverlay {...props} />);
    const notice = await screen.findByTestId('add-form-not-available');
    expect(notice.textContent).toContain('This form is not offered to you');
    expect(screen.queryByTestId('add-form-runner')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(props.close).toHaveBeenCalled();
    expect(calls('POST', '/v1/forms/surveys')).toHaveLength(0);
  });
});
