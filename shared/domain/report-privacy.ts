/**
 * The privacy rules every report figure passes before it leaves the server (spec 02 §5 report
 * privacy, §9 constants; decision 0030). Pure: the server gives, for one atom of time, who is in
 * each group the caller can obtain, and learns which groups may be shown and why the others are
 * hidden.
 *
 * - **Thresholds**: a group narrowed by at most one group tag needs 8 participants, a group narrowed
 *   by two group tags needs 5 (spec 02 §5). Participants are people, never answers.
 * - **Differencing**: a group is hidden when a larger group the caller may also see holds it and
 *   the people in the larger one but not in it are fewer than its threshold (and more than none):
 *   the two figures side by side would describe those few people. Containment is read from the
 *   people themselves, so tags that happen to cover nearly the same people are caught too, not only
 *   a tag and the whole sphere.
 * - **Atoms**: figures are summed over atoms (closed weeks, closed cycles), each checked alone; so
 *   two periods, or a period and the same period a week later, differ by whole atoms that were
 *   shown, each of at least a threshold of people.
 * - **Free text** is shown only for a shown group of at least 8 people.
 * - A hidden group says why, with the threshold: it never reads as zero.
 */

/** Participants a group needs when no more than one group tag narrows it (spec 02 §9). */
export const PRIVACY_MIN_PARTICIPANTS = 8;
/** Participants a group needs when two group tags narrow it (spec 02 §9). */
export const PRIVACY_MIN_PARTICIPANTS_TWO_TAGS = 5;
/** A report filter combines at most this many group tags. */
export const PRIVACY_MAX_GROUP_TAGS = 2;
/** Free text (answers, notes) is shown for groups of at least this many people. */
export const FREE_TEXT_MIN_PARTICIPANTS = 8;

/** Why a group's figures are not shown. */
export const HIDDEN_REASONS = [
  'too-few-people',
  'too-close-to-another-group',
  'protects-a-smaller-group',
] as const;
export type HiddenReason = (typeof HIDDEN_REASONS)[number];

/** How many people a group narrowed by `groupTagCount` group tags needs to be shown. */
export function minParticipants(groupTagCount: number): number {
  if (!Number.isInteger(groupTagCount) || groupTagCount < 0 || groupTagCount > PRIVACY_MAX_GROUP_TAGS)
    throw new RangeError(
      `A report group has 0 to ${PRIVACY_MAX_GROUP_TAGS} group tags, not ${groupTagCount}`,
    );
  return groupTagCount === PRIVACY_MAX_GROUP_TAGS
    ? PRIVACY_MIN_PARTICIPANTS_TWO_TAGS
    : PRIVACY_MIN_PARTICIPANTS;
}

/** One group the caller can obtain in one atom: its id, how many group tags narrow it, its people. */
export interface AtomGroup {
  id: string;
  groupTagCount: number;
  /** Pseudonymous keys of the people who answered in it during the atom. */
  people: ReadonlySet<string>;
}

export type Release =
  { shown: true; people: number } | { shown: false; reason: HiddenReason; threshold: number };

/**
 * The groups of an atom with the same people: one decision for all of them (a two-tag group whose
 * people are exactly a one-tag group's is that group, whatever the request named).
 */
interface PeopleClass {
  /** Its people, as indexes into the atom's people, ascending. */
  members: number[];
  /** The fewest group tags that describe exactly these people. */
  fewestTags: number;
  /** The ids of the groups with these people. */
  ids: string[];
}

/** The people a set needs: 8 when the scope or one group tag describes exactly them, else 5. */
const thresholdOf = (fewestTags: number) =>
  fewestTags <= 1 ? PRIVACY_MIN_PARTICIPANTS : PRIVACY_MIN_PARTICIPANTS_TWO_TAGS;

/** People who hold the same membership of every released group, and which groups those are. */
interface Region {
  members: number[];
  /** The released classes that hold these people, ascending. */
  classes: number[];
}

/**
 * The released groups of one atom, decided over all of them together (decision 0041). The family
 * is every group anyone can obtain in the atom: the scope and its parents, each alone, by each
 * group tag and by each pair. The released groups split the atom's people into regions (people
 * with the same membership of every released group); every linear combination of released figures
 * is constant on each region, so a combination can isolate a region but never less. The rule:
 * every non-empty region holds at least the threshold of its people (8 when the scope or one tag
 * describes exactly them, else 5).
 *
 * 1. Groups with the same people are one class, with one decision and the threshold of the fewest
 *    tags that describe those people.
 * 2. A class under its threshold is hidden (`too-few-people`).
 * 3. While a region is under its threshold, one more class is hidden (complementary suppression):
 *    of the classes whose hiding merges the smallest such region with a neighbouring region (or
 *    takes it out of every figure), the one with the fewest people; with none, the smallest class
 *    that holds the region. Each step hides one class, so it ends; hiding everything is safe.
 *
 * Classes are ordered by their people, never by the family's order or by what was asked, so the
 * same people always give the same answer.
 */
