import type { ReportLanguage } from '@shared/contracts/custom-reports';
import type { FeelingColor } from '@shared/domain/feelings';
import type { HiddenReason } from '@shared/domain/report-privacy';
import {
  trendOf,
  type AxisFact,
  type CardFacts,
  type ColorShare,
  type HiddenFacts,
  type ShownFacts,
  type Trend,
  type TrendMetric,
} from './card-facts';

/**
 * The local writer (decision 0032): a card's text built from its figures alone, the same figures
 * always giving the same text, in French, English or Dutch. It runs where no model does (the local
 * stack, tests) and says only what the figures say: who answered, the figure the card shows, how it
 * moved between the first and last shown periods, and which periods are hidden and why.
 */

/** Sentences a text holds at most. */
const MAX_SENTENCES = 5;
/** Hidden periods named one by one; beyond, they are counted. */
const HIDDEN_NAMED = 3;

const LOCALES: Record<ReportLanguage, string> = { fr: 'fr-BE', en: 'en-GB', nl: 'nl-BE' };
const NBSP = '\u00a0';
/** The scales in the texts are written with a minus sign (−1); some locales format a hyphen. */
const minus = (text: string) => text.replace('-', '−');
/** A hidden figure's reason in the words of its language, every reason of the privacy rules given words. */
const reasonIn = (reason: HiddenReason, words: Record<HiddenReason, string>) => words[reason];

