// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { CampaignReport } from '@shared/contracts/campaign-reports';
import type { CardData } from '@shared/contracts/custom-reports';
import i18n from '../../../i18n';
import { campaignFixture, measureFixture } from '../../../test/campaigns';
import { meFixture } from '../../../test/me';
import { jsonResponse, renderPage } from '../../../test/render';
import { CardDataView } from './card-data';
import { AddCardDialog } from './card-forms';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

/** A custom theme's step of a stopped cycle, as a campaign report's data shot reads it (decision 0036). */
const themeData = (shown: boolean): CardData => ({
  source: 'campaign',
  cycleId: 'cycle-1',
  stepId: 'team',
  cycle: { internalLabel: 'Autumn', start: '2026-01-05T08:00:00.000Z' },
  title: { en: 'Our team', fr: 'Notre équipe' },
  defaultLocale: 'fr',
  result: {
    kind: 'custom-form',
    figure: shown
      ? {
          shown: true,
          people: 9,
          answers: 9,
          questions: [
            {
              answerId: 'q1',
              shown: true,
              answers: 9,
              average: 3.67,
              values: [
                { value: 3, count: 3 },
                { value: 4, count: 6 },
              ],
            },
          ],
          results: [],
        }
      : { shown: false, reason: 'too-few-people', threshold: 8 },
    questions: [{ id: 'q1', title: { en: 'I can count on my colleagues.' } }],
    texts: [
      {
        question: { id: 'q2', title: { en: 'What would help?' } },
        figure: shown
          ? { answerId: 'q2', shown: true, texts: ['More quiet rooms', 'A shared calendar'] }
          : { answerId: 'q2', shown: false, reason: 'too-few-people', threshold: 8 },
      },
    ],
  },
});

const shot = { source: 'campaign' as const, cycleId: 'cycle-1', stepId: 'team', tagIds: [] };

function showCard(data: CardData) {
  return renderPage(<CardDataView cardId="card-1" dataShot={shot} data={data} language="en" />);
}

