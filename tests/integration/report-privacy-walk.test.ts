import { randomUUID } from 'node:crypto';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormFigure, FormReport } from '@shared/contracts/form-reports';
import { FormSchema } from '@shared/contracts/forms';
import type { ReportFigure, SphereReport } from '@shared/contracts/reports';
import { feelingColor } from '@shared/domain/feelings';
import {
  FREE_TEXT_MIN_PARTICIPANTS,
  PRIVACY_MIN_PARTICIPANTS,
  minParticipants,
} from '@shared/domain/report-privacy';
import { isoWeekOf, weekBounds } from '@shared/domain/report-rollups';
import { importFeelings, type NewFeeling } from '../../functions/feelings/seeding';
import { importEntitlements, importForms, importManySurveys } from '../../functions/forms/seeding';
import { spheresDb } from '../../functions/spheres/store';
import { insertAssessment } from '../../functions/strategies/repository';
import { usersDb } from '../../functions/users/store';
import type { StrategyReport } from '@shared/contracts/strategy-reports';
import type { CampaignReport } from '@shared/contracts/campaign-reports';
import type { AnswerItem } from '../../functions/campaigns';
import { importParticipations } from '../../functions/campaigns/seeding';
import { decodeJwt } from 'jose';
import { rolesFromCoAdmin } from './co-admin';
import { eventually, startTestStack, writtenAt, type TestStack, type Tokens } from './harness';

/**
 * The privacy property walked through the API (issue 13, decision 0030): for random spheres,
 * groups, tags and answers, every report a member of every group and the admin can obtain, by every
 * combination of group, tags, interval and period, shows no group under its threshold and no two
 * figures of one week that differ by fewer people than the smaller one's threshold. A custom
 * report's data shots of the same groups show the same figures, and its rendered PDF gives a reason
 * for every hidden week. A questionnaire's reports of the same groups hold to the same rules, and
 * show a question only when its threshold of real people answered it (decision 0033), and so do the
 * reports of a sphere's and its groups' strategies, item by item (decision 0034), and those of a
 * campaign's stopped cycles, step by step (decision 0035). The people behind each figure are known
 * here, from what was seeded, never from the server.
 */
let stack: TestStack;
let admin: Tokens;
beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('walker.reports@example.be', { firstName: 'Wanda' });
});
afterAll(async () => {
  await stack?.stop();
});

/** An assessment written when it was given (its week then open). */
const insertAssessmentAt = (given: Parameters<typeof insertAssessment>[0]) =>
  writtenAt(given.creationDate, () => insertAssessment(given));

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const DAY = 86_400_000;
const WEEKS = [28, 21, 14].map((d) => isoWeekOf(new Date(Date.now() - d * DAY).toISOString().slice(0, 10)));

interface Person {
  userId: string;
  tags: string[];
  session: string | undefined;
  /** Answers per week (0 when they did not answer). */
  answers: number[];
}

/** A group as the test knows it: a scope (the sphere or a session) and 0 to 2 tags. */
interface Group {
  session: string | undefined;
  tags: string[];
}

async function api<T>(path: string, body?: unknown, method = body ? 'POST' : 'GET') {
  return stack.api<T>(path, { method, token: admin.accessToken, ...(body ? { body } : {}) });
}

