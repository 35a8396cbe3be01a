import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import type { CardData, ReportLanguage, SphereDataShot } from '@shared/contracts/custom-reports';
import type { ReportFigure } from '@shared/contracts/reports';
import type { HiddenReason } from '@shared/domain/report-privacy';
import { configureHandlers } from '../lib/environment';
import { writeCardText, type CardTextInput } from './writer';

const bedrock = mockClient(BedrockRuntimeClient);
const MODEL = 'eu.anthropic.claude-3-haiku-20240307-v1:0';

function useModel(modelId: string | undefined) {
  configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT', BEDROCK_MODEL_ID: modelId });
}

beforeEach(() => {
  bedrock.reset();
  useModel(undefined);
});

const hidden = (threshold = 8, reason: HiddenReason = 'too-few-people') =>
  ({ shown: false, reason, threshold }) as const;
const shown = (
  people: number,
  answers: number,
  extra: Partial<Extract<ReportFigure, { shown: true }>> = {},
) => ({ shown: true, people, answers, ...extra }) as const;

/** Three months, the second hidden: 24 people over the period, 12 in January, 18 in March. */
const feelings: CardData = {
  source: 'feelings',
  total: shown(24, 180, {
    averageValue: 0.32,
    averageEnergy: 0.64,
    colors: { yellow: 81, green: 54, red: 27, blue: 18 },
    words: [
      { wordId: 'calm', count: 37 },
      { wordId: 'joyful', count: 23 },
      { wordId: 'stressed', count: 3 },
    ],
  }),
  series: [
    { period: '2026-01', figure: shown(12, 50, { averageValue: 0.2, averageEnergy: 0.6 }) },
    { period: '2026-02', figure: hidden() },
    { period: '2026-03', figure: shown(18, 70, { averageValue: 0.41, averageEnergy: 0.62 }) },
  ],
};

const shot = (measure: SphereDataShot['measure'] = 'people', tagIds: string[] = []): SphereDataShot => ({
  source: 'feelings',
  measure,
  view: 'series',
  interval: 'month',
  tagIds,
});

const input = (lang: ReportLanguage, overrides: Partial<CardTextInput> = {}): CardTextInput => ({
  lang,
  title: 'Mood of the quarter',
  groupLabel: { fr: 'toute la sphère', en: 'the whole sphere', nl: 'de hele sfeer' }[lang],
  period: { start: '2026-01-01', end: '2026-03-31' },
  dataShot: shot(),
  data: feelings,
  ...overrides,
});

/** Every number a text states (thousands separators and decimals kept together). */
const numbersIn = (text: string) => (text.match(/\d+(?:[.,\u202f\u00a0]\d+)*/g) ?? []).map((n) => n);
const sentencesIn = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z0-9ÀÉ«“])/u).length;

