import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { TranslateClient, TranslateTextCommand } from '@aws-sdk/client-translate';
import { configureHandlers } from '../lib/environment';
import { protectPlaceholders, restorePlaceholders } from '../lib/translate';
import { translate } from './service';

const engine = mockClient(TranslateClient);

function useProvider(provider: 'amazon-translate' | 'local') {
  configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT', TRANSLATION_PROVIDER: provider });
}

beforeEach(() => {
  engine.reset();
});

describe('translations through Amazon Translate', () => {
  it('asks the engine once per target, from the source language, and answers each text as translated', async () => {
    useProvider('amazon-translate');
    engine
      .on(TranslateTextCommand, { TargetLanguageCode: 'en' })
      .resolves({ TranslatedText: 'How are you?' });
    engine
      .on(TranslateTextCommand, { TargetLanguageCode: 'nl' })
      .resolves({ TranslatedText: 'Hoe gaat het?' });
    const answer = await translate({ text: 'Comment allez-vous ?', lang: 'fr', targets: ['en', 'nl'] });
    expect(answer).toEqual({
      provider: 'amazon-translate',
      translated: true,
      translations: { en: 'How are you?', nl: 'Hoe gaat het?' },
    });
    const calls = engine.commandCalls(TranslateTextCommand).map((c) => c.args[0].input);
    expect(calls).toEqual([
      { Text: 'Comment allez-vous ?', SourceLanguageCode: 'fr', TargetLanguageCode: 'en' },
      { Text: 'Comment allez-vous ?', SourceLanguageCode: 'fr', TargetLanguageCode: 'nl' },
    ]);
  });

  it('keeps template placeholders out of the translation and puts them back as they were', async () => {
    useProvider('amazon-translate');
    engine.on(TranslateTextCommand).callsFake(async (input: { Text: string }) => ({
      TranslatedText: input.Text.replace('Bonjour', 'Hello').replace('comment vas-tu', 'how are you'),
    }));
    const answer = await translate({
      text: 'Bonjour {firstName}, comment vas-tu ?',
      lang: 'fr',
      targets: ['en'],
    });
    expect(engine.commandCalls(TranslateTextCommand)[0]?.args[0].input.Text).toBe(
      'Bonjour <span translate="no">{firstName}</span>, comment vas-tu ?',
    );
    expect(answer.translations.en).toBe('Hello {firstName}, how are you ?');
  });

  it('lets an engine failure through rather than answering a copy', async () => {
    useProvider('amazon-translate');
    engine.on(TranslateTextCommand).rejects(new Error('ThrottlingException'));
    await expect(translate({ text: 'Bonjour', lang: 'fr', targets: ['en'] })).rejects.toThrow(
      'ThrottlingException',
    );
  });
});

describe('translations on the local stack', () => {
  it('copies the source into each target and says it is not translated, without calling any engine', async () => {
    useProvider('local');
    const answer = await translate({ text: 'Comment allez-vous ?', lang: 'fr', targets: ['en', 'nl'] });
    expect(answer).toEqual({
      provider: 'local',
      translated: false,
      translations: { en: 'Comment allez-vous ?', nl: 'Comment allez-vous ?' },
    });
    expect(engine.commandCalls(TranslateTextCommand)).toHaveLength(0);
  });
});

describe('placeholder marks', () => {
  it('survive spaces the engine adds inside the mark', () => {
    expect(restorePlaceholders('Hi <span translate="no"> {name} </span>!')).toBe('Hi {name}!');
    expect(restorePlaceholders(protectPlaceholders('{a} and {b.c}'))).toBe('{a} and {b.c}');
  });

  it('keep exactly what a form template replaces: an answer id in braces', () => {
    expect(protectPlaceholders('{answer_1-b} and { text }')).toBe(
      '<span translate="no">{answer_1-b}</span> and { text }',
    );
  });
});
