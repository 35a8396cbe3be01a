import type { Language } from '@shared/contracts/headers';
import { clampSummary, type ChatMode } from '@shared/domain/chat';
import type { FeelingColor } from '@shared/domain/feelings';
import { STRATEGIES, type Technique } from '@shared/domain/regulation';
import type { Assistant, Reply, ReplyInput } from './assistant';

/**
 * The local assistant (decision 0054): what `npm start` and the tests answer with, since no model
 * runs on this machine. It is scripted, and the dialog says so. It asks the scripted context
 * questions one after another (spec 02 §4), then offers techniques from the product's regulation
 * content (shared/domain/regulation.ts) chosen by the feeling's quadrant and the mode, then a short
 * acknowledgement that leaves room. It never diagnoses and says it is not a therapist. It streams
 * its reply word by word like the model, so the whole experience shows locally.
 */

type Say = Record<Language, string>;
const say = (fr: string, en: string, nl: string): Say => ({ fr, en, nl });

interface Question {
  id: string;
  text: Say;
}

const QUESTIONS: Record<ChatMode, readonly Question[]> = {
  explore: [
    {
      id: 'what-happened',
      text: say(
        'Merci de partager cela. Qu’est-ce qui s’est passé juste avant que vous ressentiez cela ?',
        'Thank you for sharing this. What happened just before you started feeling this way?',
        'Bedankt dat je dit deelt. Wat gebeurde er net voordat je je zo begon te voelen?',
      ),
    },
    {
      id: 'where-in-body',
      text: say(
        'Où le sentez-vous dans votre corps, en ce moment ?',
        'Where do you notice it in your body right now?',
        'Waar merk je het op dit moment in je lichaam?',
      ),
    },
    {
      id: 'what-need',
      text: say(
        'Si ce sentiment pouvait parler, de quoi dirait-il avoir besoin ?',
        'If this feeling could speak, what would it say it needs?',
        'Als dit gevoel kon praten, wat zou het zeggen dat het nodig heeft?',
      ),
    },
  ],
  'regain-control': [
    {
      id: 'how-strong',
      text: say(
        'Je suis là. De 1 à 10, quelle est la force de ce que vous ressentez maintenant ?',
        'I am here with you. From 1 to 10, how strong is what you feel right now?',
        'Ik ben hier. Van 1 tot 10, hoe sterk is wat je nu voelt?',
      ),
    },
    {
      id: 'what-in-hands',
      text: say(
        'Qu’est-ce qui, dans cette situation, dépend de vous, même un tout petit peu ?',
        'What in this situation is in your hands, even a little?',
        'Wat heb jij in deze situatie in handen, al is het maar een beetje?',
      ),
    },
  ],
};

/** Which strategies to offer first: by mode, then by the feeling's quadrant. */
function strategiesFor(mode: ChatMode, color: FeelingColor | undefined): string[] {
  if (mode === 'regain-control') return ['calm-body', 'ground-attention', 'reframe'];
  switch (color) {
    case 'red':
      return ['calm-body', 'reframe', 'move'];
    case 'blue':
      return ['move', 'connect', 'reframe'];
    case 'green':
    case 'yellow':
      return ['ground-attention', 'connect', 'reframe'];
    default:
      return ['ground-attention', 'calm-body', 'connect'];
  }
}

const OFFER = say(
  'Voici quelque chose que vous pouvez essayer maintenant : « {title} ». {why} {first}',
  'Here is something you could try now: “{title}”. {why} {first}',
  'Hier is iets wat je nu kunt proberen: ‘{title}’. {why} {first}',
);
const FIRST_STEP = say('Première étape : {step}', 'First step: {step}', 'Eerste stap: {step}');
const AFTER = say(
  'Prenez le temps qu’il vous faut. Je ne suis pas thérapeute, mais je peux vous accompagner pas à pas. Comment vous sentez-vous après avoir essayé ?',
  'Take the time you need. I am not a therapist, but I can walk through it with you. How do you feel after trying it?',
  'Neem de tijd die je nodig hebt. Ik ben geen therapeut, maar ik kan je stap voor stap begeleiden. Hoe voel je je nadat je het hebt geprobeerd?',
);
const LISTEN = say(
  'Je vous entends. Ce que vous ressentez compte. Voulez-vous en dire un peu plus, ou essayer une autre technique ?',
  'I hear you. What you feel matters. Would you like to say a little more, or try another technique?',
  'Ik hoor je. Wat je voelt, telt. Wil je er iets meer over vertellen, of een andere techniek proberen?',
);
const HELLO = say('{name}, ', '{name}, ', '{name}, ');

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

