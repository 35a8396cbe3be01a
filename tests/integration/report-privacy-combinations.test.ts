import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormFigure, FormReport } from '@shared/contracts/form-reports';
import { FormSchema } from '@shared/contracts/forms';
import type { ReportFigure, SphereReport, ThinkingFigure, ThinkingReport } from '@shared/contracts/reports';
import type { TagType } from '@shared/domain/tags';
import { feelingColor } from '@shared/domain/feelings';
import {
  HIDDEN_REASONS,
  PRIVACY_MIN_PARTICIPANTS,
  PRIVACY_MIN_PARTICIPANTS_TWO_TAGS,
} from '@shared/domain/report-privacy';
import { isoWeekOf, weekBounds } from '@shared/domain/report-rollups';
import { importManyFeelings, type NewFeeling } from '../../functions/feelings/seeding';
import { importEntitlements, importForms, importManySurveys } from '../../functions/forms/seeding';
import { importManyThinkings } from '../../functions/thinkings/seeding';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * Combinations of shown figures, attacked through the API (decision 0030, its limit "a combination
 * of three or more shown figures ... is not detected"). In each test the sphere's admin obtains
 * every figure of one closed week that they can ask for (the sphere, each tag, each pair of tags)
 * and combines them: no sum or difference of shown figures may isolate fewer people than such a set
 * needs (8 when they are the people of the sphere or of a one-tag group, else 5), and every hidden
 * figure says why, with its threshold, never as a zero. The people behind each figure are known
 * here, from what was seeded, never from the server. The tests check the attack, not which group a
 * correct rule chooses to hide.
 */
let stack: TestStack;
let admin: Tokens;
beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('cora.combinations@example.be', { firstName: 'Cora' });
});
afterAll(async () => {
  await stack?.stop();
});

const DAY = 86_400_000;
/** One closed week, two weeks ago: the atom every figure here is of. */
const WEEK = isoWeekOf(new Date(Date.now() - 14 * DAY).toISOString().slice(0, 10));
const PERIOD = { start: weekBounds(WEEK).first, end: weekBounds(WEEK).last };
/** Noon UTC of a day of the week (0 is its Monday). */
const dayOf = (d: number) => new Date(Date.parse(`${PERIOD.start}T12:00:00Z`) + d * DAY).toISOString();

const FEELING_VALUES = [-0.8, -0.3, 0.4, 0.9];
const ENERGIES = [0.2, 0.7, 0.5];
const AXIS_VALUES = [-1, -0.5, 0, 0.5, 1];

type Source = 'feelings' | 'thinkings' | 'forms';
type AnyFigure = ReportFigure | ThinkingFigure | FormFigure;

interface Person {
  userId: string;
  /** Their number in the sphere: the values they answer are drawn from it. */
  index: number;
  tagIds: string[];
  /** Answers (feelings, thinkings, surveys) in the week. */
  answers: number;
}

interface Seeded {
  source: Source;
  sphereId: string;
  /** Tag name → id, in the order made. */
  tags: Map<string, string>;
  people: Person[];
  formId?: string;
}

/** Who answered, under which tags (by name): `n` people of each line. */
type Layout = readonly { tags: readonly string[]; n: number }[];

const api = <T>(path: string, body?: unknown) =>
  stack.api<T>(path, { method: body ? 'POST' : 'GET', token: admin.accessToken, ...(body ? { body } : {}) });

