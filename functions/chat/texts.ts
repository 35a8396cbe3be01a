import type { Language } from '@shared/contracts/headers';

/**
 * What the chat says itself, outside any assistant (decision 0054): the safety step's question and
 * answers. Written for this product, plain and calm; they never diagnose and never name a condition.
 * The numbers to call are shown by the safety step itself, for the person's country
 * (shared/domain/crisis-lines.ts); 112 answers everywhere in the European Union.
 */
type Say = Record<Language, string>;

export const SAFETY_QUESTION: Say = {
  fr: 'Ce que vous écrivez me fait m’inquiéter pour vous, et je préfère vous le demander directement : pensez-vous à mettre fin à votre vie, ou à vous faire du mal ?',
  en: 'What you wrote makes me worried about you, and I would rather ask you directly: are you thinking about ending your life, or about hurting yourself?',
  nl: 'Wat je schrijft, maakt me ongerust over je, en ik vraag het liever rechtstreeks: denk je eraan een einde aan je leven te maken, of jezelf pijn te doen?',
};

export const SAFETY_RESOURCES: Say = {
  fr: 'Merci de me l’avoir dit. Vous comptez, et vous n’avez pas à traverser cela seul·e. Je ne suis pas la bonne aide pour ce moment : parlez maintenant à quelqu’un qui peut vous aider, les numéros ci-dessous répondent. En cas de danger immédiat, appelez le 112.',
  en: 'Thank you for telling me. You matter, and you do not have to go through this alone. I am not the right help for this moment: please talk now to someone who can help, the numbers below answer. If you are in immediate danger, call 112.',
  nl: 'Bedankt dat je het me vertelt. Je bent belangrijk, en je hoeft hier niet alleen door. Ik ben niet de juiste hulp voor dit moment: praat nu met iemand die kan helpen, de nummers hieronder nemen op. Ben je in onmiddellijk gevaar, bel dan 112.',
};

export const SAFETY_REMINDER: Say = {
  fr: 'Je reste là, mais je ne peux pas vous accompagner comme il le faudrait maintenant. Les personnes des numéros ci-dessous le peuvent, de jour comme de nuit. En cas de danger immédiat, appelez le 112.',
  en: 'I am still here, but I cannot support you the way you need right now. The people behind the numbers below can, day and night. If you are in immediate danger, call 112.',
  nl: 'Ik ben er nog, maar ik kan je nu niet steunen zoals nodig is. De mensen achter de nummers hieronder kunnen dat, dag en nacht. Ben je in onmiddellijk gevaar, bel dan 112.',
};

export const SAFETY_DENIED: Say = {
  fr: 'Merci d’avoir répondu. Si cela change, dites-le-moi : le 112 répond aussi à toute heure. Voulez-vous que nous continuions ?',
  en: 'Thank you for answering. If that changes, tell me: 112 also answers at any hour. Shall we go on?',
  nl: 'Bedankt voor je antwoord. Als dat verandert, zeg het me: 112 neemt ook op elk uur op. Zullen we verdergaan?',
};

export const SAFETY_SUMMARY: Say = {
  fr: 'Cette conversation s’est arrêtée pour vous proposer de l’aide. Vous pouvez appeler le 112 à tout moment, et les lignes d’écoute de votre pays.',
  en: 'This conversation stopped to offer you help. You can call 112 at any time, and the listening lines of your country.',
  nl: 'Dit gesprek stopte om je hulp aan te bieden. Je kunt altijd 112 bellen, en de luisterlijnen van je land.',
};
