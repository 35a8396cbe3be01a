// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import { notifications } from '@mantine/notifications';
import type { FormFigure, FormReportEntry } from '@shared/contracts/form-reports';
import type { CardData } from '@shared/contracts/custom-reports';
import type { FormReportDefinition } from '@shared/contracts/report-definitions';
import i18n from '../../../i18n';
import { renderPage } from '../../../test/render';
import { CardDataView } from './card-data';
import CustomPartPage from './custom-part-page';
import {
  fakeCustomServer,
  testReport,
  testTag,
  type CustomServerOptions,
} from './custom-reports-test-server';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const SPHERE_REPORT = '/v1/reports/spheres/sphere-1/report-1';
const GROUP_REPORT = '/v1/reports/sessions/session-1/report-1';
const SPHERE_FORMS = '/v1/forms/reports/spheres/sphere-1';
const GROUP_FORMS = '/v1/forms/reports/sessions/session-1';
/** A page reads the account, then the report and its part: a busy run may take more than a second. */
const PAGE_LOAD = { timeout: 5000 };
/** A member of the group (a plain contributor of its sphere) with Essentials. */
const MEMBER = { roles: ['contributor'], sessionRoles: ['member'] } satisfies CustomServerOptions;

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

const entry = (formId: string, title: FormReportEntry['title'], languages = ['en']): FormReportEntry => ({
  formId,
  title,
  languages,
  questions: 2,
  results: 0,
});

const renderSpherePart = () =>
  renderPage(<CustomPartPage />, {
    path: '/apps/spheres/:sphereId/custom-reports/:reportId/parts/:partId',
    entry: '/apps/spheres/sphere-1/custom-reports/report-1/parts/part-1',
  });
const renderGroupPart = () =>
  renderPage(<CustomPartPage />, {
    path: '/apps/sessions/:sessionId/custom-reports/:reportId/parts/:partId',
    entry: '/apps/sessions/session-1/custom-reports/report-1/parts/part-1',
  });

/** Opens "Add a card" as a questionnaire data shot, titled, and waits for the questionnaires. */
async function openFormCard(title = 'Climate') {
  fireEvent.click(await screen.findByTestId('card-add', {}, PAGE_LOAD));
  fireEvent.click(await screen.findByTestId('card-add-type-dataShot', {}, PAGE_LOAD));
  fireEvent.change(screen.getByTestId('card-add-title'), { target: { value: title } });
  fireEvent.click(screen.getByTestId('card-add-source-form'));
}

async function formSelect() {
  const select = (await screen.findByTestId('card-add-form', {}, PAGE_LOAD)) as HTMLSelectElement;
  await waitFor(() => expect(select.disabled).toBe(false));
  return select;
}