/** A sphere with 4 tags, 2 groups the admin is a member of, and random people answering. */
async function seedSphere(seed: number) {
  const next = random(seed);
  const sphere = await api<{ id: string }>('/v1/spheres', {
    name: `Walk ${seed}`,
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'en' },
  });
  const sphereId = sphere.body.id;
  const me = await api<{ members: { id: string; sphereId: string }[] }>('/v1/me');
  const memberId = me.body.members.find((m) => m.sphereId === sphereId)?.id ?? 'none';
  const tags: string[] = [];
  for (const name of ['North', 'South', 'Night', 'Day']) {
    const made = await api<{ id: string }>(`/v1/spheres/${sphereId}/tags`, {
      name: { en: name },
      type: 'department',
      color: '#336699',
      weight: 1,
    });
    tags.push(made.body.id);
  }
  const sessions: string[] = [];
  for (const name of ['Workshop', 'Office']) {
    const made = await api<{ id: string }>(`/v1/spheres/${sphereId}/sessions`, {
      category: 'contributor',
      name: { en: name },
      publicName: { en: name },
      isPublic: true,
      ownerIds: [memberId],
    });
    sessions.push(made.body.id);
    // The member role from the sphere's other admin: one the admin gave themselves would open no
    // report of the group (decision 0012).
    await rolesFromCoAdmin(stack, admin, { sphereId, sessionId: made.body.id, memberId }, [
      'owner',
      'member',
    ]);
  }
  const people: Person[] = Array.from({ length: 14 + Math.floor(next() * 30) }, () => ({
    userId: `user-${randomUUID()}`,
    tags: tags.filter(() => next() < 0.45),
    session: next() < 0.7 ? sessions[Math.floor(next() * sessions.length)] : undefined,
    answers: WEEKS.map(() => (next() < 0.8 ? 1 + Math.floor(next() * 2) : 0)),
  }));
  for (const person of people) {
    const feelings: NewFeeling[] = WEEKS.flatMap((week, w) =>
      Array.from({ length: person.answers[w] ?? 0 }, (_, k) => {
        const value = next() < 0.5 ? -0.4 : 0.6;
        return {
          userId: person.userId,
          value,
          energy: 0.5,
          color: feelingColor(value, 0.5),
          sphereId,
          ...(person.session ? { sessionId: person.session } : {}),
          reportTagIds: person.tags,
          evaluationPeriod: { value: 0, type: 'none' as const },
          geoPoint: { latitude: 0, longitude: 0 },
          locale: 'Europe/Brussels',
          personalNotes: [],
          goals: [],
          timestamp: new Date(
            Date.parse(`${weekBounds(week).first}T09:00:00Z`) + (1 + k) * DAY,
          ).toISOString(),
        };
      }),
    );
    await importFeelings(person.userId, feelings);
  }
  return { sphereId, tags, sessions, people };
}

/** Who is in a group in a week, and how many answers they gave there. */
function truth(people: readonly Person[], group: Group, w: number) {
  const inIt = people.filter(
    (p) =>
      (p.answers[w] ?? 0) > 0 &&
      (group.session === undefined || p.session === group.session) &&
      group.tags.every((t) => p.tags.includes(t)),
  );
  return {
    people: new Set(inIt.map((p) => p.userId)),
    answers: inIt.reduce((n, p) => n + (p.answers[w] ?? 0), 0),
  };
}

const strictlyHolds = (outer: Set<string>, inner: Set<string>) =>
  outer.size > inner.size && [...inner].every((p) => outer.has(p));

/** The shown groups of each week, as the truth knows their people. */
type ShownByWeek = { group: Group; people: Set<string> }[][];

/**
 * No two shown figures of one week, one holding the other, differ by fewer people than the smaller
 * group's threshold.
 */
function expectNoSmallDifference(shownByWeek: ShownByWeek) {
  for (const shown of shownByWeek)
    for (const small of shown)
      for (const large of shown)
        if (strictlyHolds(large.people, small.people))
          expect(large.people.size - small.people.size).toBeGreaterThanOrEqual(
            minParticipants(small.group.tags.length),
          );
}

/**
 * A questions report (a form's, a strategy's) of a group, week by week against the truth: a shown
 * week has its threshold of real people and counts them as people, one answer each; its optional
 * question is shown only when at least that threshold of them answered it. Counts the optional
 * question shown and hidden in `seen`, and adds the shown weeks to `shownByWeek`.
 */
function checkQuestionWeeks(
  series: readonly { figure: FormFigure }[],
  group: Group,
  people: readonly Person[],
  optional: { id: string | undefined; answered: readonly (readonly boolean[])[] },
  shownByWeek: ShownByWeek,
  seen: { shown: number; hidden: number },
) {
  const threshold = minParticipants(group.tags.length);
  series.forEach(({ figure }, w) => {
    if (!figure.shown) return;
    const real = truth(people, group, w);
    expect(real.people.size).toBeGreaterThanOrEqual(threshold);
    expect(figure).toMatchObject({ people: real.people.size, answers: real.people.size });
    shownByWeek[w]?.push({ group, people: real.people });
    const question = figure.questions.find((q) => q.answerId === optional.id);
    const answered = people.filter((p, i) => real.people.has(p.userId) && optional.answered[i]?.[w]).length;
    if (question?.shown && question.answers > 0) {
      seen.shown++;
      expect(answered).toBeGreaterThanOrEqual(threshold);
    } else if (question && !question.shown) seen.hidden++;
  });
}

