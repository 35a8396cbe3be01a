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
export const HIDDEN_REASONS = ['too-few-people', 'too-close-to-another-group'] as const;
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

function containsStrictly(outer: ReadonlySet<string>, inner: ReadonlySet<string>): boolean {
  if (outer.size <= inner.size) return false;
  for (const person of inner) if (!outer.has(person)) return false;
  return true;
}

/**
 * Which groups of one atom may be shown: each of the `asked` ids, decided from every group the
 * caller can obtain in that atom (`family`, the asked ones among them). A group is shown when it
 * has its threshold of people and no *shown* group that strictly holds it has fewer than that
 * threshold more people. Larger groups are decided first, so the answer does not depend on the
 * order of the family nor on what was asked: the same data always gives the same answer, whatever
 * the request.
 */
export function releaseGroups(family: readonly AtomGroup[], asked: readonly string[]): Map<string, Release> {
  const byId = new Map(family.map((g) => [g.id, g]));
  const decided = new Map<string, Release>();

  const decide = (group: AtomGroup): Release => {
    const known = decided.get(group.id);
    if (known) return known;
    const threshold = minParticipants(group.groupTagCount);
    let release: Release;
    if (group.people.size < threshold) release = { shown: false, reason: 'too-few-people', threshold };
    else {
      release = { shown: true, people: group.people.size };
      for (const other of family) {
        if (other.id === group.id || !containsStrictly(other.people, group.people)) continue;
        // A strictly larger group is decided first (containment has no cycles).
        if (!decide(other).shown) continue;
        if (other.people.size - group.people.size < threshold) {
          release = { shown: false, reason: 'too-close-to-another-group', threshold };
          break;
        }
      }
    }
    decided.set(group.id, release);
    return release;
  };

  const answer = new Map<string, Release>();
  for (const id of asked) {
    const group = byId.get(id);
    if (!group) throw new Error(`Group ${id} is not in the atom's family`);
    answer.set(id, decide(group));
  }
  return answer;
}

/**
 * A figure over a period: the sum of the atoms where the group was shown. `people` counts the
 * distinct people of those atoms. When no atom was shown, the figure is hidden with the reason of
 * the atoms (too close to another group if any atom was, else too few people).
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
  const threshold = minParticipants(groupTagCount);
  const shown = atoms.filter((a) => a.release.shown);
  if (shown.length === 0) {
    const close = atoms.some((a) => !a.release.shown && a.release.reason === 'too-close-to-another-group');
    return {
      release: { shown: false, reason: close ? 'too-close-to-another-group' : 'too-few-people', threshold },
      atoms: [],
    };
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
