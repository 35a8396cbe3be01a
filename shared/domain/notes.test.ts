import { describe, expect, it } from 'vitest';
import { NOTE_MAX_LENGTH, NOTE_TYPES, nextNoteId, noteProblem } from './notes';

describe('personal notes', () => {
  it('the five types of spec 01 §3', () => {
    expect(NOTE_TYPES).toEqual(['general', 'private', 'professional', 'friends', 'family']);
  });

  it.each([
    [[], 1],
    [[{ id: 1 }], 2],
    [[{ id: 1 }, { id: 2 }, { id: 3 }], 4],
    [[{ id: 7 }, { id: 2 }], 8],
    [[{ id: 3 }, { id: 1 }], 4],
  ])('after ids %j the new id is %i (highest plus one, gaps kept)', (notes, id) => {
    expect(nextNoteId(notes)).toBe(id);
  });

  it('a note holds at most 500 characters', () => {
    expect(NOTE_MAX_LENGTH).toBe(500);
    expect(noteProblem('a'.repeat(500))).toBeUndefined();
    expect(noteProblem('a'.repeat(501))).toBe('length-out-of-range-error');
  });

  it.each(['', '   ', '\n\t'])('an empty note (%j) is refused as required', (value) => {
    expect(noteProblem(value)).toBe('required');
  });

  it('accents and emoji count as the characters they are', () => {
    expect(noteProblem('é'.repeat(500))).toBeUndefined();
  });
});