function techniquesFor(input: ReplyInput): Technique[] {
  const order = strategiesFor(input.mode, input.feeling?.color);
  return order.flatMap((id) => STRATEGIES.find((s) => s.id === id)?.techniques.slice(0, 2) ?? []);
}

/** What the local assistant says next: the next question, else the next technique, else it listens. */
export function localReply(input: ReplyInput): Omit<Reply, 'end'> {
  const { language, mode } = input;
  const asked = new Set(input.turns.map((t) => t.contextId).filter(Boolean));
  const offered = new Set(input.turns.map((t) => t.cardId).filter(Boolean));
  const first = input.turns.filter((t) => t.user === 'assistant').length === 0;
  const greeting = first && input.userName ? fill(HELLO[language], { name: input.userName }) : '';
  const question = QUESTIONS[mode].find((q) => !asked.has(q.id));
  if (question) {
    const text = question.text[language];
    return {
      text: greeting ? `${greeting}${text.charAt(0).toLowerCase()}${text.slice(1)}` : text,
      contextId: question.id,
    };
  }
  const technique = techniquesFor(input).find((t) => !offered.has(t.id));
  if (technique) {
    const step = technique.steps[0]?.[language] ?? '';
    return {
      text: `${fill(OFFER[language], {
        title: technique.title[language],
        why: technique.why[language],
        first: fill(FIRST_STEP[language], { step }),
      })} ${AFTER[language]}`,
      cardId: technique.id,
    };
  }
  return { text: LISTEN[language] };
}

const SUMMARY = say(
  'Vous avez parlé de {feeling}. Au départ : « {start} ». {techniques}Merci d’avoir pris ce temps pour vous.',
  'You talked about {feeling}. At the start: “{start}”. {techniques}Thank you for taking this time for yourself.',
  'Je sprak over {feeling}. In het begin: ‘{start}’. {techniques}Bedankt dat je deze tijd voor jezelf nam.',
);
const TRIED = say(
  'Techniques proposées : {list}. ',
  'Techniques offered: {list}. ',
  'Voorgestelde technieken: {list}. ',
);
const A_FEELING = say('ce que vous ressentiez', 'what you were feeling', 'wat je voelde');

/** The closing summary of the local assistant: what the feeling was, how it started, what was offered. */
export function localSummary(input: ReplyInput): string {
  const { language } = input;
  const start = input.turns.find((t) => t.user === 'me')?.text ?? '';
  const offered = input.turns
    .map((t) => t.cardId)
    .filter((id): id is string => id !== undefined)
    .map((id) => STRATEGIES.flatMap((s) => s.techniques).find((t) => t.id === id)?.title[language])
    .filter((title): title is string => title !== undefined);
  const feeling = input.feeling?.word?.[language]?.toLowerCase() ?? A_FEELING[language];
  return clampSummary(
    fill(SUMMARY[language], {
      feeling,
      start: start.length > 160 ? `${start.slice(0, 157).trimEnd()}…` : start,
      techniques: offered.length ? fill(TRIED[language], { list: offered.join(', ') }) : '',
    }),
  );
}

/** The pause between two streamed words, in ms: a reply of 60 words takes about a second. */
const WORD_MS = Number(process.env.LOCAL_ASSISTANT_WORD_MS ?? 15);

export const localAssistant: Assistant = {
  kind: 'local',
  async reply(input, onText) {
    const reply = localReply(input);
    const words = reply.text.split(' ');
    for (let i = 1; i <= words.length; i++) {
      if (WORD_MS > 0) await new Promise((resolve) => setTimeout(resolve, WORD_MS));
      await onText(words.slice(0, i).join(' '));
    }
    return { ...reply, end: 'complete' };
  },
  async summarise(input) {
    return Promise.resolve(localSummary(input));
  },
};
