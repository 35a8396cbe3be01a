import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { CampaignStepReport } from '@shared/contracts/campaign-reports';
import type { Measure } from '@shared/contracts/campaigns';
import i18n from '../../../i18n';
import {
  campaignExportTable,
  cycleLabel,
  stepQuestions,
  stepTitle,
  type QuestionsStep,
  type StepNames,
} from './campaign-report-export';

let t: TFunction;
beforeAll(async () => {
  await i18n.changeLanguage('en');
  t = i18n.t.bind(i18n);
});

const profile: Measure = {
  id: 'about',
  type: 'profile',
  title: { fr: 'À propos de vous' },
  message: {},
  period: 'none',
  axes: [],
  context: 'sphere',
  tagQuestions: [],
  profileQuestions: ['workTime'],
  smsEnabled: false,
  wordSelection: true,
};

const names: StepNames = {
  campaign: { measures: [profile], defaultLocale: 'fr' },
  language: 'en',
  tag: (id) => id,
  word: (id) => id,
  axis: (id) => id,
};

const refusal: QuestionsStep = {
  stepId: '-',
  measureId: '-',
  type: 'refusal',
  kind: 'questions',
  figure: {
    shown: true,
    people: 10,
    answers: 10,
    questions: [
      {
        answerId: 'reason',
        shown: true,
        answers: 10,
        choices: [
          { value: 'no-time', count: 7 },
          { value: 'frequency', count: 3 },
        ],
      },
    ],
    results: [],
  },
};

describe('campaign results rows', () => {
  it('titles a step with its measure in the reader’s language, else the campaign’s', () => {
    const step: CampaignStepReport = { ...refusal, stepId: 'about', measureId: 'about', type: 'profile' };
    expect(stepTitle(step, names, t)).toBe('À propos de vous');
    expect(stepTitle(refusal, names, t)).toBe('Reasons for declining');
  });

  it('lists every reason for declining in order with its count and share, those nobody gave at 0', () => {
    const [reason] = stepQuestions(refusal, names, t);
    if (!reason?.shown) throw new Error('the reason is hidden');
    expect(reason.title).toBe('Reason given');
    expect(reason.average).toBeNull();
    expect(reason.distribution.slice(0, 4)).toEqual([
      { label: 'Asked too often', count: 3, share: 30 },
      { label: 'Questions not relevant', count: 0, share: 0 },
      { label: 'Not in the mood', count: 0, share: 0 },
      { label: 'No time', count: 7, share: 70 },
    ]);
  });

  it('names a profile question’s choices in words and keeps a choice it no longer offers last', () => {
    const step: QuestionsStep = {
      ...refusal,
      stepId: 'about',
      measureId: 'about',
      type: 'profile',
      figure: {
        shown: true,
        people: 9,
        answers: 9,
        questions: [
          {
            answerId: 'workTime',
            shown: true,
            answers: 9,
            choices: [
              { value: 'part-time', count: 6 },
              { value: 'retired', count: 3 },
            ],
          },
        ],
        results: [],
      },
    };
    const [question] = stepQuestions(step, names, t);
    if (!question?.shown) throw new Error('the question is hidden');
    expect(question.title).toBe('Working time');
    expect(question.distribution.map((d) => `${d.label}=${d.count}`)).toEqual([
      'Full time=0',
      'Part time=6',
      'Preferred not to say=0',
      'retired=3',
    ]);
  });

  it('a hidden step is one row with its reason in words, and a study programme says so first', () => {
    const hidden: CampaignStepReport = {
      ...refusal,
      figure: { shown: false, reason: 'too-close-to-another-group', threshold: 5 },
    };
    const table = campaignExportTable(
      [hidden],
      { campaignName: 'Pulse', cycle: 'May', group: 'North', anonymityNotGuaranteed: true },
      names,
      t,
    );
    expect(table.preamble[1]?.[0]).toContain('Anonymity not guaranteed');
    expect(table.rows).toEqual([
      [
        'May',
        'Reasons for declining',
        'North',
        '',
        '',
        'Hidden: too close to another group (fewer than 5 people apart)',
      ],
    ]);
  });

  it('names a cycle without a label by its start', () => {
    expect(cycleLabel({ internalLabel: '', start: '2026-01-05T08:00:00.000Z' }, t)).toBe(
      'Cycle from 05/01/2026',
    );
    expect(cycleLabel({ internalLabel: 'Q1' }, t)).toBe('Q1');
  });
});

describe('a custom theme’s free texts in the results and their file', () => {
  const theme: Measure = {
    ...profile,
    id: 'team',
    type: 'custom-form',
    title: { fr: 'Équipe' },
    profileQuestions: [],
    customTheme: {
      title: { fr: 'Équipe' },
      shortTitle: { fr: 'Équipe' },
      colour: 'colored',
      legend: 'agreement',
      direction: 'standard',
      questions: [{ id: 'say', kind: 'text', title: { fr: 'En vos mots' }, required: false }],
    },
  };
  const themed: StepNames = { ...names, campaign: { measures: [theme], defaultLocale: 'fr' } };
  const step = (texts: QuestionsStep['texts']): QuestionsStep => ({
    stepId: 'team',
    measureId: 'team',
    type: 'custom-form',
    kind: 'questions',
    figure: { shown: true, people: 9, answers: 9, questions: [], results: [] },
    texts,
  });

  it('gives each text under its question’s title, one line each in the file', () => {
    const shown = step([{ answerId: 'say', shown: true, texts: ['Plus de pauses', 'Merci'] }]);
    const rows = campaignExportTable(
      [shown],
      { campaignName: 'P', cycle: 'C', group: 'G', anonymityNotGuaranteed: false },
      themed,
      t,
    ).rows;
    expect(rows).toContainEqual(['C', 'Équipe', 'G', 'En vos mots', '', 'Plus de pauses']);
    expect(rows).toContainEqual(['C', 'Équipe', 'G', 'En vos mots', '', 'Merci']);
  });

  it('gives a hidden question’s reason with the 8 people texts need, never a text', () => {
    const hidden = step([{ answerId: 'say', shown: false, reason: 'too-few-people', threshold: 8 }]);
    const rows = campaignExportTable(
      [hidden],
      { campaignName: 'P', cycle: 'C', group: 'G', anonymityNotGuaranteed: false },
      themed,
      t,
    ).rows;
    expect(rows).toContainEqual([
      'C',
      'Équipe',
      'G',
      'En vos mots',
      '',
      'Comments appear only for groups of at least 8 people, to protect anonymity.',
    ]);
  });
});