export function releaseAtom(family: readonly AtomGroup[]): Map<string, Release> {
  return decideAtom(family).releases;
}

/** An atom's decisions, and how many people its smallest region has beyond its threshold. */
export interface AtomDecision {
  releases: Map<string, Release>;
  /**
   * The fewest people any region of the released groups has beyond its threshold (`Infinity` when
   * nothing is released): a question skipped in at most this many of the atom's answers is
   * surely answered by the threshold of people in every region (`questionShownInAtom`).
   */
  slack: number;
}

/** `releaseAtom`, with the slack of the regions it leaves. */
export function decideAtom(family: readonly AtomGroup[]): AtomDecision {
  // People as indexes, in a canonical order.
  const index = new Map<string, number>();
  for (const person of [...new Set(family.flatMap((g) => [...g.people]))].sort())
    index.set(person, index.size);
  const byPeople = new Map<string, PeopleClass>();
  for (const group of family) {
    if (
      !Number.isInteger(group.groupTagCount) ||
      group.groupTagCount < 0 ||
      group.groupTagCount > PRIVACY_MAX_GROUP_TAGS
    )
      throw new RangeError(
        `A report group has 0 to ${PRIVACY_MAX_GROUP_TAGS} group tags, not ${group.groupTagCount}`,
      );
    const members = [...group.people].map((p) => index.get(p) as number).sort((a, b) => a - b);
    const key = members.join(',');
    const known = byPeople.get(key);
    if (known) {
      known.fewestTags = Math.min(known.fewestTags, group.groupTagCount);
      known.ids.push(group.id);
    } else byPeople.set(key, { members, fewestTags: group.groupTagCount, ids: [group.id] });
  }
  // Fewer tags first (the scope, then one tag, then pairs), larger first, then by their people: an
  // order the data alone gives, in which a smaller sibling is the one left out.
  const keyOf = new Map<PeopleClass, string>([...byPeople].map(([k, c]) => [c, k]));
  const classes = [...byPeople.values()].sort(
    (a, b) =>
      a.fewestTags - b.fewestTags ||
      b.members.length - a.members.length ||
      ((keyOf.get(a) as string) < (keyOf.get(b) as string) ? -1 : 1),
  );
  const keys = classes.map((c) => keyOf.get(c) as string);
  const described = describedByFew(classes, keys);
  /** The people a set needs: 8 when the scope or one tag describes it (`describedByFew`), else 5. */
  const setThreshold = (members: readonly number[]) =>
    members.length < PRIVACY_MIN_PARTICIPANTS && described.has([...members].sort((x, y) => x - y).join(','))
      ? PRIVACY_MIN_PARTICIPANTS
      : PRIVACY_MIN_PARTICIPANTS_TWO_TAGS;
  const classThreshold = (i: number) =>
    described.has(keys[i] as string)
      ? PRIVACY_MIN_PARTICIPANTS
      : thresholdOf((classes[i] as PeopleClass).fewestTags);

  const decided = new Map<number, Release>();
  const released: number[] = [];
  let regions: Region[] = [];
  const budget: Budget = { spent: 0 };
  classes.forEach((c, i) => {
    const threshold = classThreshold(i);
    if (c.members.length === 0 || c.members.length < threshold) {
      decided.set(i, { shown: false, reason: 'too-few-people', threshold });
      return;
    }
    const split = splitRegions(regions, c.members, i);
    const safe =
      split.every((r) => r.members.length >= setThreshold(r.members)) ||
      (smallestIsolable([...released, i], split, PRIVACY_MIN_PARTICIPANTS, setThreshold, budget) ?? -1) >= 0;
    if (safe) {
      released.push(i);
      regions = split;
    } else
      decided.set(i, {
        shown: false,
        reason: closeToAnother(classes, i, new Set(released))
          ? 'too-close-to-another-group'
          : 'protects-a-smaller-group',
        threshold,
      });
  });
  for (const i of released)
    decided.set(i, { shown: true, people: (classes[i] as PeopleClass).members.length });

  const releases = new Map<string, Release>();
  classes.forEach((c, i) => {
    for (const id of c.ids) releases.set(id, decided.get(i) as Release);
  });
  // The slack: a lower bound of the people any set one can isolate has beyond its threshold (a
  // set of 8 or more counted against 8).
  const slackThreshold = (members: readonly number[]) =>
    members.length >= PRIVACY_MIN_PARTICIPANTS ? PRIVACY_MIN_PARTICIPANTS : setThreshold(members);
  let byRegions = Infinity;
  for (const region of regions)
    byRegions = Math.min(byRegions, region.members.length - slackThreshold(region.members));
  // The slack has a budget of its own: the decisions may have spent theirs.
  const exact = smallestIsolable(released, regions, PRIVACY_MIN_PARTICIPANTS + SLACK_MAX, slackThreshold, {
    spent: 0,
  });
  const slack =
    regions.length === 0
      ? Infinity
      : Math.max(0, Math.min(SLACK_MAX, byRegions), exact === null ? 0 : Math.min(exact, SLACK_MAX));
  return { releases, slack };
}

