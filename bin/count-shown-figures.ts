/**
 * `npx tsx bin/count-shown-figures.ts [--out FILE] [--details]`: how many weekly figures of the
 * demo year of `npm start` the reports show, and why the others are hidden.
 *
 * It starts the local stack in memory (DynamoDB Local, no SPA), seeds it as `npm start` does
 * (tools/demo/seed.ts `seedDemoData`), then, for each demo sphere, asks the report functions the
 * server runs (functions/reports/service.ts: the feelings, thinkings and form reports, with one
 * series period a week) for every group an admin can pick: the sphere, each of its active tags,
 * each pair of them, each of its sessions alone, by each tag and by each pair. Every closed week of
 * the year of each group and source is one figure: shown, hidden (by the reason the report gives),
 * or `nobody` (no one answered in the group that week: no rule shows it, so it is counted apart,
 * and a group with nobody in every week is not asked). Whatever the privacy rule of the checkout,
 * this counts what its reports show.
 *
 * Prints a table on stderr and the counts as JSON on stdout (and in FILE with `--out`).
 * `--details` adds the weeks of each group someone answered in, one letter a week: S shown,
 * n nobody, else the reason it is hidden for (f too few people, c too close to another group,
 * p protects a smaller group, ? another).
 *
 * `DEMO_NOW=2026-12-01T12:00:00Z` runs the whole seed and the reports as if it were that moment:
 * the clock of this process and the Date headers of its servers are moved and tick on from there
 * (DynamoDB Local keeps its own, which nothing here reads). The demo data is drawn from the day it
 * is seeded, so two runs compare only with the same DEMO_NOW. The figures of the old rule
 * (tests/bench/results/demo-shown-before.json, its `clock.DEMO_NOW`) were counted at
 * 2026-12-01T12:00:00Z; the same count on another rule:
 *
 *   DEMO_NOW=2026-12-01T12:00:00Z npx tsx bin/count-shown-figures.ts --details \
 *     --out tests/bench/results/demo-shown-after.json
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { ServerResponse } from 'node:http';
// Types only: the modules themselves are imported once the clock is set (below).
import type { RollupSource } from '../functions/rollups/rollups';
import type { ReportFilters } from '../functions/reports/service';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const outFile = outIndex >= 0 ? args[outIndex + 1] : undefined;
if (outIndex >= 0 && !outFile) throw new Error('--out needs a file name');
const details = args.includes('--details');

// The demo's moment: set before any module reads the clock.
const demoNow = process.env.DEMO_NOW ? Date.parse(process.env.DEMO_NOW) : undefined;
if (demoNow !== undefined) {
  if (Number.isNaN(demoNow)) throw new Error(`DEMO_NOW is not a date: ${process.env.DEMO_NOW}`);
  const RealDate = Date;
  const offset = demoNow - RealDate.now();
  const shifted = function (this: unknown, ...given: unknown[]) {
    if (!new.target) return new RealDate(RealDate.now() + offset).toString();
    return Reflect.construct(RealDate, given.length ? given : [RealDate.now() + offset], new.target) as Date;
  } as unknown as DateConstructor;
  Object.setPrototypeOf(shifted, RealDate);
  Object.defineProperty(shifted, 'prototype', { value: RealDate.prototype });
  Object.defineProperty(shifted, 'now', { value: () => RealDate.now() + offset });
  globalThis.Date = shifted;
  // The emulators answer with Node's own clock in their Date header, which the AWS SDK corrects its
  // signing clock by: they answer the moved clock instead, as the user pool checks signatures on it.
  const writeHead = ServerResponse.prototype.writeHead;
  ServerResponse.prototype.writeHead = function (this: ServerResponse, ...given: unknown[]) {
    if (!this.headersSent && !this.hasHeader('date')) this.setHeader('date', new Date().toUTCString());
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, given);
  } as typeof writeHead;
}
// stdout carries the JSON alone: what the stack and the seed say goes to stderr.
const print = (text: string) => process.stdout.write(text);
console.log = console.error;
console.info = console.error;
process.env.LOG_LEVEL ??= 'ERROR';

const { startLocalStack } = await import('../tools/local-stack/stack');
const { seedDemoData } = await import('../tools/demo/seed');
const { DEMO_SPHERES } = await import('../tools/demo/demo-spheres');
const { DEMO_TERMINAL_SPHERE } = await import('../tools/demo/demo-terminals');
const { DEMO_FORMS } = await import('../tools/demo/demo-forms');
const { activeTagsOf } = await import('../functions/spheres');
const service = await import('../functions/reports/service');
const { weekPeopleOf } = await import('../functions/rollups/figures');
const { readPeopleOf, scopeOf, tagKey } = await import('../functions/rollups/rollups');
const { weeksWithin } = await import('@shared/domain/report-rollups');

/** The kinds of group an admin picks. */
const KINDS = ['sphere', 'tag', 'pair', 'session', 'session+tag', 'session+pair'] as const;
type Kind = (typeof KINDS)[number];