/** A sphere, its tags (of one type), and the people of a layout answering in `WEEK` in `source`. */
async function seedSphere(
  name: string,
  tagType: TagType,
  tagNames: readonly string[],
  layout: Layout,
  source: Source,
): Promise<Seeded> {
  const sphere = await api<{ id: string }>('/v1/spheres', {
    name,
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'en' },
  });
  expect(sphere.status).toBe(201);
  const sphereId = sphere.body.id;
  const tags = new Map<string, string>();
  for (const tagName of tagNames) {
    const made = await api<{ id: string }>(`/v1/spheres/${sphereId}/tags`, {
      name: { en: tagName },
      type: tagType,
      color: '#336699',
      weight: 1,
    });
    expect(made.status).toBe(201);
    tags.set(tagName, made.body.id);
  }
  const people: Person[] = [];
  for (const line of layout)
    for (let k = 0; k < line.n; k++) {
      const index = people.length;
      people.push({
        userId: `user-${randomUUID()}`,
        index,
        tagIds: line.tags.map((t) => tags.get(t) as string),
        // Feelings: one or two in the week, so answers are not people; one thinking or survey each.
        answers: source === 'feelings' ? 1 + (index % 2) : 1,
      });
    }
  const seeded: Seeded = { source, sphereId, tags, people };
  if (source === 'feelings')
    await importManyFeelings(
      people.map((p) => ({
        userId: p.userId,
        feelings: Array.from({ length: p.answers }, (_, k): NewFeeling => {
          const value = FEELING_VALUES[p.index % 4] as number;
          const energy = ENERGIES[p.index % 3] as number;
          return {
            userId: p.userId,
            value,
            energy,
            color: feelingColor(value, energy),
            sphereId,
            reportTagIds: p.tagIds,
            evaluationPeriod: { value: 0, type: 'none' },
            geoPoint: { latitude: 0, longitude: 0 },
            locale: 'Europe/Brussels',
            personalNotes: [],
            goals: [],
            timestamp: dayOf(1 + 2 * k),
          };
        }),
      })),
    );
  else if (source === 'thinkings')
    await importManyThinkings(
      people.map((p) => ({
        userId: p.userId,
        thinkings: [
          {
            axes: [
              { id: 'workload', value: AXIS_VALUES[p.index % 5] as number, comment: `said by ${p.index}` },
            ],
            sphereId,
            reportTagIds: p.tagIds,
            geoPoint: { latitude: 0, longitude: 0 },
            locale: 'Europe/Brussels',
            creationDate: dayOf(2),
            freezeDate: new Date(Date.now() + DAY).toISOString(),
          },
        ],
      })),
    );
  else {
    const formId = `combination-form-${randomUUID().slice(0, 8)}`;
    await importForms([
      FormSchema.parse({
        id: formId,
        title: { en: 'Combination pulse' },
        languages: ['en'],
        updateDate: '2026-01-01T00:00:00.000Z',
        steps: [
          {
            id: 'week',
            title: { en: 'This week' },
            description: { en: 'How was your week?' },
            answers: [
              { id: 'mood', type: 'likert', title: { en: 'My mood' }, required: true },
              { id: 'comment', type: 'text', title: { en: 'Anything else?' } },
            ],
          },
        ],
      }),
    ]);
    await importEntitlements(sphereId, [{ formId, availabilitiesThrough: 'sphereMember', sessionIds: [] }]);
    await importManySurveys(
      people.map((p) => ({
        userId: p.userId,
        formId,
        surveys: [
          {
            values: { mood: 1 + (p.index % 7), comment: `said by ${p.index}` },
            locale: 'Europe/Brussels',
            fromDirectLink: false,
            sphereId,
            tagIds: p.tagIds,
            creationDate: dayOf(2),
            freezeDate: new Date(Date.now() - DAY).toISOString(),
          },
        ],
      })),
    );
    seeded.formId = formId;
  }
  return seeded;
}

/** A figure the admin obtained for the week, and who is truly behind it. */
interface Obtained {
  label: string;
  tagIds: string[];
  figure: AnyFigure;
  /** The free texts shown beside it (thinkings' comments, the form's text question). */
  texts: string[] | undefined;
  people: Set<string>;
  answers: number;
}

