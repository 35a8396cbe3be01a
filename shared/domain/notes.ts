/** Personal notes on a feeling (spec 01 §3 Personal note, §5, §9). */

export const NOTE_TYPES = ['general', 'private', 'professional', 'friends', 'family'] as const;
export type NoteType = (typeof NOTE_TYPES)[number];

export const NOTE_MAX_LENGTH = 500;

export interface PersonalNote {
  id: number;
  value: string;
  type: NoteType;
}

/** A new note's id: the highest id of the list plus one (1 for the first note). */
export function nextNoteId(notes: readonly Pick<PersonalNote, 'id'>[]): number {
  return notes.reduce((highest, note) => Math.max(highest, note.id), 0) + 1;
}

/** What is wrong with a note's text (the spec's keys), or undefined when it may be saved. */
export function noteProblem(value: string): 'required' | 'length-out-of-range-error' | undefined {
  if (value.trim() === '') return 'required';
  if (value.length > NOTE_MAX_LENGTH) return 'length-out-of-range-error';
  return undefined;
}
