import type { NewFeeling } from '../../functions/feelings/seeding';
import { EMOTION_WORDS } from '../../functions/feelings';
import { feelingColor, feelingEnergy, feelingValue, type Mood } from '@shared/domain/feelings';
import { GOAL_AXES, type GoalLevel } from '@shared/domain/goals';
import { NOTE_TYPES, type NoteType } from '@shared/domain/notes';

/**
 * A year of believable feelings for a demo user, the same on every run for the same user: a few
 * entries most days, fewer at weekends, pleasant more often in summer and at weekends, words from
 * the quadrant, notes now and then, and goals for an Essentials user.
 */
export interface DemoTemperament {
  /** Share of pleasant feelings on an ordinary day (0 … 1). */
  pleasant: number;
  /** Usual energy step (0 … 9). */
  energy: number;
  /** Whether the user records goals (an Essentials feature). */
  goals: boolean;
  language: 'fr' | 'en' | 'nl';
  place: { latitude: number; longitude: number };
}

/** mulberry32: a small deterministic generator, seeded from the user's email. */
export function generator(seed: string): () => number {
  let state = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOTES: Record<DemoTemperament['language'], Record<Mood, readonly string[]>> = {
  fr: {
    good: [
      'Balade au parc avec une amie',
      'Réunion qui s’est bien passée',
      'Bonne nuit de sommeil',
      'Repas en famille, beaucoup de rires',
      'J’ai fini le dossier à temps',
      'Séance de sport au soleil',
    ],
    bad: [
      'Trop de mails, pas assez de temps',
      'Dispute au téléphone',
      'Mal dormi, réveil difficile',
      'Embouteillages ce matin',
      'Je me sens seul ce soir',
      'Deadline repoussée encore une fois',
    ],
  },
  en: {
    good: [
      'Walk in the park with a friend',
      'The meeting went well',
      'Slept really well',
      'Family dinner, lots of laughs',
      'Finished the report on time',
      'Workout in the sun',
    ],
    bad: [
      'Too many emails, not enough time',
      'Argument on the phone',
      'Slept badly, hard to get up',
      'Stuck in traffic this morning',
      'Feeling lonely tonight',
      'Deadline moved again',
    ],
  },
  nl: {
    good: [
      'Wandeling in het park met een vriendin',
      'De vergadering liep goed',
      'Heel goed geslapen',
      'Etentje met de familie, veel gelachen',
      'Het verslag op tijd af',
      'Sporten in de zon',
    ],
    bad: [
      'Te veel mails, te weinig tijd',
      'Ruzie aan de telefoon',
      'Slecht geslapen, moeilijk opgestaan',
      'Vanochtend in de file',
      'Vanavond voel ik me eenzaam',
      'De deadline is weer verschoven',
    ],
  },
};

const DAY_MS = 86_400_000;

export function demoFeelings(
  email: string,
  temperament: DemoTemperament,
  now: Date = new Date(),
  days = 365,
): Omit<NewFeeling, 'userId'>[] {
  const random = generator(email);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const ranked = [...GOAL_AXES].sort(() => random() - 0.5).slice(0, 6);
  const feelings: Omit<NewFeeling, 'userId'>[] = [];

  for (let back = days; back >= 0; back--) {
    const date = new Date(now.getTime() - back * DAY_MS);
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
    if (random() < 0.12) continue;
    const count = weekend ? between(0, 2) : between(1, 3);
    const season = 0.12 * Math.cos((2 * Math.PI * (date.getUTCMonth() - 6)) / 12);
    for (let i = 0; i < count; i++) {
      const hour = between(7, 21);
      const at = new Date(
        Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hour - 1, between(0, 59)),
      );
      if (at.getTime() >= now.getTime()) continue;
      const mood: Mood = random() < temperament.pleasant + season + (weekend ? 0.1 : 0) ? 'good' : 'bad';
      const intensity = mood === 'good' ? between(3, 9) : between(2, 8);
      const energy = Math.min(
        9,
        Math.max(0, temperament.energy + between(-4, 4) + (hour < 11 ? 1 : hour > 19 ? -2 : 0)),
      );
      const value = feelingValue(intensity, mood);
      const color = feelingColor(value, feelingEnergy(energy));
      const word = random() < 0.85 ? pick(EMOTION_WORDS.filter((w) => w.color === color)) : undefined;
      const notes =
        random() < 0.3
          ? [{ id: 1, value: pick(NOTES[temperament.language][mood]), type: pick<NoteType>(NOTE_TYPES) }]
          : [];
      const goals =
        temperament.goals && random() < 0.35
          ? ranked
              .filter(() => random() < 0.3)
              .slice(0, 2)
              .map((goal) => ({
                id: goal.id,
                level: ((mood === 'good' ? 1 : -1) * between(1, 2)) as GoalLevel,
                ranking: ranked.indexOf(goal) + 1,
              }))
          : [];
      feelings.push({
        value,
        energy: feelingEnergy(energy),
        color,
        ...(word ? { wordId: word.id } : {}),
        evaluationPeriod: { value: 0, type: 'none' },
        geoPoint: {
          latitude: Math.round((temperament.place.latitude + (random() - 0.5) / 50) * 1e5) / 1e5,
          longitude: Math.round((temperament.place.longitude + (random() - 0.5) / 50) * 1e5) / 1e5,
        },
        locale: 'Europe/Brussels',
        personalNotes: notes,
        goals,
        timestamp: at.toISOString(),
      });
    }
  }
  return feelings;
}