/** Number and date formats of a language. */
export class Formats {
  readonly locale: string;
  private readonly plurals: Intl.PluralRules;
  constructor(readonly lang: ReportLanguage) {
    this.locale = LOCALES[lang];
    this.plurals = new Intl.PluralRules(this.locale);
  }
  count(n: number): string {
    return new Intl.NumberFormat(this.locale).format(n);
  }
  /** A share (0…1) as a whole percentage. */
  percent(share: number): string {
    return new Intl.NumberFormat(this.locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);
  }
  /** A −1…1 average as a signed whole percentage (+32 %), with a true minus sign. */
  signedPercent(value: number): string {
    return minus(
      new Intl.NumberFormat(this.locale, {
        style: 'percent',
        maximumFractionDigits: 0,
        signDisplay: 'exceptZero',
      }).format(value),
    );
  }
  /** A −1…1 average on the axes' own scale (+0.4), with a true minus sign. */
  signed(value: number): string {
    return minus(
      new Intl.NumberFormat(this.locale, { maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(
        value,
      ),
    );
  }
  one(n: number): boolean {
    return this.plurals.select(n) === 'one';
  }
  list(items: readonly string[]): string {
    return new Intl.ListFormat(this.locale, { type: 'conjunction' }).format(items);
  }
  /** A day (YYYY-MM-DD) in words: 3 March 2026. */
  day(iso: string): string {
    const time = Date.parse(`${iso}T00:00:00Z`);
    if (Number.isNaN(time)) return iso;
    const text = new Intl.DateTimeFormat(this.locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(time);
    return this.lang === 'fr' ? text.replace(/^1 /, '1er ') : text;
  }
  /** A month (YYYY-MM) in words: March 2026. */
  month(iso: string): string {
    return new Intl.DateTimeFormat(this.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      Date.parse(`${iso}-01T00:00:00Z`),
    );
  }
}

interface Phrases {
  week(week: number, year: number): string;
  intro(
    p: { start: string; end: string; group: string; people: number; answers: number },
    f: Formats,
  ): string;
  periodIntro(p: { period: string; people: number; answers: number }, f: Formats): string;
  totalHidden(p: { start: string; end: string; group: string; reason: string }): string;
  allHidden(p: { start: string; end: string; group: string; reasons: string }): string;
  nothingMore: string;
  noFigures(title: string): string;
  reason(reason: HiddenReason, threshold: number): string;
  hiddenPeriods(p: { hidden: number; of: number; details: string }, f: Formats): string;
  averageValue(value: string): string;
  averageEnergy(value: string): string;
  colors(p: { top: string[]; share: string; pleasant: string }, f: Formats): string;
  words(words: string[], f: Formats): string;
  noWords: string;
  axes(axes: { name: string; average: string }[]): string;
  noAxis: string;
  trend(p: {
    metric: string;
    first: string;
    last: string;
    from: string;
    to: string;
    direction: Trend['direction'];
  }): string;
  metric: Record<TrendMetric, string>;
  color: Record<FeelingColor, string>;
}

const quoteEn = (s: string) => `“${s}”`;
const quoteFr = (s: string) => `«${NBSP}${s}${NBSP}»`;

/** The words for what a card counted, by language and source: one, then many. */
const COUNTED: Record<ReportLanguage, Record<CardFacts['source'], readonly [string, string]>> = {
  fr: {
    feelings: ['ressenti', 'ressentis'],
    thinkings: ['avis', 'avis'],
    questions: ['réponse', 'réponses'],
  },
  en: {
    feelings: ['feeling', 'feelings'],
    thinkings: ['thinking', 'thinkings'],
    questions: ['answer', 'answers'],
  },
  nl: {
    feelings: ['gevoel', 'gevoelens'],
    thinkings: ['mening', 'meningen'],
    questions: ['antwoord', 'antwoorden'],
  },
};

function phrasesOf(source: CardFacts['source'], lang: ReportLanguage): Phrases {
  // A questionnaire's or a custom theme's questions are told as a thinking's axes are.
  const questions = source === 'questions';
  const thinkings = source === 'thinkings' || questions;
  /** What was counted, in the language's singular or plural. */
  const counted = (n: number, f: Formats) => {
    const [one, many] = COUNTED[lang][source];
    return f.one(n) ? one : many;
  };
  if (lang === 'fr')
    return {
      week: (week, year) => `la semaine ${week} de ${year}`,
      intro: (p, f) =>
        `Du ${p.start} au ${p.end}, ${f.count(p.people)} ${f.one(p.people) ? 'personne' : 'personnes'} (${p.group}) ${
          f.one(p.people) ? 'a' : 'ont'
        } ${thinkings ? 'donné' : 'enregistré'} ${f.count(p.answers)} ${counted(p.answers, f)}.`,
      periodIntro: (p, f) =>
        `${p.period.startsWith('la ') ? 'Sur' : 'En'} ${p.period}, ${f.count(p.people)} ${f.one(p.people) ? 'personne' : 'personnes'} ${
          f.one(p.people) ? 'a' : 'ont'
        } ${thinkings ? 'donné' : 'enregistré'} ${f.count(p.answers)} ${counted(p.answers, f)}.`,
      totalHidden: (p) =>
        `Du ${p.start} au ${p.end}, les chiffres de toute la période (${p.group}) sont masqués pour protéger l’anonymat${NBSP}: ${p.reason}.`,
      allHidden: (p) =>
        `Du ${p.start} au ${p.end}, tous les chiffres de cette carte (${p.group}) sont masqués pour protéger l’anonymat${NBSP}: ${p.reasons}.`,
      nothingMore: 'Rien de plus ne peut en être dit sans risquer de révéler qui a répondu.',
      noFigures: (title) => `La carte ${quoteFr(title)} n’a pas de chiffres à décrire.`,
      reason: (reason, t) =>
        reasonIn(reason, {
          'too-few-people': `moins de ${t} personnes`,
          'too-close-to-another-group': `trop proche d’un autre groupe, moins de ${t} personnes d’écart`,
          'protects-a-smaller-group': 'un groupe plus petit pourrait sinon être déduit',
        }),
      hiddenPeriods: (p, f) =>
        `${f.count(p.hidden)} ${f.one(p.hidden) ? 'période' : 'périodes'} sur ${f.count(p.of)} ${
          f.one(p.hidden) ? 'est masquée' : 'sont masquées'
        } pour protéger l’anonymat${NBSP}: ${p.details}.`,
      averageValue: (v) =>
        `L’agrément moyen est de ${v} (−100${NBSP}% étant le plus désagréable, +100${NBSP}% le plus agréable).`,
      averageEnergy: (v) => `L’énergie moyenne est de ${v} (100${NBSP}% étant la plus haute).`,
      colors: (p, f) =>
        `${
          p.top.length === 1
            ? `Le quadrant le plus fréquent est ${p.top[0]}, avec ${p.share} des ressentis`
            : `Les quadrants les plus fréquents sont ${f.list(p.top)}, avec ${p.share} des ressentis chacun`
        }${NBSP}; en tout, ${p.pleasant} des ressentis sont agréables.`,
      words: (words, f) =>
        words.length === 1
          ? `Le mot le plus choisi est ${quoteFr(words[0] ?? '')}.`
          : `Les mots les plus choisis sont ${f.list(words.map(quoteFr))}.`,
      noWords: 'Aucun mot d’émotion n’a été choisi.',
      axes: (axes) => {
        const [high, low] = [axes[0], axes[axes.length - 1]];
        if (!high || !low) return '';
        return axes.length === 1
          ? `Sur ${quoteFr(high.name)}, la moyenne est de ${high.average} (${
              questions
                ? 'de −1, le bas de son échelle, à +1, le haut'
                : 'de −1, pas du tout, à +1, tout à fait'
            }).`
          : `La moyenne la plus haute est sur ${quoteFr(high.name)} (${high.average}) et la plus basse sur ${quoteFr(
              low.name,
            )} (${low.average}), sur une échelle de −1 (${questions ? 'le bas de chaque échelle' : 'pas du tout'}) à +1 (${
              questions ? 'le haut' : 'tout à fait'
            }).`;
      },
      noAxis: 'Aucun axe n’a reçu de réponse dans cette période.',
      trend: (p) =>
        `Entre ${p.first} et ${p.last}, ${p.metric} ${
          p.direction === 'up'
            ? `a augmenté, passant de ${p.from} à ${p.to}`
            : p.direction === 'down'
              ? `a diminué, passant de ${p.from} à ${p.to}`
              : `est stable (${p.from}, puis ${p.to})`
        }.`,
      metric: {
        people: 'le nombre de personnes',
        answers: questions
          ? 'le nombre de réponses'
          : thinkings
            ? 'le nombre d’avis donnés'
            : 'le nombre de ressentis',
        averageValue: 'l’agrément moyen',
        averageEnergy: 'l’énergie moyenne',
        pleasantShare: 'la part des ressentis agréables',
      },
      color: {
        yellow: 'le jaune (agréable et énergique)',
        green: 'le vert (agréable et calme)',
        red: 'le rouge (désagréable et énergique)',
        blue: 'le bleu (désagréable et calme)',
      },
    };
  if (lang === 'nl')
    return {
      week: (week, year) => `week ${week} van ${year}`,
      intro: (p, f) =>
        `Van ${p.start} tot ${p.end} ${
          thinkings ? (f.one(p.people) ? 'gaf' : 'gaven') : f.one(p.people) ? 'registreerde' : 'registreerden'
        } ${f.count(p.people)} ${f.one(p.people) ? 'persoon' : 'personen'} (${p.group}) ${f.count(p.answers)} ${counted(p.answers, f)}.`,
      periodIntro: (p, f) =>
        `In ${p.period} ${
          thinkings ? (f.one(p.people) ? 'gaf' : 'gaven') : f.one(p.people) ? 'registreerde' : 'registreerden'
        } ${f.count(p.people)} ${f.one(p.people) ? 'persoon' : 'personen'} ${f.count(p.answers)} ${counted(p.answers, f)}.`,
      totalHidden: (p) =>
        `Van ${p.start} tot ${p.end} zijn de cijfers van de hele periode (${p.group}) verborgen om de anonimiteit te beschermen: ${p.reason}.`,
      allHidden: (p) =>
        `Van ${p.start} tot ${p.end} zijn alle cijfers van deze kaart (${p.group}) verborgen om de anonimiteit te beschermen: ${p.reasons}.`,
      nothingMore:
        'Meer kan er niet over gezegd worden zonder het risico te lopen te onthullen wie antwoordde.',
      noFigures: (title) => `De kaart ${quoteEn(title)} heeft geen cijfers om te beschrijven.`,
      reason: (reason, t) =>
        reasonIn(reason, {
          'too-few-people': `minder dan ${t} personen`,
          'too-close-to-another-group': `te dicht bij een andere groep, minder dan ${t} personen verschil`,
          'protects-a-smaller-group': 'anders zou een kleinere groep kunnen worden afgeleid',
        }),
      hiddenPeriods: (p, f) =>
        `${f.count(p.hidden)} van de ${f.count(p.of)} periodes ${
          f.one(p.hidden) ? 'is' : 'zijn'
        } verborgen om de anonimiteit te beschermen: ${p.details}.`,
      averageValue: (v) =>
        `De gemiddelde aangenaamheid is ${v} (−100% is het meest onaangenaam, +100% het meest aangenaam).`,
      averageEnergy: (v) => `De gemiddelde energie is ${v} (100% is de hoogste).`,
      colors: (p, f) =>
        `${
          p.top.length === 1
            ? `Het vaakst voorkomende kwadrant is ${p.top[0]}, met ${p.share} van de gevoelens`
            : `De vaakst voorkomende kwadranten zijn ${f.list(p.top)}, met elk ${p.share} van de gevoelens`
        }; in totaal is ${p.pleasant} van de gevoelens aangenaam.`,
      words: (words, f) =>
        words.length === 1
          ? `Het meest gekozen woord is ${quoteEn(words[0] ?? '')}.`
          : `De meest gekozen woorden zijn ${f.list(words.map(quoteEn))}.`,
      noWords: 'Er werd geen emotiewoord gekozen.',
      axes: (axes) => {
        const [high, low] = [axes[0], axes[axes.length - 1]];
        if (!high || !low) return '';
        return axes.length === 1
          ? `Op ${quoteEn(high.name)} is het gemiddelde ${high.average} (${
              questions
                ? 'van −1, het laagste van de schaal, tot +1, het hoogste'
                : 'van −1, helemaal niet, tot +1, helemaal'
            }).`
          : `Het hoogste gemiddelde is op ${quoteEn(high.name)} (${high.average}) en het laagste op ${quoteEn(
              low.name,
            )} (${low.average}), op een schaal van −1 (${questions ? 'het laagste van elke schaal' : 'helemaal niet'}) tot +1 (${
              questions ? 'het hoogste' : 'helemaal'
            }).`;
      },
      noAxis: 'Geen enkele as kreeg een antwoord in deze periode.',
      trend: (p) =>
        `Tussen ${p.first} en ${p.last} ${
          p.direction === 'up'
            ? `steeg ${p.metric} van ${p.from} naar ${p.to}`
            : p.direction === 'down'
              ? `daalde ${p.metric} van ${p.from} naar ${p.to}`
              : `bleef ${p.metric} stabiel (${p.from}, daarna ${p.to})`
        }.`,
      metric: {
        people: 'het aantal personen',
        answers: questions
          ? 'het aantal antwoorden'
          : thinkings
            ? 'het aantal gegeven meningen'
            : 'het aantal gevoelens',
        averageValue: 'de gemiddelde aangenaamheid',
        averageEnergy: 'de gemiddelde energie',
        pleasantShare: 'het aandeel aangename gevoelens',
      },
      color: {
        yellow: 'geel (aangenaam en energiek)',
        green: 'groen (aangenaam en rustig)',
        red: 'rood (onaangenaam en energiek)',
        blue: 'blauw (onaangenaam en rustig)',
      },
    };
  return {
    week: (week, year) => `week ${week} of ${year}`,
    intro: (p, f) =>
      `From ${p.start} to ${p.end}, ${f.count(p.people)} ${f.one(p.people) ? 'person' : 'people'} (${p.group}) ${
        thinkings ? 'gave' : 'recorded'
      } ${f.count(p.answers)} ${counted(p.answers, f)}.`,
    periodIntro: (p, f) =>
      `In ${p.period}, ${f.count(p.people)} ${f.one(p.people) ? 'person' : 'people'} ${
        thinkings ? 'gave' : 'recorded'
      } ${f.count(p.answers)} ${counted(p.answers, f)}.`,
    totalHidden: (p) =>
      `From ${p.start} to ${p.end}, the figures of the whole period (${p.group}) are hidden to protect anonymity: ${p.reason}.`,
    allHidden: (p) =>
      `From ${p.start} to ${p.end}, every figure of this card (${p.group}) is hidden to protect anonymity: ${p.reasons}.`,
    nothingMore: 'Nothing more can be said about them without risking revealing who answered.',
    noFigures: (title) => `The card ${quoteEn(title)} has no figures to describe.`,
    reason: (reason, t) =>
      reasonIn(reason, {
        'too-few-people': `fewer than ${t} people`,
        'too-close-to-another-group': `too close to another group, fewer than ${t} people apart`,
        'protects-a-smaller-group': 'a smaller group could otherwise be worked out',
      }),
    hiddenPeriods: (p, f) =>
      `${f.count(p.hidden)} of the ${f.count(p.of)} periods ${
        f.one(p.hidden) ? 'is' : 'are'
      } hidden to protect anonymity: ${p.details}.`,
    averageValue: (v) =>
      `Average pleasantness is ${v} (−100% being the most unpleasant, +100% the most pleasant).`,
    averageEnergy: (v) => `Average energy is ${v} (100% being the highest).`,
    colors: (p, f) =>
      `${
        p.top.length === 1
          ? `The most frequent quadrant is ${p.top[0]}, with ${p.share} of the feelings`
          : `The most frequent quadrants are ${f.list(p.top)}, with ${p.share} of the feelings each`
      }; in all, ${p.pleasant} of the feelings are pleasant.`,
    words: (words, f) =>
      words.length === 1
        ? `The most chosen word is ${quoteEn(words[0] ?? '')}.`
        : `The most chosen words are ${f.list(words.map(quoteEn))}.`,
    noWords: 'No emotion word was chosen.',
    axes: (axes) => {
      const [high, low] = [axes[0], axes[axes.length - 1]];
      if (!high || !low) return '';
      return axes.length === 1
        ? `On ${quoteEn(high.name)}, the average is ${high.average} (${
            questions
              ? 'from −1, the lowest of its scale, to +1, the highest'
              : 'from −1, not at all, to +1, fully'
          }).`
        : `The highest average is on ${quoteEn(high.name)} (${high.average}) and the lowest on ${quoteEn(
            low.name,
          )} (${low.average}), on a scale from −1 (${questions ? 'the lowest of each scale' : 'not at all'}) to +1 (${
            questions ? 'the highest' : 'fully'
          }).`;
    },
    noAxis: 'No axis was answered in this period.',
    trend: (p) =>
      `Between ${p.first} and ${p.last}, ${p.metric} ${
        p.direction === 'up'
          ? `rose from ${p.from} to ${p.to}`
          : p.direction === 'down'
            ? `fell from ${p.from} to ${p.to}`
            : `stayed stable (${p.from}, then ${p.to})`
      }.`,
    metric: {
      people: 'the number of people',
      answers: questions
        ? 'the number of answers'
        : thinkings
          ? 'the number of thinkings'
          : 'the number of feelings',
      averageValue: 'average pleasantness',
      averageEnergy: 'average energy',
      pleasantShare: 'the share of pleasant feelings',
    },
    color: {
      yellow: 'yellow (pleasant and energetic)',
      green: 'green (pleasant and calm)',
      red: 'red (unpleasant and energetic)',
      blue: 'blue (unpleasant and calm)',
    },
  };
}

/** A series period in words: an ISO week (2026-W03) or a month (2026-03); anything else as it is. */
export function periodLabel(
  period: string,
  lang: ReportLanguage,
  source: CardFacts['source'] = 'feelings',
): string {
  const week = /^(\d{4})-W(\d{2})$/.exec(period);
  if (week) return phrasesOf(source, lang).week(Number(week[2]), Number(week[1]));
  if (/^\d{4}-\d{2}$/.test(period)) return new Formats(lang).month(period);
  return period;
}

function metricValue(metric: TrendMetric, value: number, f: Formats): string {
  if (metric === 'people' || metric === 'answers') return f.count(value);
  if (metric === 'averageValue') return f.signedPercent(value);
  return f.percent(value);
}

export interface LocalTextInput {
  lang: ReportLanguage;
  title: string;
  groupLabel: string;
  period: { start: string; end: string };
  facts?: CardFacts | undefined;
}

/** The sentences said of a shown figure besides who answered, the card's own measure first. */
function figureSentences(facts: CardFacts, figure: ShownFacts, p: Phrases, f: Formats): string[] {
  if (facts.source === 'thinkings' || facts.source === 'questions') {
    const axes = (figure.axes ?? []).map((axis: AxisFact) => ({
      name: axis.name,
      average: f.signed(axis.average),
    }));
    return [axes.length ? p.axes(axes) : p.noAxis];
  }
  const said: Record<'colors' | 'words' | 'averageValue' | 'averageEnergy', string | undefined> = {
    colors: colorsSentence(figure.colors, figure.pleasantShare, p, f),
    words: figure.words ? (figure.words.length ? p.words(figure.words, f) : p.noWords) : undefined,
    averageValue:
      figure.averageValue !== undefined ? p.averageValue(f.signedPercent(figure.averageValue)) : undefined,
    averageEnergy:
      figure.averageEnergy !== undefined ? p.averageEnergy(f.percent(figure.averageEnergy)) : undefined,
  };
  const order = ['colors', 'words', 'averageValue', 'averageEnergy'] as const;
  const first = order.find((kind) => kind === facts.measure);
  return [...(first ? [first] : []), ...order.filter((kind) => kind !== first)]
    .map((kind) => said[kind])
    .filter((s): s is string => s !== undefined);
}

function colorsSentence(
  colors: ColorShare[] | undefined,
  pleasant: number | undefined,
  p: Phrases,
  f: Formats,
): string | undefined {
  if (!colors || pleasant === undefined) return undefined;
  // Shares compared as they are said (whole percentages), so a tie in the text is a tie here.
  const said = colors.map((c) => ({ color: c.color, percent: Math.round(c.share * 100) }));
  const best = Math.max(...said.map((c) => c.percent));
  const top = said.filter((c) => c.percent === best);
  return p.colors(
    { top: top.map((c) => p.color[c.color]), share: f.percent(best / 100), pleasant: f.percent(pleasant) },
    f,
  );
}

function trendSentence(facts: CardFacts, lang: ReportLanguage, p: Phrases, f: Formats): string | undefined {
  const trend = trendOf(facts);
  if (!trend) return undefined;
  return p.trend({
    metric: p.metric[trend.metric],
    first: periodLabel(trend.first.period, lang, facts.source),
    last: periodLabel(trend.last.period, lang, facts.source),
    from: metricValue(trend.metric, trend.first.value, f),
    to: metricValue(trend.metric, trend.last.value, f),
    direction: trend.direction,
  });
}

function reasonsOf(hidden: readonly HiddenFacts[], p: Phrases, f: Formats): string {
  return f.list([...new Set(hidden.map((h) => p.reason(h.reason, h.threshold)))]);
}

function hiddenSentence(facts: CardFacts, lang: ReportLanguage, p: Phrases, f: Formats): string | undefined {
  const hidden = facts.series.flatMap((s) =>
    s.figure.shown ? [] : [{ period: s.period, figure: s.figure }],
  );
  if (!hidden.length) return undefined;
  const details =
    hidden.length <= HIDDEN_NAMED
      ? f.list(
          hidden.map(
            (h) =>
              `${periodLabel(h.period, lang, facts.source)} (${p.reason(h.figure.reason, h.figure.threshold)})`,
          ),
        )
      : reasonsOf(
          hidden.map((h) => h.figure),
          p,
          f,
        );
  return p.hiddenPeriods({ hidden: hidden.length, of: facts.series.length, details }, f);
}

/** The local writer's text of a card: 1 to 5 sentences, from its facts alone. */
export function localCardText(input: LocalTextInput): string {
  const f = new Formats(input.lang);
  const facts = input.facts;
  const p = phrasesOf(facts?.source ?? 'feelings', input.lang);
  if (!facts) return p.noFigures(input.title);
  const when = { start: f.day(input.period.start), end: f.day(input.period.end), group: input.groupLabel };
  const total = facts.total;
  const trend = trendSentence(facts, input.lang, p, f);
  const hidden = hiddenSentence(facts, input.lang, p, f);

  if (total.shown) {
    const intro = p.intro({ ...when, people: total.people, answers: total.answers }, f);
    const room = MAX_SENTENCES - 1 - (trend ? 1 : 0) - (hidden ? 1 : 0);
    const figure = figureSentences(facts, total, p, f).slice(0, room);
    return [intro, ...figure, trend, hidden].filter((s): s is string => Boolean(s)).join(' ');
  }

  const shownPeriods = facts.series.flatMap((s) =>
    s.figure.shown ? [{ period: s.period, figure: s.figure }] : [],
  );
  const latest = shownPeriods[shownPeriods.length - 1];
  if (!latest) {
    const everyHidden = [total, ...facts.series.map((s) => s.figure)].filter(
      (h): h is HiddenFacts => !h.shown,
    );
    return [p.allHidden({ ...when, reasons: reasonsOf(everyHidden, p, f) }), p.nothingMore].join(' ');
  }
  return [
    p.totalHidden({ ...when, reason: p.reason(total.reason, total.threshold) }),
    p.periodIntro(
      {
        period: periodLabel(latest.period, input.lang, facts.source),
        people: latest.figure.people,
        answers: latest.figure.answers,
      },
      f,
    ),
    trend,
    hidden,
  ]
    .filter((s): s is string => Boolean(s))
    .join(' ');
}