describe('report privacy, walked through the API', () => {
  for (const seed of [7, 1234]) {
    it(`reveals no group under its threshold by any combination of filters (seed ${seed})`, async () => {
      const { sphereId, tags, sessions, people } = await seedSphere(seed);
      const groups: Group[] = [];
      for (const session of [undefined, ...sessions]) {
        groups.push({ session, tags: [] });
        for (const a of tags) groups.push({ session, tags: [a] });
        for (let i = 0; i < tags.length; i++)
          for (let j = i + 1; j < tags.length; j++)
            groups.push({ session, tags: [tags[i], tags[j]] as string[] });
      }
      const start = weekBounds(WEEKS[0] as string).first;
      const end = weekBounds(WEEKS[2] as string).last;
      /** Every shown figure per week: the group and its true people. */
      const shownByWeek = WEEKS.map(() => [] as { group: Group; people: Set<string> }[]);
      let shownCount = 0;
      let hiddenCount = 0;
      /** The sphere's weekly figures per group of tags, for the custom report's walk below. */
      const sphereSeries = new Map<string, SphereReport['series']>();
      for (const group of groups) {
        const filters = { start, end, tagIds: group.tags };
        const answer = group.session
          ? await api<SphereReport>('/v1/feelings/session-reports', { sessionId: group.session, ...filters })
          : await api<SphereReport>('/v1/feelings/sphere-reports', { sphereId, ...filters });
        expect(answer.status).toBe(200);
        expect(answer.body.weeks).toEqual(WEEKS);
        if (!group.session) sphereSeries.set(group.tags.join(','), answer.body.series);
        const threshold = minParticipants(group.tags.length);
        let shownAnswers = 0;
        answer.body.series.forEach(({ figure }, w) => {
          const real = truth(people, group, w);
          if (!figure.shown) {
            hiddenCount++;
            // The people's threshold: 8 for a pair whose people one tag describes (decision 0041).
            expect([threshold, PRIVACY_MIN_PARTICIPANTS]).toContain(figure.threshold);
            return;
          }
          shownCount++;
          // A shown figure is the group's, of at least its threshold of people.
          expect(real.people.size).toBeGreaterThanOrEqual(threshold);
          expect(figure).toMatchObject({ people: real.people.size, answers: real.answers });
          shownAnswers += real.answers;
          shownByWeek[w]?.push({ group, people: real.people });
        });
        // The period's figure is the sum of the weeks shown: it tells nothing they do not.
        const total: ReportFigure = answer.body.total;
        if (total.shown) expect(total.answers).toBe(shownAnswers);
        else expect(shownAnswers).toBe(0);
        // Months cut the same weeks: their figures are sums of shown weeks too.
        const monthly = group.session
          ? await api<SphereReport>('/v1/feelings/session-reports', {
              sessionId: group.session,
              ...filters,
              generalOptions: { interval: 'month', include: [] },
            })
          : await api<SphereReport>('/v1/feelings/sphere-reports', {
              sphereId,
              ...filters,
              generalOptions: { interval: 'month', include: [] },
            });
        const monthAnswers = monthly.body.series.reduce(
          (n, s) => n + (s.figure.shown ? s.figure.answers : 0),
          0,
        );
        expect(monthAnswers).toBe(shownAnswers);
      }
      expectNoSmallDifference(shownByWeek);
      // The walk saw both kinds.
      expect(shownCount).toBeGreaterThan(0);
      expect(hiddenCount).toBeGreaterThan(0);

      // A custom report of the same groups (decision 0031): each data shot shows, week by week,
      // exactly what the sphere report shows, and its rendered file says why a week is hidden
      // instead of giving a number.
      const base = `/v1/reports/spheres/${sphereId}`;
      const report = await api<{ reportId: string }>(base, { name: 'Walk', start, end, languages: ['en'] });
      expect(report.status).toBe(201);
      const r = report.body.reportId;
      const part = await api<{ partId: string }>(`${base}/${r}/parts`, { name: 'Every group' });
      const cardTags = new Map<string, string>();
      for (const tagIds of [...sphereSeries.keys()].map((k) => (k ? k.split(',') : []))) {
        const card = await api<{ cardId: string }>(`${base}/${r}/cards`, {
          type: 'dataShot',
          partId: part.body.partId,
          title: `Group ${tagIds.join(' + ') || 'all'}`,
          dataShot: { source: 'feelings', measure: 'people', view: 'series', interval: 'week', tagIds },
        });
        expect(card.status).toBe(201);
        cardTags.set(card.body.cardId, tagIds.join(','));
      }
      const read = await api<{ cards: { cardId: string; data?: { series: { figure: ReportFigure }[] } }[] }>(
        `${base}/${r}/parts/${part.body.partId}`,
      );
      let hiddenWeeks = 0;
      for (const card of read.body.cards) {
        const expected = sphereSeries.get(cardTags.get(card.cardId) ?? '') ?? [];
        expect(card.data?.series.map((s) => s.figure)).toEqual(expected.map((s) => s.figure));
        hiddenWeeks += expected.filter((s) => !s.figure.shown).length;
      }
      const render = await api<{ renderId: string }>(`${base}/${r}/renders`, {
        name: 'Walk',
        lang: 'en',
        partIds: [part.body.partId],
      });
      expect(render.status).toBe(202);
      const done = await eventually(
        async () => {
          const list = await api<{ renders: { renderId: string; status: string }[] }>(`${base}/${r}/renders`);
          const found = list.body.renders.find((x) => x.renderId === render.body.renderId);
          return found && found.status !== 'inProgress' ? found : undefined;
        },
        { tries: 600, what: 'walk render' },
      );
      expect(done.status).toBe('done');
      const link = await api<{ url: string }>(`${base}/${r}/renders/${render.body.renderId}/download`);
      const pdf = new Uint8Array(await (await fetch(link.body.url)).arrayBuffer());
      const text = (await new PDFParse({ data: pdf }).getText()).text;
      // Every hidden week of every card is a row that gives its reason.
      const reasons = text.match(/Hidden: (fewer than \d+ people|too close to another group)/g) ?? [];
      expect(reasons.length).toBeGreaterThanOrEqual(hiddenWeeks);
    }, 240_000);
  }

  it('reveals no group under its threshold in a questionnaire report, no question fewer people answered, and no text of a group under 8', async () => {
    const { sphereId, tags, sessions, people } = await seedSphere(99);
    // Each person's survey of a form in each week they answered: a required question, an optional
    // one more than half of them answer, and a text that says here who wrote it in which week.
    const formId = `walk-form-${randomUUID().slice(0, 8)}`;
    const form = FormSchema.parse({
      id: formId,
      title: { en: 'Walk pulse' },
      languages: ['en'],
      updateDate: '2026-01-01T00:00:00.000Z',
      steps: [
        {
          id: 's1',
          title: { en: 'Week' },
          description: { en: 'This week' },
          answers: [
            { id: 'q1', type: 'likert', title: { en: 'Mood' }, required: true },
            { id: 'q2', type: 'likert', title: { en: 'Sleep' } },
            { id: 'q3', type: 'text', title: { en: 'Anything else?' } },
          ],
        },
      ],
    });
    await importForms([form]);
    await importEntitlements(sphereId, [{ formId, availabilitiesThrough: 'sphereMember', sessionIds: [] }]);
    const next = random(4242);
    // Everyone answers it in the first week (a question the week's regions can show, decision 0041).
    const optional = people.map(() => WEEKS.map((_, w) => next() < 0.6 || w === 0));
    await importManySurveys(
      people.map((person, i) => ({
        userId: person.userId,
        formId,
        surveys: WEEKS.flatMap((week, w) =>
          Array.from({ length: Math.min(1, person.answers[w] ?? 0) }, (_, k) => ({
            values: { q1: 1 + ((i + k) % 7), ...(optional[i]?.[w] ? { q2: 4 } : {}), q3: `note ${i} w${w}` },
            locale: 'Europe/Brussels',
            fromDirectLink: false,
            sphereId,
            ...(person.session ? { sessionId: person.session } : {}),
            tagIds: person.tags,
            creationDate: new Date(
              Date.parse(`${weekBounds(week).first}T09:00:00Z`) + (1 + k) * DAY,
            ).toISOString(),
            freezeDate: new Date(Date.now() - DAY).toISOString(),
          })),
        ),
      })),
    );
    const start = weekBounds(WEEKS[0] as string).first;
    const end = weekBounds(WEEKS[2] as string).last;
    const shownByWeek = WEEKS.map(() => [] as { group: Group; people: Set<string> }[]);
    const seen = { shown: 0, hidden: 0 };
    const textsSeen = { shown: 0, hidden: 0 };
    for (const session of [undefined, ...sessions])
      for (const tagIds of [[], ...tags.map((t) => [t]), [tags[0] as string, tags[1] as string]]) {
        const group: Group = { session, tags: tagIds };
        const filters = { formId, start, end, tagIds };
        const answer = session
          ? await api<FormReport>('/v1/forms/session-reports', { sessionId: session, ...filters })
          : await api<FormReport>('/v1/forms/sphere-reports', { sphereId, ...filters });
        expect(answer.status).toBe(200);
        expect(JSON.stringify(answer.body.form)).toContain('Walk pulse');
        checkQuestionWeeks(
          answer.body.series,
          group,
          people,
          { id: 'q2', answered: optional },
          shownByWeek,
          seen,
        );
        // Texts: only those of weeks in which this group was shown with at least 8 real people, each
        // written by one of them, and every one of theirs.
        const [texts] = answer.body.texts ?? [];
        expect(texts?.answerId).toBe('q3');
        if (!texts?.shown) {
          expect(texts).toMatchObject({ shown: false, threshold: FREE_TEXT_MIN_PARTICIPANTS });
          textsSeen.hidden++;
          continue;
        }
        textsSeen.shown++;
        expect(answer.body.total.shown).toBe(true);
        const byWeek = WEEKS.map(() => [] as number[]);
        for (const text of texts.texts) {
          const [, i, w] = /^note (\d+) w(\d+)$/.exec(text) ?? [];
          byWeek[Number(w)]?.push(Number(i));
        }
        byWeek.forEach((authors, w) => {
          const figure = answer.body.series[w]?.figure;
          if (!figure?.shown || figure.people < FREE_TEXT_MIN_PARTICIPANTS) {
            expect(authors).toEqual([]);
            return;
          }
          const real = truth(people, group, w);
          expect(real.people.size).toBeGreaterThanOrEqual(FREE_TEXT_MIN_PARTICIPANTS);
          expect(authors).toHaveLength(real.people.size);
          expect(new Set(authors.map((i) => people[i]?.userId))).toEqual(real.people);
        });
      }
    expectNoSmallDifference(shownByWeek);
    expect(textsSeen.shown).toBeGreaterThan(0);
    expect(textsSeen.hidden).toBeGreaterThan(0);
    // The walk saw shown groups, and the optional question both shown and hidden.
    expect(shownByWeek.flat().length).toBeGreaterThan(0);
    expect(seen.shown).toBeGreaterThan(0);
    expect(seen.hidden).toBeGreaterThan(0);
  }, 240_000);
  it('reveals no group under its threshold in a strategy report, and no item fewer people judged', async () => {
    const { sphereId, tags, sessions, people } = await seedSphere(77);
    await usersDb()
      .entities.user.patch({ userId: decodeJwt(admin.accessToken).sub as string })
      .set({ subscription: 'essentials' })
      .go();
    await spheresDb().entities.sphere.patch({ sphereId }).set({ strategyEnabled: true }).go();
    // One item in the sphere's strategy and one in each group's: all judge it, more than half the other.
    const itemsOf = new Map<string, { first: string; second: string }>();
    for (const list of [`spheres/${sphereId}`, ...sessions.map((id) => `sessions/${id}`)]) {
      // One after the other: two adds at once to one outline, the second is refused (conflict).
      const ids: string[] = [];
      for (const title of ['Vision', 'Mission']) {
        const made = await api<{ id: string }>(`/v1/strategies/${list}`, {
          type: title.toLowerCase(),
          title,
          description: `Our ${title.toLowerCase()}`,
        });
        expect(made.status).toBe(201);
        ids.push(made.body.id);
      }
      const [first, second] = ids;
      itemsOf.set(list, { first: first as string, second: second as string });
    }
    const next = random(5151);
    // Everyone answers it in the first week (a question the week's regions can show, decision 0041).
    const optional = people.map(() => WEEKS.map((_, w) => next() < 0.6 || w === 0));
    for (const [i, person] of people.entries())
      for (const [w, week] of WEEKS.entries()) {
        if ((person.answers[w] ?? 0) === 0) continue;
        const lists = [
          { linkTo: 'sphere' as const, linkId: sphereId, list: `spheres/${sphereId}` },
          ...(person.session
            ? [{ linkTo: 'session' as const, linkId: person.session, list: `sessions/${person.session}` }]
            : []),
        ];
        for (const { linkTo, linkId, list } of lists) {
          const items = itemsOf.get(list);
          if (!items) continue;
          await insertAssessmentAt({
            userId: person.userId,
            linkTo,
            linkId,
            sphereId,
            ...(linkTo === 'session' ? { sessionId: linkId } : {}),
            values: [
              { id: items.first, value: 1 + (i % 5) },
              ...(optional[i]?.[w] ? [{ id: items.second, value: 4 }] : []),
            ],
            locale: 'Europe/Brussels',
            fromDirectLink: false,
            specificTagIds: [],
            reportTagIds: [...person.tags].sort(),
            creationDate: new Date(Date.parse(`${weekBounds(week).first}T09:00:00Z`) + DAY).toISOString(),
            freezeDate: new Date(Date.now() - DAY).toISOString(),
          });
        }
      }
    const start = weekBounds(WEEKS[0] as string).first;
    const end = weekBounds(WEEKS[2] as string).last;
    const shownByWeek = WEEKS.map(() => [] as { group: Group; people: Set<string> }[]);
    const seen = { shown: 0, hidden: 0 };
    for (const session of [undefined, ...sessions])
      for (const tagIds of [[], ...tags.map((t) => [t]), [tags[0] as string, tags[1] as string]]) {
        const group: Group = { session, tags: tagIds };
        const filters = { start, end, tagIds };
        const answer = session
          ? await api<StrategyReport>('/v1/strategies/session-reports', { sessionId: session, ...filters })
          : await api<StrategyReport>('/v1/strategies/sphere-reports', { sphereId, ...filters });
        expect(answer.status).toBe(200);
        checkQuestionWeeks(
          answer.body.series,
          group,
          people,
          {
            id: itemsOf.get(session ? `sessions/${session}` : `spheres/${sphereId}`)?.second,
            answered: optional,
          },
          shownByWeek,
          seen,
        );
      }
    expectNoSmallDifference(shownByWeek);
    expect(shownByWeek.flat().length).toBeGreaterThan(0);
    expect(seen.shown).toBeGreaterThan(0);
    expect(seen.hidden).toBeGreaterThan(0);
  }, 240_000);
});