/** The most skipped answers a question's check looks for (its slack is counted up to this). */
const SLACK_MAX = 7;

/** The regions once a class is released too: each region split into its people in it and not. */
function splitRegions(regions: readonly Region[], members: readonly number[], c: number): Region[] {
  const inIt = new Set(members);
  const split: Region[] = [];
  const seen = new Set<number>();
  for (const region of regions) {
    const inside = region.members.filter((m) => inIt.has(m));
    const outside = region.members.filter((m) => !inIt.has(m));
    for (const m of inside) seen.add(m);
    if (inside.length) split.push({ members: inside, classes: [...region.classes, c] });
    if (outside.length) split.push({ members: outside, classes: region.classes });
  }
  const fresh = members.filter((m) => !seen.has(m));
  if (fresh.length) split.push({ members: fresh, classes: [c] });
  return split;
}

/** A prime under 2^26: products of two residues stay exact in a double. */
const PRIME = 67_108_859;
const mulMod = (a: number, b: number) => (a * b) % PRIME;
function inverseMod(a: number): number {
  let [result, base, exp] = [1, a % PRIME, PRIME - 2];
  while (exp > 0) {
    if (exp & 1) result = mulMod(result, base);
    base = mulMod(base, base);
    exp = Math.floor(exp / 2);
  }
  return result;
}
/** The most dimensions of sets to enumerate; past it, the check says unsafe. */
const ENUMERATED_DIMENSIONS_MAX = 200;
/** The most combinations one check visits; past it, the check says unsafe. */
const VISITS_MAX = 20_000;

/** What the exact checks of one atom have spent (`ATOM_WORK_MAX`). */
interface Budget {
  spent: number;
}
/**
 * The work (rows² × columns of each elimination, columns of each combination visited) the exact
 * checks of one atom may take, about 30 ms: past it, every check says unsafe, so a large and
 * finely cut atom is decided by the regions alone (safe, showing less).
 */
const ATOM_WORK_MAX = 4_000_000;

/**
 * The exact check: the smallest `|S| − threshold(S)` over the sets S of people, each under `bound`
 * people, whose sum the released classes' figures give by some linear combination (`null` when
 * the check would cost too much: the caller then takes it as unsafe; `Infinity` when there is
 * none). Such an S is a union of regions under `bound` people. Over GF(p): the row space of the
 * classes' indicators over regions, in reduced row echelon form with the larger regions' columns
 * first, leaves the combinations that vanish outside the small regions as the rows whose pivot is
 * a small region's column; every 0/1 vector of their span is enumerated.
 */