describe('the local writer on shown figures', () => {
  it.each([
    {
      lang: 'fr' as const,
      said: [
        '24 personnes (toute la sphère) ont enregistré 180 ressentis',
        'le nombre de personnes a augmenté, passant de 12 à 18',
        '«\u00a0Calme\u00a0», «\u00a0Joie\u00a0» et «\u00a0Stress\u00a0»',
        'le jaune (agréable et énergique)',
      ],
    },
    {
      lang: 'en' as const,
      said: [
        '24 people (the whole sphere) recorded 180 feelings',
        'the number of people rose from 12 to 18',
        '“Calm”, “Joyful” and “Stressed”',
        'yellow (pleasant and energetic)',
      ],
    },
    {
      lang: 'nl' as const,
      said: [
        'registreerden 24 personen (de hele sfeer) 180 gevoelens',
        'steeg het aantal personen van 12 naar 18',
        '“Kalm”, “Blij” en “Gestrest”',
        'geel (aangenaam en energiek)',
      ],
    },
  ])(
    'says in $lang who answered, the trend with its numbers and the most chosen words by label',
    async ({ lang, said }) => {
      const { text, writtenBy } = await writeCardText(input(lang));
      expect(writtenBy).toBe('local-writer');
      for (const part of said) expect(text).toContain(part);
      expect(sentencesIn(text)).toBeGreaterThanOrEqual(2);
      expect(sentencesIn(text)).toBeLessThanOrEqual(5);
      expect(bedrock.calls()).toHaveLength(0);
    },
  );

  it('writes a whole English text that reads naturally, the same each time for the same figures', async () => {
    const first = await writeCardText(input('en'));
    expect(first.text).toBe(
      'From 1 January 2026 to 31 March 2026, 24 people (the whole sphere) recorded 180 feelings. ' +
        'The most frequent quadrant is yellow (pleasant and energetic), with 45% of the feelings; in all, 75% of the feelings are pleasant. ' +
        'The most chosen words are “Calm”, “Joyful” and “Stressed”. ' +
        'Between January 2026 and March 2026, the number of people rose from 12 to 18. ' +
        '1 of the 3 periods is hidden to protect anonymity: February 2026 (fewer than 8 people).',
    );
    expect(await writeCardText(input('en'))).toEqual(first);
  });

  it('puts the measure the card shows first and follows it across the periods, averages as percentages', async () => {
    const value = (await writeCardText(input('en', { dataShot: shot('averageValue') }))).text;
    expect(value).toContain(
      'Average pleasantness is +32% (−100% being the most unpleasant, +100% the most pleasant).',
    );
    expect(value).toContain(
      'Between January 2026 and March 2026, average pleasantness rose from +20% to +41%.',
    );
    expect(value.indexOf('Average pleasantness')).toBeLessThan(value.indexOf('quadrant'));

    const energy = (await writeCardText(input('fr', { dataShot: shot('averageEnergy') }))).text;
    expect(energy).toContain('L’énergie moyenne est de 64\u00a0%');
    expect(energy).toContain('l’énergie moyenne est stable (60\u00a0%, puis 62\u00a0%)');
  });

  it('says a falling count fell, with both numbers', async () => {
    const falling: CardData = {
      ...feelings,
      series: [
        { period: '2026-W02', figure: shown(30, 90) },
        { period: '2026-W03', figure: shown(20, 60) },
      ],
    };
    const { text } = await writeCardText(input('nl', { data: falling, dataShot: shot('answers') }));
    expect(text).toContain(
      'Tussen week 2 van 2026 en week 3 van 2026 daalde het aantal gevoelens van 90 naar 60.',
    );
  });

  it('names tied quadrants together rather than picking one', async () => {
    const tied: CardData = {
      source: 'feelings',
      total: shown(10, 20, { colors: { yellow: 8, green: 8, red: 2, blue: 2 } }),
      series: [],
    };
    const { text } = await writeCardText(input('en', { data: tied, dataShot: shot('colors') }));
    expect(text).toContain(
      'The most frequent quadrants are yellow (pleasant and energetic) and green (pleasant and calm), with 40% of the feelings each',
    );
  });

  it('describes thinkings by their highest and lowest axes, named in the card language', async () => {
    const thinkings: CardData = {
      source: 'thinkings',
      total: {
        shown: true,
        people: 10,
        answers: 30,
        axes: [
          { axisId: 'trust', answers: 20, average: 0.4, values: [] },
          { axisId: 'workload', answers: 9, average: -0.25, values: [] },
        ],
      },
      series: [],
    };
    const { text } = await writeCardText(
      input('fr', { data: thinkings, axisNames: { trust: 'Confiance', workload: 'Charge de travail' } }),
    );
    expect(text).toContain('10 personnes (toute la sphère) ont donné 30 avis.');
    expect(text).toContain(
      'La moyenne la plus haute est sur «\u00a0Confiance\u00a0» (+0,4) et la plus basse sur «\u00a0Charge de travail\u00a0» (−0,25)',
    );
  });

  it('says a card without figures has none to describe', async () => {
    const { text, writtenBy } = await writeCardText(input('nl', { data: undefined, dataShot: undefined }));
    expect(text).toBe('De kaart “Mood of the quarter” heeft geen cijfers om te beschrijven.');
    expect(writtenBy).toBe('local-writer');
  });
});