describe('campaign report privacy, walked through the API', () => {
  it('reveals no group under its threshold in any cycle, step or question of a campaign', async () => {
    const { sphereId, tags, people } = await seedSphere(91);
    const made = await api<{ campaignId: string; updateDate: string }>(`/v1/campaigns/spheres/${sphereId}`, {
      name: 'Walk pulse',
      defaultLocale: 'en',
    });
    expect(made.status).toBe(201);
    const campaignId = made.body.campaignId;
    const measured = await api(
      `/v1/campaigns/${campaignId}/measures`,
      {
        measures: [
          { id: 'mood', type: 'feeling', title: { en: 'Mood' } },
          {
            id: 'team',
            type: 'custom-form',
            title: { en: 'Team' },
            customTheme: {
              title: { en: 'Team' },
              shortTitle: { en: 'Team' },
              questions: [
                { id: 'q1', kind: 'likert', title: { en: 'Asked of all' } },
                { id: 'q2', kind: 'likert', title: { en: 'Optional' }, required: false },
                { id: 'q3', kind: 'text', title: { en: 'In your words' }, required: false },
              ],
            },
          },
        ],
        updateDate: made.body.updateDate,
      },
      'PUT',
    );
    expect(measured.status).toBe(200);
    const next = random(9191);
    // Everyone answers it in the first week (a question the week's regions can show, decision 0041).
    const optional = people.map(() => WEEKS.map((_, w) => next() < 0.6 || w === 0));
    // One cycle per seeded week: those who answered that week answer the cycle, once per step.
    const cycleIds: string[] = [];
    for (const [w] of WEEKS.entries()) {
      const cycle = await api<{ cycleId: string }>(`/v1/campaigns/${campaignId}/cycles`, {
        internalLabel: `Cycle ${w + 1}`,
      });
      expect(cycle.status).toBe(201);
      const cycleId = cycle.body.cycleId;
      cycleIds.push(cycleId);
      const command = (action: string) =>
        api(`/v1/campaigns/${campaignId}/cycles/${cycleId}/commands`, { action });
      expect((await command('startCollection')).status).toBe(200);
      const answers: AnswerItem[] = people.flatMap((person, i) => {
        if ((person.answers[w] ?? 0) === 0) return [];
        const base = {
          cycleId,
          campaignId,
          sphereId,
          tagIds: person.tags,
          day: new Date().toISOString().slice(0, 10),
          isTest: false,
        };
        return [
          {
            ...base,
            answerKey: randomUUID(),
            measureId: 'mood',
            stepId: 'mood',
            type: 'feeling' as const,
            value: { type: 'feeling', mood: next() < 0.5 ? 'good' : 'bad', intensityStep: 5, energyStep: 5 },
          },
          {
            ...base,
            answerKey: randomUUID(),
            measureId: 'team',
            stepId: 'team',
            type: 'custom-form' as const,
            value: {
              type: 'custom-form',
              values: {
                q1: 1 + (i % 5),
                ...(optional[i]?.[w] ? { q2: 4 } : {}),
                q3: `said by ${person.userId}`,
              },
            },
          },
        ];
      });
      await importParticipations([], answers);
      expect((await command('stopCollection')).status).toBe(200);
    }
    const shownByCycle = WEEKS.map(() => [] as { group: Group; people: Set<string> }[]);
    const seen = { shown: 0, hidden: 0 };
    const texts = { shown: 0, hidden: 0 };
    const pairs = tags.flatMap((a, i) => tags.slice(i + 1).map((b) => [a, b]));
    for (const tagIds of [[], ...tags.map((t) => [t]), ...pairs]) {
      const group: Group = { session: undefined, tags: tagIds };
      const threshold = minParticipants(tagIds.length);
      const answer = await api<CampaignReport>(`/v1/campaigns/${campaignId}/reports`, { tagIds });
      expect(answer.status).toBe(200);
      answer.body.cycles.forEach((cycle, w) => {
        expect(cycle.cycleId).toBe(cycleIds[w]);
        const real = truth(people, group, w);
        for (const step of cycle.steps) {
          if (step.stepId === '-' || !step.figure.shown) continue;
          expect(real.people.size).toBeGreaterThanOrEqual(threshold);
          expect(step.figure).toMatchObject({ people: real.people.size, answers: real.people.size });
          if (step.stepId === 'mood') shownByCycle[w]?.push({ group, people: real.people });
          if (step.kind !== 'questions' || !step.figure.shown) continue;
          // Free text: only for a shown group of at least 8, exactly its people's.
          const q3 = step.texts?.find((t) => t.answerId === 'q3');
          if (q3?.shown) {
            texts.shown++;
            expect(real.people.size).toBeGreaterThanOrEqual(8);
            expect([...q3.texts].sort()).toEqual([...real.people].map((id) => `said by ${id}`).sort());
          } else if (q3) texts.hidden++;
          const q2 = step.figure.questions.find((q) => q.answerId === 'q2');
          const answered = people.filter((p, i) => real.people.has(p.userId) && optional[i]?.[w]).length;
          if (q2?.shown) {
            seen.shown++;
            expect(answered).toBeGreaterThanOrEqual(threshold);
            expect(q2.answers).toBe(answered);
          } else if (q2) seen.hidden++;
        }
      });
    }
    expectNoSmallDifference(shownByCycle);
    expect(shownByCycle.flat().length).toBeGreaterThan(0);
    expect(seen.shown).toBeGreaterThan(0);
    expect(seen.hidden).toBeGreaterThan(0);
    expect(texts.shown).toBeGreaterThan(0);
    expect(texts.hidden).toBeGreaterThan(0);
  }, 240_000);
});