function smallestIsolable(
  rows: readonly number[],
  regions: readonly Region[],
  bound: number,
  threshold: (members: readonly number[]) => number,
  budget: Budget,
): number | null {
  const small = regions.filter((r) => r.members.length < bound);
  if (small.length === 0) return Infinity;
  const large = regions.filter((r) => r.members.length >= bound);
  const columns = [...large, ...small];
  const n = columns.length;
  budget.spent += rows.length * rows.length * n;
  if (budget.spent > ATOM_WORK_MAX) return null;
  const position = new Map(rows.map((c, i) => [c, i]));
  const matrix = rows.map(() => new Array<number>(n).fill(0));
  columns.forEach((region, col) => {
    for (const c of region.classes) {
      const row = position.get(c);
      if (row !== undefined) (matrix[row] as number[])[col] = 1;
    }
  });
  // Reduced row echelon form.
  const pivots: { col: number; row: number[] }[] = [];
  let rank = 0;
  for (let col = 0; col < n && rank < matrix.length; col++) {
    let found = -1;
    for (let r = rank; r < matrix.length; r++)
      if ((matrix[r] as number[])[col] !== 0) {
        found = r;
        break;
      }
    if (found < 0) continue;
    [matrix[rank], matrix[found]] = [matrix[found] as number[], matrix[rank] as number[]];
    const pivotRow = matrix[rank] as number[];
    const inverse = inverseMod(pivotRow[col] as number);
    for (let k = col; k < n; k++) pivotRow[k] = mulMod(pivotRow[k] as number, inverse);
    for (let r = 0; r < matrix.length; r++) {
      if (r === rank) continue;
      const row = matrix[r] as number[];
      const factor = row[col] as number;
      if (factor === 0) continue;
      for (let k = col; k < n; k++) {
        const value = pivotRow[k] as number;
        if (value !== 0) row[k] = ((((row[k] as number) - mulMod(factor, value)) % PRIME) + PRIME) % PRIME;
      }
    }
    pivots.push({ col, row: pivotRow });
    rank++;
  }
  const inSmall = pivots
    .filter((p) => p.col >= large.length)
    .map((p) => ({ row: p.row.slice(large.length), people: (columns[p.col] as Region).members.length }));
  if (inSmall.length === 0) return Infinity;
  if (inSmall.length > ENUMERATED_DIMENSIONS_MAX) return null;
  // A combination's coefficient on a row is its value on the row's pivot: a 0/1 set takes each
  // chosen row's pivot region whole, so the choices stop once their people reach the bound.
  let best = Infinity;
  let visits = 0;
  const sum = new Array<number>(small.length).fill(0);
  const visit = (k: number, any: boolean, people: number): boolean => {
    budget.spent += small.length;
    if (++visits > VISITS_MAX || budget.spent > ATOM_WORK_MAX) return false;
    if (k === inSmall.length) {
      if (!any) return true;
      const members: number[] = [];
      for (let j = 0; j < small.length; j++) {
        if (sum[j] === 0) continue;
        if (sum[j] !== 1) return true;
        members.push(...(small[j] as Region).members);
      }
      if (members.length < bound) best = Math.min(best, members.length - threshold(members));
      return true;
    }
    if (!visit(k + 1, any, people)) return false;
    const { row, people: more } = inSmall[k] as { row: number[]; people: number };
    if (people + more >= bound) return true;
    for (let j = 0; j < small.length; j++) sum[j] = ((sum[j] as number) + (row[j] as number)) % PRIME;
    const done = visit(k + 1, true, people + more);
    for (let j = 0; j < small.length; j++) sum[j] = ((sum[j] as number) - (row[j] as number) + PRIME) % PRIME;
    return done;
  };
  if (!visit(0, false, 0)) return null;
  return best;
}

/**
 * The people sets of an atom that need 8 (the threshold of the groups of at most one tag): each
 * group of at most one tag, and what is left of any group without a group of at most one tag
 * inside it (the sphere but a tag's people, a tag but a narrower tag's), when under 8: two nested
 * figures never differ by fewer people than the smaller one's threshold. A set that only two tags
 * or more cut out needs 5.
 */
function describedByFew(classes: readonly PeopleClass[], keys: readonly string[]): Set<string> {
  const few = classes.map((c, i) => ({ c, key: keys[i] as string })).filter(({ c }) => c.fewestTags <= 1);
  const described = new Set(few.map(({ key }) => key));
  for (const outer of classes) {
    let inOuter: Set<number> | undefined;
    for (const { c: inner } of few) {
      const gap = outer.members.length - inner.members.length;
      if (gap <= 0 || gap >= PRIVACY_MIN_PARTICIPANTS) continue;
      inOuter ??= new Set(outer.members);
      if (!inner.members.every((m) => (inOuter as Set<number>).has(m))) continue;
      const inInner = new Set(inner.members);
      described.add(outer.members.filter((m) => !inInner.has(m)).join(','));
    }
  }
  return described;
}

/** Whether a class hidden to protect a region is nested in a released one (or holds one) by few people. */
function closeToAnother(classes: readonly PeopleClass[], i: number, released: ReadonlySet<number>): boolean {
  const own = classes[i] as PeopleClass;
  const mine = new Set(own.members);
  for (const j of released) {
    if (j === i) continue;
    const other = classes[j] as PeopleClass;
    const gap = Math.abs(other.members.length - own.members.length);
    if (gap === 0 || gap >= PRIVACY_MIN_PARTICIPANTS) continue;
    const [small, large] =
      other.members.length < own.members.length
        ? [other.members, mine]
        : [own.members, new Set(other.members)];
    if (small.every((m) => large.has(m))) return true;
  }
  return false;
}