describe('the local writer on hidden figures', () => {
  it.each([
    {
      lang: 'fr' as const,
      said: '1 période sur 3 est masquée pour protéger l’anonymat\u00a0: février 2026 (moins de 8 personnes).',
    },
    {
      lang: 'en' as const,
      said: '1 of the 3 periods is hidden to protect anonymity: February 2026 (fewer than 8 people).',
    },
    {
      lang: 'nl' as const,
      said: '1 van de 3 periodes is verborgen om de anonimiteit te beschermen: februari 2026 (minder dan 8 personen).',
    },
  ])(
    'says in $lang that a hidden period is hidden and why, and states no number but shown ones',
    async ({ lang, said }) => {
      const { text } = await writeCardText(input(lang));
      expect(text).toContain(said);
      // Every number comes from a shown figure, the report's dates or the hidden period's threshold.
      const allowed = new Set(['1', '31', '2026', '24', '180', '45', '75', '12', '18', '3', '8']);
      for (const n of numbersIn(text)) expect(allowed, `${n} in ${text}`).toContain(n);
    },
  );

  it('gives the reason of a group hidden for being too close to another one, with its threshold', async () => {
    const close: CardData = {
      ...feelings,
      series: [feelings.series[0]!, { period: '2026-02', figure: hidden(5, 'too-close-to-another-group') }],
    };
    const { text } = await writeCardText(input('en', { data: close, dataShot: shot('people', ['a', 'b']) }));
    expect(text).toContain('February 2026 (too close to another group, fewer than 5 people apart)');
  });

  it.each([
    {
      lang: 'fr' as const,
      period: 'février 2026 (un groupe plus petit pourrait sinon être déduit)',
      whole: 'sont masqués pour protéger l’anonymat\u00a0: un groupe plus petit pourrait sinon être déduit.',
    },
    {
      lang: 'en' as const,
      period: 'February 2026 (a smaller group could otherwise be worked out)',
      whole: 'are hidden to protect anonymity: a smaller group could otherwise be worked out.',
    },
    {
      lang: 'nl' as const,
      period: 'februari 2026 (anders zou een kleinere groep kunnen worden afgeleid)',
      whole:
        'verborgen om de anonimiteit te beschermen: anders zou een kleinere groep kunnen worden afgeleid.',
    },
  ])(
    'says in $lang that a figure hidden to protect a smaller group is hidden for that reason, with no threshold and no other reason',
    async ({ lang, period, whole }) => {
      const protects: CardData = {
        ...feelings,
        total: hidden(8, 'protects-a-smaller-group'),
        series: [
          feelings.series[0]!,
          { period: '2026-02', figure: hidden(8, 'protects-a-smaller-group') },
          feelings.series[2]!,
        ],
      };
      const { text } = await writeCardText(input(lang, { data: protects }));
      expect(text).toContain(period);
      expect(text).toContain(whole);
      expect(text).not.toMatch(/trop proche|too close|te dicht/);
      // The reason names no threshold: every number is a date or a shown period's.
      const allowed = new Set(['1', '31', '2026', '12', '18', '50', '70', '3']);
      for (const n of numbersIn(text)) expect(allowed, `${n} in ${text}`).toContain(n);
    },
  );

  it('counts hidden periods rather than listing them when there are many, still saying why', async () => {
    const many: CardData = {
      ...feelings,
      series: ['2026-W01', '2026-W02', '2026-W03', '2026-W04', '2026-W05'].map((period, i) => ({
        period,
        figure: i === 0 ? shown(9, 20) : hidden(),
      })),
    };
    const { text } = await writeCardText(input('en', { data: many }));
    expect(text).toContain('4 of the 5 periods are hidden to protect anonymity: fewer than 8 people.');
    expect(text).not.toContain('week 3');
  });

  it('describes the shown periods when only the whole period is hidden', async () => {
    const { text } = await writeCardText(input('en', { data: { ...feelings, total: hidden(8) } }));
    expect(text).toBe(
      'From 1 January 2026 to 31 March 2026, the figures of the whole period (the whole sphere) are hidden to protect anonymity: fewer than 8 people. ' +
        'In March 2026, 18 people recorded 70 feelings. ' +
        'Between January 2026 and March 2026, the number of people rose from 12 to 18. ' +
        '1 of the 3 periods is hidden to protect anonymity: February 2026 (fewer than 8 people).',
    );
  });

  it.each([
    {
      lang: 'fr' as const,
      said: 'Du 1er janvier 2026 au 31 mars 2026, tous les chiffres de cette carte (toute la sphère) sont masqués pour protéger l’anonymat\u00a0: moins de 8 personnes.',
    },
    {
      lang: 'en' as const,
      said: 'From 1 January 2026 to 31 March 2026, every figure of this card (the whole sphere) is hidden to protect anonymity: fewer than 8 people.',
    },
    {
      lang: 'nl' as const,
      said: 'Van 1 januari 2026 tot 31 maart 2026 zijn alle cijfers van deze kaart (de hele sfeer) verborgen om de anonimiteit te beschermen: minder dan 8 personen.',
    },
  ])(
    'says in $lang that every figure is hidden when none is shown, and nothing else',
    async ({ lang, said }) => {
      const allHidden: CardData = {
        source: 'feelings',
        total: hidden(),
        series: [
          { period: '2026-01', figure: hidden() },
          { period: '2026-02', figure: hidden() },
        ],
      };
      const { text, writtenBy } = await writeCardText(input(lang, { data: allHidden }));
      expect(text.startsWith(said)).toBe(true);
      expect(sentencesIn(text)).toBe(2);
      expect(new Set(numbersIn(text))).toEqual(new Set(['1', '31', '2026', '8']));
      expect(writtenBy).toBe('local-writer');
    },
  );
});