describe('adding a questionnaire card (decision 0038)', () => {
  it('offers the sphere’s questionnaires, named in the reader’s language else the form’s own, and sends the one chosen with its tags', async () => {
    const { calls } = fakeCustomServer(fetchMock, {
      tags: [testTag('north', { en: 'North' })],
      forms: [
        entry('f-wellbeing', { fr: 'Bien-être', en: 'Wellbeing' }, ['fr', 'en']),
        entry('f-climat', { fr: 'Climat d’équipe' }, ['fr']),
      ],
    });
    renderSpherePart();
    await openFormCard();
    const select = await formSelect();
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Climat d’équipe',
      'Wellbeing',
    ]);
    expect(calls('GET', SPHERE_FORMS)).toHaveLength(1);
    expect(calls('GET', GROUP_FORMS)).toHaveLength(0);
    fireEvent.change(select, { target: { value: 'f-wellbeing' } });
    const tags = await screen.findByRole('textbox', { name: 'Group' });
    await waitFor(() => expect(tags.hasAttribute('disabled')).toBe(false));
    fireEvent.click(tags);
    fireEvent.click(await screen.findByRole('option', { name: 'North', hidden: true }));
    fireEvent.click(screen.getByTestId('card-add-submit'));
    await waitFor(() =>
      expect(calls('POST', `${SPHERE_REPORT}/cards`)[0]?.body).toEqual({
        type: 'dataShot',
        partId: 'part-1',
        title: 'Climate',
        description: '',
        legend: '',
        dataShot: { source: 'form', formId: 'f-wellbeing', tagIds: ['north'] },
      }),
    );
    // A questionnaire's card has no measure, view nor interval.
    expect(screen.queryByTestId('card-add-measure')).toBeNull();
  });

  it('offers a group’s report the group’s questionnaires, read from the group’s route', async () => {
    const { calls } = fakeCustomServer(fetchMock, {
      ...MEMBER,
      report: testReport({ sessionId: 'session-1' }),
      forms: [entry('f-sphere', { en: 'Sphere survey' })],
      sessionForms: [entry('f-team', { en: 'Team survey' })],
    });
    renderGroupPart();
    await openFormCard();
    const select = await formSelect();
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Team survey']);
    expect(calls('GET', GROUP_FORMS)).toHaveLength(1);
    expect(calls('GET', SPHERE_FORMS)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('card-add-submit'));
    await waitFor(() =>
      expect(calls('POST', `${GROUP_REPORT}/cards`)[0]?.body).toMatchObject({
        dataShot: { source: 'form', formId: 'f-team', tagIds: [] },
      }),
    );
  });

  it('says when no questionnaire was answered here, and sends nothing', async () => {
    const { calls } = fakeCustomServer(fetchMock, { forms: [] });
    renderSpherePart();
    await openFormCard();
    expect((await screen.findByTestId('card-add-no-form', {}, PAGE_LOAD)).textContent).toBe(
      'No questionnaire was answered here yet: there is none to show.',
    );
    const submit = screen.getByTestId('card-add-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(submit);
    expect(calls('POST', `${SPHERE_REPORT}/cards`)).toHaveLength(0);
  });

  it('says when the questionnaires could not be loaded', async () => {
    fakeCustomServer(fetchMock, {
      fail: { [`GET ${SPHERE_FORMS}`]: { status: 500, body: { key: 'internal-server-error' } } },
    });
    renderSpherePart();
    await openFormCard();
    expect((await screen.findByTestId('card-add-forms-error', {}, PAGE_LOAD)).textContent).toBe(
      'The questionnaires could not be loaded. Try again later.',
    );
  });

  it('shows the server’s refusal of a questionnaire not answered here on its field, in the reader’s language, not as a toast', async () => {
    const { calls } = fakeCustomServer(fetchMock, {
      forms: [entry('f-gone', { en: 'Old survey' })],
      fail: {
        [`POST ${SPHERE_REPORT}/cards`]: {
          status: 400,
          body: { errors: [{ key: 'not-valid', field: 'body.dataShot.formId' }] },
        },
      },
    });
    await i18n.changeLanguage('nl');
    renderSpherePart();
    await openFormCard();
    await formSelect();
    fireEvent.click(screen.getByTestId('card-add-submit'));
    expect(await screen.findByText('Deze vragenlijst is hier niet ingevuld: kies een andere.')).toBeTruthy();
    expect(screen.getByTestId('card-add-dialog')).toBeTruthy();
    expect(vi.mocked(notifications.show)).not.toHaveBeenCalledWith(expect.objectContaining({ color: 'red' }));
    // The place's questionnaires are read again: the list offered may have changed.
    await waitFor(() => expect(calls('GET', SPHERE_FORMS)).toHaveLength(2));
  });

  it('still says any other refusal of the card as a toast (spec 02 §8)', async () => {
    fakeCustomServer(fetchMock, {
      forms: [entry('f-1', { en: 'Survey' })],
      fail: { [`POST ${SPHERE_REPORT}/cards`]: { status: 404, body: { key: 'not-found' } } },
    });
    renderSpherePart();
    await openFormCard();
    await formSelect();
    fireEvent.click(screen.getByTestId('card-add-submit'));
    await waitFor(() =>
      expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'red', message: i18n.t('errors.not-found') }),
      ),
    );
  });
});

const definition: FormReportDefinition = {
  formId: 'f-1',
  title: { fr: 'Climat d’équipe', en: 'Team climate' },
  languages: ['fr', 'en'],
  questions: [
    { id: 'q-mood', kind: 'number', title: { en: 'How do you feel at work?' }, min: 1, max: 7 },
    {
      id: 'q-place',
      kind: 'choice',
      title: { en: 'Where do you work most?' },
      choices: [
        { value: 'office', title: { en: 'At the office' } },
        { value: 'home', title: { en: 'At home' } },
        { value: 'road', title: { en: 'On the road' } },
        { value: 'cafe', title: { en: 'In a café' } },
      ],
    },
    { id: 'q-trust', kind: 'number', title: { fr: 'Confiance dans l’équipe' }, min: 0, max: 10 },
  ],
  results: [{ id: 'r-energy', title: { en: 'Energy' }, min: 1, max: 5 }],
  updatedAt: '2026-02-01T10:00:00.000Z',
};