/**
 * Which groups of one atom may be shown: each of the `asked` ids, decided with every group anyone
 * can obtain in that atom (`family`, the asked ones among them) by `releaseAtom`. The same data
 * always gives the same answer, whatever the request.
 */
export function releaseGroups(family: readonly AtomGroup[], asked: readonly string[]): Map<string, Release> {
  const all = releaseAtom(family);
  const answer = new Map<string, Release>();
  for (const id of asked) {
    const release = all.get(id);
    if (!release) throw new Error(`Group ${id} is not in the atom's family`);
    answer.set(id, release);
  }
  return answer;
}

/**
 * A figure over a period: the sum of the atoms where the group was shown. `people` counts the
 * distinct people of those atoms. When no atom was shown, the figure is hidden with the strongest
 * reason of its atoms (protecting a smaller group, then too close to another group, then too few
 * people) and the threshold they gave.
 */
export interface PeriodRelease {
  release: Release;
  /** The atoms whose figures count (in the order given). */
  atoms: string[];
}

export function releaseOverPeriod(
  atoms: readonly { atomId: string; release: Release; people: ReadonlySet<string> }[],
  groupTagCount: number,
): PeriodRelease {
  const shown = atoms.filter((a) => a.release.shown);
  if (shown.length === 0) {
    // The strongest reason of its atoms, with the threshold they gave (a group's people may need
    // more than its tags say, decision 0041).
    const hidden = atoms.flatMap((a) => (a.release.shown ? [] : [a.release]));
    const reason =
      [...HIDDEN_REASONS].reverse().find((r) => hidden.some((h) => h.reason === r)) ?? 'too-few-people';
    const threshold = Math.max(
      minParticipants(groupTagCount),
      ...hidden.filter((h) => h.reason === reason).map((h) => h.threshold),
    );
    return { release: { shown: false, reason, threshold }, atoms: [] };
  }
  const people = new Set<string>();
  for (const atom of shown) for (const person of atom.people) people.add(person);
  return { release: { shown: true, people: people.size }, atoms: shown.map((a) => a.atomId) };
}

/** Why a question of a shown group is hidden: too few people surely answered it. */
export const QUESTION_HIDDEN_REASON = 'too-few-answers' as const;

/**
 * The fewest different people who can have given `answers` answers to one question, out of a
 * group's `surveys` surveys by `people` people in a week: each person gave at least one survey, so
 * at most `surveys − people` of them are a second or later survey of someone (decision 0033).
 */
export function leastAnswerers(answers: number, surveys: number, people: number): number {
  return Math.max(0, answers - Math.max(0, surveys - people));
}

/**
 * Whether one question's (or one additional result's) figure of a shown group-week may be shown:
 * at least as many different people surely answered it as the group needs. A question skipped by
 * most of a shown group is hidden that week (`too-few-answers`), not shown as the few who answered.
 */
export function questionShown(
  answers: number,
  surveys: number,
  people: number,
  groupTagCount: number,
): boolean {
  return leastAnswerers(answers, surveys, people) >= minParticipants(groupTagCount);
}

/**
 * Whether one question's figures of an atom may be shown at all (decision 0041): the atom's
 * answers that skipped it (`surveys − answers` over the whole scope) are at most the atom's
 * `slack`. Every region of the released groups then holds at least its threshold of people who
 * answered the question, so no sum or difference of the question's figures isolates fewer, even
 * where each group alone passes `questionShown`.
 */
export function questionShownInAtom(answers: number, surveys: number, slack: number): boolean {
  return surveys - answers <= slack;
}

/** Whether a group's free text may be shown: the group is shown and has at least 8 people. */
export function freeTextShown(release: Release): boolean {
  return release.shown && release.people >= FREE_TEXT_MIN_PARTICIPANTS;
}

/**
 * What every report answer, page and file carries about its sphere: a study-programme sphere shares
 * its data with researchers, so anonymity is not guaranteed there (spec 01 §1, spec 02 §1).
 */
export function anonymityNotice(sphere: { isStudyProgram: boolean }): { anonymityNotGuaranteed: boolean } {
  return { anonymityNotGuaranteed: sphere.isStudyProgram };
}