/** The JSON document the model was given, read back from the prompt. */
function promptDocument(): Record<string, unknown> {
  const call = bedrock.commandCalls(ConverseCommand)[0];
  const message = call?.args[0].input.messages?.[0]?.content?.[0]?.text ?? '';
  return JSON.parse(message.slice(message.indexOf('{'))) as Record<string, unknown>;
}

function promptText(): string {
  return bedrock.commandCalls(ConverseCommand)[0]?.args[0].input.messages?.[0]?.content?.[0]?.text ?? '';
}

const answered = (text: string) => ({
  output: { message: { role: 'assistant' as const, content: [{ text }] } },
  stopReason: 'end_turn' as const,
  usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
  metrics: { latencyMs: 1 },
});

describe('the Bedrock writer', () => {
  it('is used once a model is configured: the model of the configuration writes, and says so', async () => {
    useModel(MODEL);
    bedrock.on(ConverseCommand).resolves(answered('  Vierentwintig personen deelden hun gevoelens.  '));
    const result = await writeCardText(input('nl'));
    expect(result).toEqual({ text: 'Vierentwintig personen deelden hun gevoelens.', writtenBy: 'bedrock' });
    const sent = bedrock.commandCalls(ConverseCommand)[0]?.args[0].input;
    expect(sent?.modelId).toBe(MODEL);
    expect(sent?.system?.[0]?.text).toContain('Write in Dutch');
    expect(sent?.system?.[0]?.text).toContain('no advice');
  });

  it('gives the model the shown figures only: a hidden period by its name, without reason or threshold', async () => {
    useModel(MODEL);
    bedrock.on(ConverseCommand).resolves(answered('Text.'));
    await writeCardText(input('en', { dataShot: shot('averageValue') }));
    const document = promptDocument();
    expect(document.wholePeriod).toEqual({
      people: 24,
      feelings: 180,
      averagePleasantnessPercent: 32,
      averageEnergyPercent: 64,
      quadrantSharesPercent: { yellow: 45, green: 30, red: 15, blue: 10 },
      pleasantSharePercent: 75,
      mostChosenWords: ['Calm', 'Joyful', 'Stressed'],
    });
    expect(document.periods).toEqual([
      {
        period: 'January 2026',
        people: 12,
        feelings: 50,
        averagePleasantnessPercent: 20,
        averageEnergyPercent: 60,
      },
      {
        period: 'March 2026',
        people: 18,
        feelings: 70,
        averagePleasantnessPercent: 41,
        averageEnergyPercent: 62,
      },
    ]);
    expect(document.hiddenPeriods).toEqual(['February 2026']);
    const prompt = promptText();
    expect(prompt).not.toMatch(/too-few|fewer than|threshold|reason/i);
    expect(prompt).not.toMatch(/\b8\b/);
    // A word's count, small or not, is not given: words come as labels, most chosen first.
    expect(prompt).not.toMatch(/\b3\b|\b23\b|\b37\b/);
  });

  it('names a period hidden to protect a smaller group as hidden only, without its reason', async () => {
    useModel(MODEL);
    bedrock.on(ConverseCommand).resolves(answered('Text.'));
    const protects: CardData = {
      ...feelings,
      series: [feelings.series[0]!, { period: '2026-02', figure: hidden(8, 'protects-a-smaller-group') }],
    };
    await writeCardText(input('en', { data: protects }));
    expect(promptDocument().hiddenPeriods).toEqual(['February 2026']);
    expect(promptText()).not.toMatch(/protects|smaller group|worked out|threshold|reason/i);
  });

  it('says a hidden whole period is hidden, and leaves out the axis counts below the threshold', async () => {
    useModel(MODEL);
    bedrock.on(ConverseCommand).resolves(answered('Text.'));
    const thinkings: CardData = {
      source: 'thinkings',
      total: hidden(5, 'too-close-to-another-group'),
      series: [
        {
          period: '2026-W10',
          figure: {
            shown: true,
            people: 9,
            answers: 14,
            axes: [
              { axisId: 'trust', answers: 12, average: 0.5, values: [] },
              { axisId: 'workload', answers: 2, average: -1, values: [] },
            ],
          },
        },
      ],
    };
    await writeCardText(input('fr', { data: thinkings, axisNames: { trust: 'Confiance' } }));
    const document = promptDocument();
    expect(document.wholePeriod).toBe('hidden');
    expect(document.periods).toEqual([
      {
        period: 'la semaine 10 de 2026',
        people: 9,
        thinkings: 14,
        axes: [
          { name: 'Confiance', average: 0.5, answers: 12 },
          { name: 'workload', average: -1 },
        ],
      },
    ]);
    expect(promptText()).not.toMatch(/(?<![\d.])[25](?![\d.])|too-close/);
  });

  it('lets a Bedrock failure through rather than answering the local text', async () => {
    useModel(MODEL);
    bedrock.on(ConverseCommand).rejects(new Error('ThrottlingException'));
    await expect(writeCardText(input('en'))).rejects.toThrow('ThrottlingException');
  });

  it('refuses an answer the model did not finish', async () => {
    useModel(MODEL);
    bedrock.on(ConverseCommand).resolves({ ...answered('From 1 January 2026 to'), stopReason: 'max_tokens' });
    await expect(writeCardText(input('en'))).rejects.toThrow('max_tokens');
  });

  it('does not ask the model about a card whose every figure is hidden: the local sentence says so', async () => {
    useModel(MODEL);
    const result = await writeCardText(
      input('en', { data: { source: 'feelings', total: hidden(), series: [] } }),
    );
    expect(result.writtenBy).toBe('local-writer');
    expect(result.text).toContain(
      'every figure of this card (the whole sphere) is hidden to protect anonymity',
    );
    expect(bedrock.calls()).toHaveLength(0);
  });
});
