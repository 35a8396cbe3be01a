/**
 * Signs that a person may be at risk for their life, in what they write to the assistant (decision
 * 0054), without I/O. A first filter of the product's own, beside the model's guardrail: it reads
 * French, English and Dutch, counts neither what is denied ("I would never kill myself") nor what
 * is quoted ("the song 'I want to die'"), and is re-checked over the turns of a conversation rather
 * than dismissed after one "no". It errs on the side of asking: a false alarm costs a question, a
 * missed one may cost much more.
 *
 * It is not a diagnosis and never names one; it decides only whether the assistant stops coaching
 * and asks the person, then shows who to call.
 */

/** `high`: says it plainly (wanting to die, to kill oneself); `concern`: a sign worth asking about. */
export type RiskLevel = 'none' | 'concern' | 'high';

/** Lowercase, accents off, one kind of apostrophe, one space: the patterns are written for this. */
export function normaliseForRisk(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Quoted words are someone else's (a song, a title, a friend's words): they are left out. */
function withoutQuotes(text: string): string {
  return text.replace(/"[^"]*"|«[^»]*»|“[^”]*”|„[^“”]*[“”]/g, ' ');
}

const HIGH: readonly RegExp[] = [
  // English
  // "Killing me" is a figure of speech ("this deadline is killing me"): only "myself" counts.
  /\b(kill|killing|hurt|hurting|harm|harming) myself\b/,
  /\b(end|ending|take|taking) (my|my own) life\b/,
  /\bsuicidal\b/,
  /\b(commit|committing) suicide\b/,
  /\b(want|wanted|going|wish|planning) to die\b/,
  /\b(wish|want) (i was|i were|to be) dead\b/,
  /\bbetter off (dead|without me)\b/,
  /\b(no|any) (reason|point) (to|in) (live|living|go on|going on)\b/,
  /\b(don't|do not|dont) want to (live|be alive|wake up)( anymore| any more)?\b/,
  /\bend it all\b/,
  // French
  /\bme (tuer|suicider|faire du mal|foutre en l'air)\b/,
  /\b(suicidaire|suicider)\b/,
  /\b(envie|veux|voudrais|vais|prefererais) (de )?mourir\b/,
  /\b(mettre|mette) fin a (mes jours|ma vie)\b/,
  /\ben finir (avec la vie)?\b/,
  // The negation is the statement's own: the match starts with it, so it does not deny it.
  /\b(n'ai |n'avoir |ne |n')?(plus|pas) envie de vivre\b/,
  /\bne (veux|voudrais) plus vivre\b/,
  /\b(mieux|mieux vaut) sans moi\b/,
  /\bplus (aucune|de) raison de vivre\b/,
  // Dutch
  /\bzelfmoord\b/,
  /\bsuicidaal\b/,
  /\bmezelf (van kant maken|doden|iets aandoen|pijn doen|ombrengen)\b/,
  /\b(wil|wou|zou willen) (dood|sterven)\b/,
  /\bdood (willen|wil) zijn\b/,
  /\bniet meer (willen )?leven\b/,
  /\ber een (einde|eind) aan( willen)? maken\b/,
  /\bbeter af zonder mij\b/,
  /\bgeen reden (meer )?om te leven\b/,
];

const CONCERN: readonly RegExp[] = [
  /\bsuicide\b/,
  /\b(can't|cannot|cant) (go on|take it anymore|take it any more)\b/,
  /\bhopeless\b/,
  /\bdisappear for good\b/,
  /\bself[- ]harm\b/,
  /\b(disparaitre|disparaître)\b/,
  /\bje n'en peux plus\b/,
  /\bsans espoir\b/,
  /\bscarifi\w*\b/,
  /\bik kan (het )?niet meer\b/,
  /\bhopeloos\b/,
  /\bverdwijnen\b/,
  /\bzelfbeschadiging\b/,
];

/** Words that deny what follows them in the same clause. */
const NEGATORS =
  /\b(not|never|no|don't|dont|do not|won't|wouldn't|ne|n'|pas|jamais|aucunement|niet|nooit|geen)\b|n't\b/;

/** The clause before a match: back to the last punctuation, at most five words. */
function clauseBefore(text: string, index: number): string {
  const before = text.slice(0, index);
  const clause = before.split(/[.!?;,:\n]|\b(but|mais|maar)\b/).at(-1) ?? '';
  return clause.split(' ').filter(Boolean).slice(-5).join(' ');
}

function matches(text: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((pattern) => {
    const global = new RegExp(pattern.source, 'g');
    for (const match of text.matchAll(global)) {
      if (!NEGATORS.test(clauseBefore(text, match.index))) return true;
    }
    return false;
  });
}

/** The risk one message shows, on its own. */
export function riskOf(message: string): RiskLevel {
  const text = withoutQuotes(normaliseForRisk(message));
  if (matches(text, HIGH)) return 'high';
  if (matches(text, CONCERN)) return 'concern';
  return 'none';
}

/** How many of the latest messages the check looks back over. */
export const RISK_LOOKBACK = 4;

/**
 * Whether the conversation goes to the safety step, from the risk of each of the person's messages
 * (oldest first, the new one last) and whether they already said there was no danger:
 * - a message that says it plainly does, every time, even after a "no";
 * - signs of concern do when two of the latest messages show them;
 * - once the person said "no", a single sign of concern does: a "no" is heard, not taken as the end.
 */
export function needsSafetyStep(risks: readonly RiskLevel[], deniedBefore: boolean): boolean {
  const latest = risks.at(-1) ?? 'none';
  if (latest === 'high') return true;
  if (latest === 'none') return false;
  if (deniedBefore) return true;
  return risks.slice(-RISK_LOOKBACK).filter((r) => r !== 'none').length >= 2;
}

/**
 * A feeling so low (the most unpleasant value, −1, and the lowest energy, 0.1: the last step of
 * both histograms, shared/domain/feelings.ts) that the product offers the same resources without
 * any chat.
 */
export const isVeryLowFeeling = (feeling: { value: number; energy: number }): boolean =>
  feeling.value <= -0.95 && feeling.energy <= 0.15;