/** The week's figure of a group of the sphere, read as the admin reads it. */
async function readGroup(seeded: Seeded, tagIds: string[]) {
  const body = { sphereId: seeded.sphereId, ...PERIOD, tagIds };
  let answer;
  if (seeded.source === 'feelings')
    answer = await api<SphereReport>('/v1/feelings/sphere-reports', {
      ...body,
      generalOptions: { interval: 'week', include: ['colors', 'averages'] },
    });
  else if (seeded.source === 'thinkings')
    answer = await api<ThinkingReport>('/v1/thinkings/sphere-reports', {
      ...body,
      generalOptions: { interval: 'week', include: [] },
    });
  else
    answer = await api<FormReport>('/v1/forms/sphere-reports', {
      ...body,
      formId: seeded.formId,
      interval: 'week',
    });
  expect(answer.status).toBe(200);
  const report = answer.body as SphereReport | ThinkingReport | FormReport;
  expect(report.weeks).toEqual([WEEK]);
  const figure = report.series[0]?.figure as AnyFigure;
  // One week: the period's figure is the week's.
  expect(report.total).toEqual(figure);
  const kept = 'texts' in report ? report.texts?.[0] : undefined;
  return { figure, texts: kept?.shown ? kept.texts : undefined };
}

/** Every group the admin can ask of the sphere: itself, each tag, each pair of tags. */
function everyGroup(seeded: Seeded): { label: string; tagIds: string[] }[] {
  const named = [...seeded.tags.entries()];
  const groups = [{ label: 'sphere', tagIds: [] as string[] }];
  for (const [name, id] of named) groups.push({ label: name, tagIds: [id] });
  for (let i = 0; i < named.length; i++)
    for (let j = i + 1; j < named.length; j++) {
      const [a, b] = [named[i], named[j]] as [[string, string], [string, string]];
      groups.push({ label: `${a[0]}+${b[0]}`, tagIds: [a[1], b[1]] });
    }
  return groups;
}

function truthOf(seeded: Seeded, tagIds: readonly string[]) {
  const inIt = seeded.people.filter((p) => tagIds.every((t) => p.tagIds.includes(t)));
  return { people: new Set(inIt.map((p) => p.userId)), answers: inIt.reduce((n, p) => n + p.answers, 0) };
}