const shownTotal: FormFigure = {
  shown: true,
  people: 12,
  answers: 15,
  questions: [
    { answerId: 'q-mood', shown: true, answers: 15, average: 4.2 },
    {
      answerId: 'q-place',
      shown: true,
      answers: 14,
      choices: [
        { value: 'home', count: 3 },
        { value: 'office', count: 9 },
        { value: 'road', count: 1 },
        { value: 'cafe', count: 1 },
      ],
    },
    { answerId: 'q-trust', shown: false, reason: 'too-few-answers', threshold: 8 },
  ],
  results: [{ resultId: 'r-energy', shown: true, answers: 12, average: 3.456 }],
};

const formData = (total: FormFigure): CardData => ({ source: 'form', formId: 'f-1', definition, total });
const shot = { source: 'form' as const, formId: 'f-1', tagIds: [] };
const showCard = (total: FormFigure) =>
  renderPage(<CardDataView cardId="card-1" dataShot={shot} data={formData(total)} language="en" />);

describe('a questionnaire card’s figures', () => {
  it('names the form, counts people and surveys, and lists each question with its average on its scale or its most chosen values', async () => {
    showCard(shownTotal);
    const card = await screen.findByTestId('card-form-card-1');
    expect(within(card).getByTestId('card-form-title-card-1').textContent).toBe(
      'Questionnaire: Team climate',
    );
    const total = within(card).getByTestId('card-total-card-1');
    expect(total.textContent).toContain('12');
    expect(total.textContent).toContain('15');
    const rows = within(card).getByTestId('card-form-questions-card-1').querySelectorAll('tbody tr');
    expect([...rows].map((r) => r.querySelector('th')?.textContent)).toEqual([
      'How do you feel at work?',
      'Where do you work most?',
      // Named in the form's own language where the reader's is missing.
      'Confiance dans l’équipe',
    ]);
    expect(within(card).getByTestId('card-form-question-card-1-q-mood').textContent).toContain('4.20 on 1–7');
    // The three most chosen, most first; equal counts in the form's order.
    const place = within(card).getByTestId('card-form-question-card-1-q-place');
    expect(place.textContent).toContain('At the office: 9 · At home: 3 · On the road: 1');
    expect(place.textContent).not.toContain('In a café');
    expect(within(card).getByTestId('card-form-result-card-1-r-energy').textContent).toContain('3.46 on 1–5');
    const results = await axe.run(card, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('says why a question too few people answered is hidden, and gives none of its figures', async () => {
    showCard(shownTotal);
    const hidden = await screen.findByTestId('card-form-hidden-card-1-q-trust');
    expect(hidden.textContent).toBe('Hidden: fewer than 8 people answered this question');
    const row = screen.getByTestId('card-form-question-card-1-q-trust');
    expect(row.querySelectorAll('td')).toHaveLength(1);
  });

  it('says why a hidden questionnaire is hidden and shows no number nor question of it', async () => {
    showCard({ shown: false, reason: 'too-few-people', threshold: 8 });
    const card = await screen.findByTestId('card-form-card-1');
    expect(within(card).getByTestId('card-hidden-card-1').textContent).toBe('Hidden: fewer than 8 people');
    expect(within(card).queryByTestId('card-total-card-1')).toBeNull();
    expect(within(card).queryByTestId('card-form-questions-card-1')).toBeNull();
    expect(card.textContent).not.toContain('How do you feel at work?');
  });

  it.each([
    { lang: 'fr', said: 'Masqué pour qu’aucun groupe plus petit ne puisse être déduit' },
    { lang: 'en', said: 'Hidden so that a smaller group cannot be worked out' },
    { lang: 'nl', said: 'Verborgen zodat een kleinere groep niet kan worden afgeleid' },
  ])(
    'says in $lang that a questionnaire hidden to protect a smaller group is hidden for that reason',
    async ({ lang, said }) => {
      await i18n.changeLanguage(lang);
      showCard({ shown: false, reason: 'protects-a-smaller-group', threshold: 8 });
      const card = await screen.findByTestId('card-form-card-1');
      expect(within(card).getByTestId('card-hidden-card-1').textContent).toBe(said);
      expect(within(card).queryByTestId('card-total-card-1')).toBeNull();
      expect(within(card).queryByTestId('card-form-questions-card-1')).toBeNull();
    },
  );
});