interface Counts {
  figures: number;
  shown: number;
  /** Hidden figures of groups someone answered in that week, by the reason the report gave. */
  hidden: Record<string, number>;
  /** Weeks the group had nobody: never shown, counted apart. */
  nobody: number;
}
const emptyCounts = (): Counts => ({ figures: 0, shown: 0, hidden: {}, nobody: 0 });
function addInto(into: Counts, from: Counts): void {
  into.figures += from.figures;
  into.shown += from.shown;
  into.nobody += from.nobody;
  for (const [reason, n] of Object.entries(from.hidden)) into.hidden[reason] = (into.hidden[reason] ?? 0) + n;
}
const invert = (map: Record<string, string>) =>
  Object.fromEntries(Object.entries(map).map(([k, v]) => [v, k]));
const hiddenTotal = (c: Counts) => Object.values(c.hidden).reduce((a, b) => a + b, 0);

/** The letters of `--details`, by the reason a figure is hidden for (`?` for another). */
const REASON_LETTERS: Record<string, string> = {
  'too-few-people': 'f',
  'too-close-to-another-group': 'c',
  'protects-a-smaller-group': 'p',
};

interface Group {
  kind: Kind;
  sessionId?: string;
  tagIds: string[];
}

/** A figure of a report's series, as the contracts give it. */
type SeriesFigure = { shown: true } | { shown: false; reason: string };
interface SeriesAnswer {
  weeks: string[];
  series: { period: string; figure: SeriesFigure }[];
}

/** Runs `work` on every item, `size` at a time. */
async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<void>, size = 4): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

const sha256Of = (path: string) => {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16);
  } catch {
    return null;
  }
};
let commit: string | null = null;
try {
  commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
} catch {
  // Not a checkout: the digests below say which code ran.
}

