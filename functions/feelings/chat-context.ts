import type { FeelingColor } from '@shared/domain/feelings';
import { findFeeling } from './repository';
import { EMOTION_WORDS } from './words';

/** What the assistant may know of a feeling (decision 0054): never its notes. */
export interface FeelingChatContext {
  feelingId: string;
  value: number;
  energy: number;
  color: FeelingColor;
  word?: { fr: string; en: string; nl: string } | undefined;
  /** The goals it touches, by id, with their level (−2 … 2). */
  goals: { id: string; level: number }[];
}

/** One of the person's own feelings as the assistant's context; null when it is not theirs. */
export async function feelingChatContext(
  userId: string,
  feelingId: string,
): Promise<FeelingChatContext | null> {
  const feeling = await findFeeling(userId, feelingId);
  if (!feeling) return null;
  const word = EMOTION_WORDS.find((w) => w.id === feeling.wordId);
  return {
    feelingId,
    value: feeling.value,
    energy: feeling.energy,
    color: feeling.color,
    word: word?.label,
    goals: feeling.goals.map((g) => ({ id: g.id, level: g.level })),
  };
}