beforeEach(async () => {
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-1' } },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(404, { key: 'not-found' })));
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

describe('a campaign step in a custom report', () => {
  it('names the step and its cycle, and shows each question’s average with the theme’s free texts', async () => {
    showCard(themeData(true));
    const card = await screen.findByTestId('card-campaign-card-1');
    expect(card.textContent).toContain('Our team · cycle Autumn');
    const question = within(card).getByTestId('form-report-question-q1');
    expect(question.textContent).toContain('I can count on my colleagues.');
    expect(within(card).getByTestId('form-report-average-q1').textContent).toContain('3.67');
    const texts = within(card).getByTestId('card-card-1-texts-q2');
    expect(texts.textContent).toContain('What would help?');
    expect(within(texts).getByTestId('card-card-1-texts-q2-list').textContent).toContain('More quiet rooms');
    const results = await axe.run(card);
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('says why a hidden step is hidden and shows no number and no text of it', async () => {
    showCard(themeData(false));
    const card = await screen.findByTestId('card-campaign-card-1');
    expect(card.textContent).toContain('fewer than 8 people');
    expect(card.textContent).not.toContain('More quiet rooms');
    expect(within(card).queryByTestId('form-report-question-q1')).toBeNull();
  });
});

describe('a campaign’s questionnaire step in a custom report (decision 0038)', () => {
  it('shows the step as a questionnaire card of the form the cycle asked, with its averages on their scales', async () => {
    const data: CardData = {
      source: 'campaign',
      cycleId: 'cycle-1',
      stepId: 'check',
      cycle: { internalLabel: 'Autumn' },
      title: { en: 'Wellbeing check' },
      defaultLocale: 'en',
      result: {
        kind: 'form',
        figure: {
          shown: true,
          people: 9,
          answers: 9,
          questions: [{ answerId: 'mood', shown: true, answers: 9, average: 4.2 }],
          results: [],
        },
        definition: {
          formId: 'check-form',
          title: { en: 'Wellbeing check' },
          languages: ['en'],
          questions: [{ id: 'mood', kind: 'number', title: { en: 'My mood' }, min: 1, max: 7 }],
          results: [],
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      },
    };
    showCard(data);
    const card = await screen.findByTestId('card-campaign-card-1');
    expect(card.textContent).toContain('Wellbeing check · cycle Autumn');
    expect(within(card).getByTestId('card-form-title-card-1').textContent).toContain('Wellbeing check');
    const row = within(card).getByTestId('card-form-question-card-1-mood');
    expect(row.textContent).toContain('My mood');
    expect(row.textContent).toContain('4.20');
    expect(row.textContent).toContain('1–7');
  });
});

describe('adding a campaign step card', () => {
  const results: CampaignReport = {
    campaignId: 'campaign-1',
    sphereId: 'sphere-1',
    tagIds: [],
    anonymityNotGuaranteed: false,
    cycles: [
      {
        cycleId: 'cycle-1',
        internalLabel: 'Autumn',
        status: 'processing',
        ready: true,
        steps: [
          {
            stepId: 'mood',
            measureId: 'mood',
            type: 'feeling',
            kind: 'feeling',
            figure: { shown: false, reason: 'too-few-people', threshold: 8 },
          },
          {
            stepId: 'team',
            measureId: 'team',
            type: 'custom-form',
            kind: 'questions',
            figure: { shown: false, reason: 'too-few-people', threshold: 8 },
          },
          {
            stepId: '-',
            measureId: '-',
            type: 'refusal',
            kind: 'questions',
            figure: { shown: false, reason: 'too-few-people', threshold: 8 },
          },
        ],
      },
      { cycleId: 'cycle-2', internalLabel: 'Winter', status: 'inProgress', ready: false, steps: [] },
    ],
  };
  const campaign = campaignFixture({
    name: 'Pulse',
    measures: [
      measureFixture({ id: 'mood', type: 'feeling', title: { en: 'Your mood' } }),
      measureFixture({ id: 'team', type: 'custom-form', title: { en: 'Our team' } }),
    ],
  });

  it('offers the stopped cycles’ feeling, thinking and theme steps and sends the one chosen', async () => {
    const sent: unknown[] = [];
    fetchMock.mockImplementation((input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (url.pathname === '/v1/me') return Promise.resolve(jsonResponse(200, meFixture()));
      if (url.pathname === '/v1/campaigns/campaign-1/reports')
        return Promise.resolve(jsonResponse(200, results));
      if (url.pathname === '/v1/campaigns/campaign-1') return Promise.resolve(jsonResponse(200, campaign));
      if (url.pathname === '/v1/reports/spheres/sphere-1/report-1/cards' && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return Promise.resolve(
          jsonResponse(201, {
            cardId: 'card-9',
            partId: 'part-1',
            type: 'dataShot',
            title: 'Team',
            description: '',
            result: '',
            legend: '',
            position: 0,
            hidden: false,
            bookmark: false,
            favourite: false,
            dataShot: { source: 'campaign', cycleId: 'cycle-1', stepId: 'team', tagIds: [] },
          }),
        );
      }
      return Promise.resolve(jsonResponse(404, { key: 'not-found' }));
    });
    const onClose = vi.fn();
    renderPage(
      <AddCardDialog
        reportRef={{ sphereId: 'sphere-1', reportId: 'report-1' }}
        partId="part-1"
        primary="en"
        campaign={{ campaignId: 'campaign-1', cycleId: 'cycle-1' }}
        onClose={onClose}
      />,
    );
    fireEvent.click(await screen.findByTestId('card-add-type-dataShot'));
    const step = (await screen.findByTestId('card-add-step')) as HTMLSelectElement;
    await waitFor(() => expect(step.disabled).toBe(false));
    const options = [...step.querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toEqual(['Autumn · Your mood', 'Autumn · Our team']);
    fireEvent.change(step, { target: { value: 'cycle-1|team' } });
    fireEvent.change(screen.getByTestId('card-add-title'), { target: { value: 'Team' } });
    fireEvent.click(screen.getByTestId('card-add-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      expect.objectContaining({
        type: 'dataShot',
        partId: 'part-1',
        dataShot: { source: 'campaign', cycleId: 'cycle-1', stepId: 'team', tagIds: [] },
      }),
    ]);
  });
});