/** Reads the groups in the order given: every figure an attacker obtains, with its truth. */
async function obtain(seeded: Seeded, groups = everyGroup(seeded)): Promise<Obtained[]> {
  const obtained: Obtained[] = [];
  for (const group of groups) {
    const read = await readGroup(seeded, group.tagIds);
    obtained.push({ ...group, ...read, ...truthOf(seeded, group.tagIds) });
  }
  return obtained;
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((x) => b.has(x));

/**
 * How many people a set of people needs to be described (the rule over people): 8 when they are the
 * people of the sphere or of a one-tag group, whatever the tags that name it; else 5.
 */
function thresholdOfPeople(seeded: Seeded, people: ReadonlySet<string>): number {
  const scope = truthOf(seeded, []).people;
  if (sameSet(people, scope)) return PRIVACY_MIN_PARTICIPANTS;
  for (const id of seeded.tags.values())
    if (sameSet(people, truthOf(seeded, [id]).people)) return PRIVACY_MIN_PARTICIPANTS;
  return PRIVACY_MIN_PARTICIPANTS_TWO_TAGS;
}

/** A group's own threshold: 8 with no or one tag, and with two when its people are a one-tag group's. */
const thresholdOfGroup = (seeded: Seeded, o: Pick<Obtained, 'tagIds' | 'people'>) =>
  o.tagIds.length < 2 ? PRIVACY_MIN_PARTICIPANTS : thresholdOfPeople(seeded, o.people);

/**
 * Each figure against the truth: a shown one is its group's, of at least its threshold of people; a
 * hidden one says why, with its threshold, and carries no number.
 */
function expectHonestFigures(seeded: Seeded, obtained: readonly Obtained[]) {
  for (const o of obtained) {
    const own = thresholdOfGroup(seeded, o);
    if (o.figure.shown) {
      expect.soft(o.figure.people, `${o.label}: shown people`).toBe(o.people.size);
      expect.soft(o.figure.answers, `${o.label}: shown answers`).toBe(o.answers);
      expect
        .soft(o.people.size, `${o.label} is shown with ${o.people.size} people, it needs ${own}`)
        .toBeGreaterThanOrEqual(own);
      continue;
    }
    expect
      .soft(Object.keys(o.figure).sort(), `${o.label}: a hidden figure has no number`)
      .toEqual(['reason', 'shown', 'threshold']);
    expect.soft(HIDDEN_REASONS, `${o.label}: a known reason`).toContain(o.figure.reason);
    expect
      .soft([PRIVACY_MIN_PARTICIPANTS_TWO_TAGS, PRIVACY_MIN_PARTICIPANTS], `${o.label}: a threshold`)
      .toContain(o.figure.threshold);
    if (o.figure.reason === 'too-few-people' && o.people.size > 0) {
      expect.soft(o.figure.threshold, `${o.label}: its own threshold`).toBe(own);
      expect.soft(o.people.size, `${o.label}: truly too few`).toBeLessThan(o.figure.threshold);
    }
  }
}

/** The rank of a small matrix (rows of numbers), by Gaussian elimination. */
function rank(rows: readonly (readonly number[])[]): number {
  const m = rows.map((r) => [...r]);
  const columns = m[0]?.length ?? 0;
  let r = 0;
  for (let c = 0; c < columns && r < m.length; c++) {
    let pivot = r;
    for (let i = r + 1; i < m.length; i++)
      if (Math.abs(m[i]?.[c] ?? 0) > Math.abs(m[pivot]?.[c] ?? 0)) pivot = i;
    if (Math.abs(m[pivot]?.[c] ?? 0) < 1e-9) continue;
    [m[r], m[pivot]] = [m[pivot] as number[], m[r] as number[]];
    const top = m[r] as number[];
    for (let i = 0; i < m.length; i++) {
      const row = m[i] as number[];
      if (i === r || Math.abs(row[c] ?? 0) < 1e-12) continue;
      const f = (row[c] as number) / (top[c] as number);
      for (let j = c; j < columns; j++) row[j] = (row[j] as number) - f * (top[j] as number);
    }
    r++;
  }
  return r;
}

/**
 * What an attacker isolates with sums and differences of the shown figures: the shown groups split
 * the week's people into regions (the same membership of every shown group); a set of regions is
 * isolated when some combination of the shown figures counts its people and nobody else's (the span
 * of the figures meets the set's coordinates). Each smallest such set of fewer people than it needs
 * is a leak.
 */
function leaksOf(seeded: Seeded, obtained: readonly Obtained[]) {
  const shown = obtained.filter((o) => o.figure.shown);
  const bySignature = new Map<string, Person[]>();
  for (const p of seeded.people) {
    const signature = shown.map((o) => (o.people.has(p.userId) ? '1' : '0')).join('');
    if (!signature.includes('1')) continue;
    bySignature.set(signature, [...(bySignature.get(signature) ?? []), p]);
  }
  const regions = [...bySignature.entries()].map(([signature, people]) => ({ signature, people }));
  expect(regions.length).toBeLessThanOrEqual(16);
  const rows = shown.map((_, g) => regions.map((r) => (r.signature[g] === '1' ? 1 : 0)));
  const full = rank(rows);
  const isolated = (mask: number) => full > rank(rows.map((row) => row.filter((_, j) => !(mask & (1 << j)))));
  const leaks: { people: number; needs: number; who: string[]; byFigures: string[] }[] = [];
  for (let mask = 1; mask < 1 << regions.length; mask++) {
    const inSet = regions.filter((_, j) => mask & (1 << j));
    const people = new Set(inSet.flatMap((r) => r.people.map((p) => p.userId)));
    if (people.size >= PRIVACY_MIN_PARTICIPANTS || !isolated(mask)) continue;
    // The smallest sets only: none of its regions can be left out.
    if (regions.some((_, j) => mask & (1 << j) && mask !== 1 << j && isolated(mask & ~(1 << j)))) continue;
    const needs = thresholdOfPeople(seeded, people);
    if (people.size < needs)
      leaks.push({
        people: people.size,
        needs,
        who: inSet.flatMap((r) => r.people.map((p) => `#${p.index}`)),
        byFigures: shown.map((o) => o.label),
      });
  }
  return leaks;
}

/** Everything a figure counts, as numbers an attacker can add and take away. */
function countsOfFigure(figure: AnyFigure): Record<string, number> {
  if (!figure.shown) return {};
  const counts: Record<string, number> = { people: figure.people, answers: figure.answers };
  if ('colors' in figure && figure.colors)
    for (const [color, n] of Object.entries(figure.colors)) counts[`color ${color}`] = n;
  if ('axes' in figure)
    for (const axis of figure.axes)
      for (const v of axis.values) counts[`${axis.axisId} ${v.value}`] = v.count;
  if ('questions' in figure)
    for (const q of figure.questions)
      if (q.shown && q.values) for (const v of q.values) counts[`${q.answerId} ${v.value}`] = v.count;
  return counts;
}

/** `whole` minus the sum of `parts`, key by key, zeros left out. */
function difference(whole: Obtained, parts: readonly Obtained[]) {
  const left = countsOfFigure(whole.figure);
  for (const part of parts)
    for (const [key, n] of Object.entries(countsOfFigure(part.figure))) left[key] = (left[key] ?? 0) - n;
  const texts = new Set(whole.texts ?? []);
  for (const part of parts) for (const text of part.texts ?? []) texts.delete(text);
  return {
    counts: Object.fromEntries(Object.entries(left).filter(([, n]) => n !== 0)),
    texts: [...texts].sort(),
  };
}

/** The true figures of some people (of the same seeding), to say what a difference gave away. */
function truthCounts(seeded: Seeded, people: readonly Person[]) {
  const counts: Record<string, number> = { people: people.length };
  for (const p of people) {
    counts.answers = (counts.answers ?? 0) + p.answers;
    const key =
      seeded.source === 'feelings'
        ? `color ${feelingColor(FEELING_VALUES[p.index % 4] as number, ENERGIES[p.index % 3] as number)}`
        : seeded.source === 'thinkings'
          ? `workload ${AXIS_VALUES[p.index % 5]}`
          : `mood ${1 + (p.index % 7)}`;
    counts[key] = (counts[key] ?? 0) + p.answers;
  }
  return counts;
}

const byLabel = (obtained: readonly Obtained[], label: string) =>
  obtained.find((o) => o.label === label) as Obtained;

/** Age bands: everyone holds exactly one; the last band holds `few` people, the others at least 8. */
const BANDS = ['18-25', '26-35', '36-45', '46-55', '56+'] as const;
const bandLayout = (big: readonly number[], few: number): Layout => [
  ...big.map((n, i) => ({ tags: [BANDS[i] as string], n })),
  { tags: ['56+'], n: few },
];

/**
 * The complement of a partition: the sphere and the four big bands all shown would give the small
 * band as the sphere minus their sum. Whatever is hidden, the difference of what is shown counts
 * none or at least 8 people.
 */
async function expectPartitionSafe(source: Source, big: readonly number[], few: number) {
  const seeded = await seedSphere(`Bands ${source}`, 'age', BANDS, bandLayout(big, few), source);
  // Under a rule of pairs each big band is shown: the sphere minus one band is at least 8 people.
  const total = big.reduce((a, b) => a + b, 0) + few;
  for (const n of big) {
    expect(n).toBeGreaterThanOrEqual(PRIVACY_MIN_PARTICIPANTS);
    expect(total - n).toBeGreaterThanOrEqual(PRIVACY_MIN_PARTICIPANTS);
  }
  const obtained = await obtain(seeded);
  const sphere = byLabel(obtained, 'sphere');
  const bands = BANDS.map((b) => byLabel(obtained, b));
  const shownBands = bands.filter((b) => b.figure.shown);
  const smallPeople = seeded.people.filter((p) => p.tagIds.includes(seeded.tags.get('56+') as string));
  const attack = sphere.figure.shown ? difference(sphere, shownBands) : undefined;
  const said = `the attacker's sphere − Σ shown bands gave ${JSON.stringify(attack)}; the ${few} of 56+ truly are ${JSON.stringify(truthCounts(seeded, smallPeople))}`;
  expect
    .soft(
      sphere.figure.shown && bands.slice(0, 4).every((b) => b.figure.shown),
      `sphere and the four big bands shown together: ${said}`,
    )
    .toBe(false);
  if (attack) {
    const people = attack.counts.people ?? 0;
    expect.soft(people === 0 || people >= PRIVACY_MIN_PARTICIPANTS, said).toBe(true);
    expect
      .soft(attack.texts.length === 0 || attack.texts.length >= PRIVACY_MIN_PARTICIPANTS, `texts: ${said}`)
      .toBe(true);
  }
  expectHonestFigures(seeded, obtained);
  expect.soft(leaksOf(seeded, obtained)).toEqual([]);
}

/**
 * A tag T of 20 people: 9 also under A, 8 also under B, and 3 under C alone (T+C is 3, under 5).
 * A, B and C each hold 9 more people outside T, and 5 people hold no tag. Under a rule of pairs
 * T, T+A and T+B are shown, and T − (T+A) − (T+B) is the 3 of T+C.
 */
const PAIRS_LAYOUT: Layout = [
  { tags: ['T', 'A'], n: 9 },
  { tags: ['T', 'B'], n: 8 },
  { tags: ['T', 'C'], n: 3 },
  { tags: ['A'], n: 9 },
  { tags: ['B'], n: 9 },
  { tags: ['C'], n: 9 },
  { tags: [], n: 5 },
];
const PAIR_TAGS = ['T', 'A', 'B', 'C'];

describe('report privacy over combinations of shown figures', () => {
  it('feelings: the sphere minus the shown bands of a partition never isolates 1 to 7 people', async () => {
    await expectPartitionSafe('feelings', [10, 9, 9, 9], 3);
  }, 120_000);

  it('thinkings: the sphere minus the shown bands of a partition never isolates the one person left', async () => {
    await expectPartitionSafe('thinkings', [9, 9, 8, 8], 1);
  }, 120_000);

  it('questionnaires: the sphere minus the shown bands of a partition never isolates 1 to 7 people', async () => {
    await expectPartitionSafe('forms', [9, 9, 8, 8], 3);
  }, 120_000);

  it('a tag minus its shown two-tag intersections never isolates 1 to 4 people', async () => {
    const seeded = await seedSphere('Pairs', 'department', PAIR_TAGS, PAIRS_LAYOUT, 'feelings');
    const obtained = await obtain(seeded);
    const t = byLabel(obtained, 'T');
    const pairs = ['T+A', 'T+B', 'T+C'].map((l) => byLabel(obtained, l));
    const shownPairs = pairs.filter((p) => p.figure.shown);
    const tag = (name: string) => seeded.tags.get(name) as string;
    const rest = seeded.people.filter((p) => p.tagIds.includes(tag('T')) && p.tagIds.includes(tag('C')));
    if (t.figure.shown) {
      const attack = difference(t, shownPairs);
      const people = attack.counts.people ?? 0;
      expect
        .soft(
          people === 0 || people >= PRIVACY_MIN_PARTICIPANTS_TWO_TAGS,
          `the attacker's T − Σ shown pairs (${shownPairs.map((p) => p.label).join(', ')}) gave ${JSON.stringify(attack.counts)}; the 3 of T+C truly are ${JSON.stringify(truthCounts(seeded, rest))}`,
        )
        .toBe(true);
    }
    // Either T or one of its big pairs is hidden, and says why.
    const hidden = [t, ...pairs.slice(0, 2)].filter((o) => !o.figure.shown);
    expect.soft(hidden.length, 'T, T+A and T+B all shown').toBeGreaterThan(0);
    expectHonestFigures(seeded, obtained);
    expect.soft(leaksOf(seeded, obtained)).toEqual([]);
  }, 120_000);

  it('a two-tag group whose people are a one-tag group’s needs 8: six people under T1 and an everyone-tag', async () => {
    const seeded = await seedSphere(
      'Equal people',
      'department',
      ['T1', 'Everyone'],
      [
        { tags: ['T1', 'Everyone'], n: 6 },
        { tags: ['Everyone'], n: 14 },
      ],
      'feelings',
    );
    const obtained = await obtain(seeded);
    const pair = byLabel(obtained, 'T1+Everyone');
    const t1 = seeded.people.filter((p) => p.tagIds.includes(seeded.tags.get('T1') as string));
    expect(byLabel(obtained, 'T1').figure).toEqual({ shown: false, reason: 'too-few-people', threshold: 8 });
    expect
      .soft(
        pair.figure,
        `T1+Everyone (the 6 of T1) gave ${JSON.stringify(countsOfFigure(pair.figure))}; T1 truly is ${JSON.stringify(truthCounts(seeded, t1))}`,
      )
      .toEqual({ shown: false, reason: 'too-few-people', threshold: 8 });
    expectHonestFigures(seeded, obtained);
    expect.soft(leaksOf(seeded, obtained)).toEqual([]);
  }, 120_000);

  it('a two-tag group whose people are the whole sphere’s needs 8: a sphere of 7 under two tags', async () => {
    const seeded = await seedSphere(
      'Small sphere',
      'department',
      ['T1', 'T2'],
      [{ tags: ['T1', 'T2'], n: 7 }],
      'feelings',
    );
    const obtained = await obtain(seeded);
    expect(byLabel(obtained, 'sphere').figure).toEqual({
      shown: false,
      reason: 'too-few-people',
      threshold: 8,
    });
    const pair = byLabel(obtained, 'T1+T2');
    expect
      .soft(
        pair.figure.shown,
        `T1+T2 (the whole sphere of 7) gave ${JSON.stringify(countsOfFigure(pair.figure))}; the sphere truly is ${JSON.stringify(truthCounts(seeded, seeded.people))}`,
      )
      .toBe(false);
    if (!pair.figure.shown) expect.soft(pair.figure.threshold).toBe(PRIVACY_MIN_PARTICIPANTS);
    expectHonestFigures(seeded, obtained);
    expect.soft(leaksOf(seeded, obtained)).toEqual([]);
  }, 120_000);

  it('gives the same answers whatever the order the groups are asked in, and a group asked alone first', async () => {
    // Two spheres of the same people: one asked in order, then in reverse; the other, fresh, asked
    // T+A alone first (no decision kept yet), then in another order.
    const first = await seedSphere('Order one', 'department', PAIR_TAGS, PAIRS_LAYOUT, 'feelings');
    const second = await seedSphere('Order two', 'department', PAIR_TAGS, PAIRS_LAYOUT, 'feelings');
    const groups = everyGroup(first);
    const labels = groups.map((g) => g.label);
    /** The groups of a sphere by their labels, in the order of the labels. */
    const inSphere = (seeded: Seeded, order: readonly string[]) =>
      order.map((label) => everyGroup(seeded).find((g) => g.label === label) as (typeof groups)[number]);
    const figures = (obtained: readonly Obtained[]) =>
      Object.fromEntries(
        [...obtained].sort((a, b) => a.label.localeCompare(b.label)).map((o) => [o.label, o.figure]),
      );
    const inOrder = figures(await obtain(first, groups));
    const reversed = figures(await obtain(first, [...groups].reverse()));
    const aloneFirst = figures(await obtain(second, inSphere(second, ['T+A'])));
    const shuffled = figures(
      await obtain(
        second,
        inSphere(
          second,
          labels
            .map((label, i) => ({ label, k: (i * 7) % labels.length }))
            .sort((a, b) => a.k - b.k)
            .map((x) => x.label),
        ),
      ),
    );
    expect(reversed).toEqual(inOrder);
    expect(aloneFirst['T+A']).toEqual(inOrder['T+A']);
    expect(shuffled).toEqual(inOrder);
    expectHonestFigures(first, await obtain(first, groups));
  }, 180_000);
});