const startedAt = performance.now();
const stack = await startLocalStack({ persistent: false, web: false });
try {
  console.error('Seeding the demo data as npm start does…');
  await seedDemoData(stack.endpoints);
  console.error(`Seeded in ${Math.round((performance.now() - startedAt) / 1000)} s.`);
  const now = Date.now();
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  // The demo year: the feelings go back 365 days from the day they are seeded.
  const start = day(now - 365 * 86_400_000);
  const end = day(now);
  const weeks = weeksWithin(start, end).filter((w) => service.weekClosed(w, now));
  const [first, last] = [weeks[0], weeks.at(-1)];
  if (!first || !last) throw new Error('The demo year has no closed week');

  const filtersOf = (tagIds: string[]): ReportFilters => ({
    start,
    end,
    tagIds,
    template: 'general',
    generalOptions: { include: [], interval: 'week' },
  });
  /** The report the server gives of a group, one period a week. */
  async function ask(source: RollupSource, sphereId: string, group: Group): Promise<SeriesAnswer> {
    const place = { sphereId, ...(group.sessionId ? { sessionId: group.sessionId } : {}) };
    if (source === 'feelings')
      return (await service.placeFeelingReport(place, filtersOf(group.tagIds), now)) as SeriesAnswer;
    if (source === 'thinkings')
      return (await service.placeThinkingReport(place, filtersOf(group.tagIds), now)) as SeriesAnswer;
    return (await service.questionsReport(
      source,
      { place, shape: { questions: [], results: [] }, start, end, tagIds: group.tagIds, interval: 'week' },
      now,
    )) as SeriesAnswer;
  }

  const sources: RollupSource[] = [
    'feelings',
    'thinkings',
    ...DEMO_FORMS.map((f) => `form:${f.id}` as const),
  ];
  const totals = emptyCounts();
  const byKind = Object.fromEntries(KINDS.map((k) => [k, emptyCounts()])) as Record<Kind, Counts>;
  const bySource: Record<string, Counts> = {};
  const spheres: unknown[] = [];
  const rows: { sphere: string; source: string; counts: Counts }[] = [];
  let asked = 0;

  for (const demo of [...DEMO_SPHERES, DEMO_TERMINAL_SPHERE]) {
    const sphereId = demo.sphere.sphereId;
    const tagIds = ((await activeTagsOf([sphereId])).get(sphereId) ?? []).map((t) => t.tagId).sort();
    const sessionIds = (demo.sessions ?? []).map((s) => s.session.sessionId);
    const tagSets: { kind: 'all' | 'tag' | 'pair'; tagIds: string[] }[] = [
      { kind: 'all', tagIds: [] },
      ...tagIds.map((t) => ({ kind: 'tag' as const, tagIds: [t] })),
      ...tagIds.flatMap((a, i) =>
        tagIds.slice(i + 1).map((b) => ({ kind: 'pair' as const, tagIds: [a, b] })),
      ),
    ];
    const groups: Group[] = [undefined, ...sessionIds].flatMap((sessionId) =>
      tagSets.map(({ kind, tagIds: set }) => ({
        kind: (sessionId
          ? kind === 'all'
            ? 'session'
            : `session+${kind}`
          : kind === 'all'
            ? 'sphere'
            : kind) as Kind,
        ...(sessionId ? { sessionId } : {}),
        tagIds: set,
      })),
    );
    const sphereSources: { source: string; counts: Counts; byKind: Record<string, Counts> }[] = [];
    const skipped: string[] = [];
    const groupWeeks: Record<string, Record<string, string>> = {};
    for (const source of sources) {
      // Who answered each week, and under which tags and in which session (the sphere's people items).
      const people = new Map(
        (await readPeopleOf(scopeOf(source, 'sphere', sphereId), weeks)).map((item) => [
          item.week.toUpperCase(),
          weekPeopleOf(item),
        ]),
      );
      if (![...people.values()].some((week) => week.size > 0)) {
        skipped.push(source);
        continue;
      }
      /** How many people of the week are in the group (as figures.ts places them). */
      const peopleIn = (week: string, group: Group) => {
        const session = group.sessionId ? tagKey(group.sessionId) : undefined;
        const tags = group.tagIds.map(tagKey);
        let n = 0;
        for (const entries of people.get(week)?.values() ?? [])
          if (
            entries.some(
              (e) =>
                (session === undefined || e.session === session) && tags.every((t) => e.tags.includes(t)),
            )
          )
            n++;
        return n;
      };
      const counts = emptyCounts();
      const kinds = Object.fromEntries(KINDS.map((k) => [k, emptyCounts()])) as Record<Kind, Counts>;
      const strings: Record<string, string> = {};
      await inBatches(groups, async (group) => {
        const sizes = weeks.map((w) => peopleIn(w, group));
        const c = emptyCounts();
        let weeksOf = '';
        if (sizes.every((n) => n === 0)) {
          c.figures = weeks.length;
          c.nobody = weeks.length;
          weeksOf = 'n'.repeat(weeks.length);
        } else {
          asked++;
          const answer = await ask(source, sphereId, group);
          const byWeek = new Map(answer.series.map((p) => [p.period, p.figure]));
          weeks.forEach((week, i) => {
            const figure = byWeek.get(week);
            if (!figure) throw new Error(`The report of ${source} left week ${week} out`);
            c.figures++;
            if (figure.shown) {
              if (sizes[i] === 0) throw new Error(`A group of nobody was shown (${source}, ${week})`);
              c.shown++;
              weeksOf += 'S';
            } else if (sizes[i] === 0) {
              c.nobody++;
              weeksOf += 'n';
            } else {
              c.hidden[figure.reason] = (c.hidden[figure.reason] ?? 0) + 1;
              weeksOf += REASON_LETTERS[figure.reason] ?? '?';
            }
          });
        }
        addInto(counts, c);
        addInto(kinds[group.kind], c);
        // The groups someone answered in (the others are `n` every week).
        if (details && !sizes.every((n) => n === 0))
          strings[`${group.sessionId ?? 'sphere'}:${group.tagIds.join('+') || 'all'}`] = weeksOf;
      });
      addInto(totals, counts);
      addInto((bySource[source] ??= emptyCounts()), counts);
      for (const k of KINDS) addInto(byKind[k], kinds[k]);
      sphereSources.push({ source, counts, byKind: kinds });
      rows.push({ sphere: demo.sphere.name, source, counts });
      if (details) groupWeeks[source] = strings;
      console.error(`${demo.sphere.name}, ${source}: ${counts.shown} shown of ${counts.figures}.`);
    }
    spheres.push({
      sphereId,
      name: demo.sphere.name,
      tags: tagIds.length,
      sessions: sessionIds.length,
      groups: groups.length,
      sources: sphereSources,
      // No one answered them in a closed week of the year: not counted.
      ...(skipped.length ? { sourcesWithNoAnswer: skipped } : {}),
      ...(details ? { weeksByGroup: groupWeeks } : {}),
    });
  }

  const reasons = [...new Set(rows.flatMap((r) => Object.keys(r.counts.hidden)))].sort();
  const percent = (c: Counts) => {
    const answered = c.figures - c.nobody;
    return answered ? `${((100 * c.shown) / answered).toFixed(1)} %` : 'n/a';
  };
  const tableRow = (label: string, source: string, c: Counts) =>
    `| ${label} | ${source} | ${c.figures} | ${c.shown} | ${hiddenTotal(c)} | ${reasons
      .map((r) => c.hidden[r] ?? 0)
      .join(' | ')}${reasons.length ? ' | ' : ''}${c.nobody} | ${percent(c)} |`;
  const table = [
    `Weekly figures of the demo year (${weeks.length} closed weeks, ${first} to ${last}), per group an admin can pick:`,
    '',
    `| sphere | source | figures | shown | hidden | ${reasons.map((r) => `hidden: ${r}`).join(' | ')}${
      reasons.length ? ' | ' : ''
    }nobody | shown of those with people |`,
    `|---|---|---|---|---|${reasons.map(() => '---|').join('')}---|---|`,
    ...rows.map((r) => tableRow(r.sphere, r.source, r.counts)),
    ...KINDS.map((k) => tableRow(`all, ${k}`, 'all', byKind[k])),
    tableRow('all', 'all', totals),
    '',
  ].join('\n');
  const result = {
    generatedAt: new Date().toISOString(),
    /** The moment the run was anchored at (DEMO_NOW, null for the real clock), and the reports' now. */
    clock: {
      DEMO_NOW: demoNow === undefined ? null : new Date(demoNow).toISOString(),
      reportsNow: new Date(now).toISOString(),
    },
    code: {
      commit,
      'shared/domain/report-privacy.ts': sha256Of('shared/domain/report-privacy.ts'),
      'functions/rollups/figures.ts': sha256Of('functions/rollups/figures.ts'),
      'functions/reports/service.ts': sha256Of('functions/reports/service.ts'),
    },
    ...(details
      ? { letters: { S: 'shown', n: 'nobody', ...invert(REASON_LETTERS), '?': 'another reason' } }
      : {}),
    period: { start, end, firstWeek: first, lastWeek: last, closedWeeks: weeks.length },
    groupsAsked: asked,
    seconds: Math.round((performance.now() - startedAt) / 1000),
    totals,
    bySource,
    byKind,
    spheres,
  };
  console.error(table);
  const json = JSON.stringify(result, null, 2) + '\n';
  if (outFile) writeFileSync(outFile, json);
  print(json);
} finally {
  await stack.stop();
}
