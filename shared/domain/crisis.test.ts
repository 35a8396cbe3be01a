import { describe, expect, it } from 'vitest';
import { isVeryLowFeeling, needsSafetyStep, riskOf } from './crisis';

/** Written sets of phrases: what must be heard, and what must not raise an alarm. */
const HIGH = {
  en: [
    'I want to die',
    'Honestly I just want to kill myself',
    "I don't want to live anymore",
    'Everyone would be better off without me.',
    "I'm thinking about ending my life",
    'I feel suicidal tonight',
    'there is no reason to go on',
  ],
  fr: [
    'J’ai envie de mourir',
    'je veux me tuer',
    'Je ne veux plus vivre',
    'je pense à mettre fin à mes jours',
    'Je n’ai plus envie de vivre',
    'ils seraient mieux sans moi',
    'JE SUIS SUICIDAIRE',
  ],
  nl: [
    'Ik wil dood',
    'ik denk aan zelfmoord',
    'Ik wil niet meer leven',
    'ik wil er een einde aan maken',
    'Iedereen is beter af zonder mij',
    'ik wil mezelf iets aandoen',
  ],
};

const CONCERN = {
  en: ['I just cannot take it anymore', 'Everything feels hopeless'],
  fr: ['Je n’en peux plus', 'parfois j’aimerais disparaître'],
  nl: ['Ik kan het niet meer', 'alles voelt hopeloos'],
};

const NONE = {
  en: [
    "I'm not suicidal, just tired",
    'I would never kill myself, I just need a break',
    "I don't want to die, I want this stress to stop",
    'My favourite song is "I want to die in your arms"',
    'This deadline is killing me',
    'I am so happy today',
  ],
  fr: [
    'Je ne veux pas mourir, je veux juste dormir',
    'Je n’ai jamais eu envie de mourir',
    'Le film « Envie de mourir de rire » était drôle',
    'je suis crevé mais ça va',
    'Ce travail me tue', // a figure of speech, not the person's own act
  ],
  nl: [
    'Ik wil niet dood, ik wil rust',
    'Ik ben nooit suicidaal geweest',
    'Het boek "Ik wil dood" las ik op school',
    'Ik ben moe maar blij',
  ],
};

describe('riskOf: one message', () => {
  for (const [language, phrases] of Object.entries(HIGH))
    it(`hears plainly said risk in ${language}`, () => {
      for (const phrase of phrases) expect(riskOf(phrase), phrase).toBe('high');
    });

  for (const [language, phrases] of Object.entries(CONCERN))
    it(`notes a sign of concern in ${language}`, () => {
      for (const phrase of phrases) expect(riskOf(phrase), phrase).toBe('concern');
    });

  for (const [language, phrases] of Object.entries(NONE))
    it(`counts neither denial, quotes nor figures of speech in ${language}`, () => {
      for (const phrase of phrases) expect(riskOf(phrase), phrase).toBe('none');
    });

  it('reads a plain statement after a denied one in the same message', () => {
    expect(riskOf("I'm not tired, but I want to die")).toBe('high');
    expect(riskOf('Je ne suis pas fatigué. J’ai envie de mourir.')).toBe('high');
  });
});

describe('needsSafetyStep: over the turns of a conversation', () => {
  it('stops at once on a plain statement, even after the person said no', () => {
    expect(needsSafetyStep(['none', 'high'], false)).toBe(true);
    expect(needsSafetyStep(['high', 'none', 'high'], true)).toBe(true);
  });

  it('asks after two signs of concern among the latest messages, not after one', () => {
    expect(needsSafetyStep(['none', 'concern'], false)).toBe(false);
    expect(needsSafetyStep(['concern', 'none', 'concern'], false)).toBe(true);
    // Older than the look-back: forgotten.
    expect(needsSafetyStep(['concern', 'none', 'none', 'none', 'concern'], false)).toBe(false);
  });

  it('does not dismiss a sign after one "no": a single sign asks again', () => {
    expect(needsSafetyStep(['high', 'none', 'concern'], true)).toBe(true);
  });

  it('never stops on a message without sign', () => {
    expect(needsSafetyStep(['high', 'concern', 'none'], true)).toBe(false);
  });
});

describe('isVeryLowFeeling', () => {
  it('is the last step of both histograms only', () => {
    expect(isVeryLowFeeling({ value: -1, energy: 0.1 })).toBe(true);
    expect(isVeryLowFeeling({ value: -0.9, energy: 0.1 })).toBe(false);
    expect(isVeryLowFeeling({ value: -1, energy: 0.2 })).toBe(false);
    expect(isVeryLowFeeling({ value: 1, energy: 0.1 })).toBe(false);
  });
});
