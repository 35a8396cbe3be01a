import { afterEach, describe, expect, it } from 'vitest';
import { configureHandlers } from './environment';
import { webOrigin } from './config';

const base = { TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT' };

afterEach(() => configureHandlers({ WEB_ORIGIN: undefined, ALLOWED_ORIGIN: undefined }));

describe('webOrigin()', () => {
  it('answers the configured origin, the one origin of the links in mails and texts', () => {
    configureHandlers({ ...base, WEB_ORIGIN: 'https://d1234abcd.cloudfront.net' });
    expect(webOrigin()).toBe('https://d1234abcd.cloudfront.net');
    configureHandlers({ ...base, WEB_ORIGIN: 'http://127.0.0.1:51234/' });
    expect(webOrigin()).toBe('http://127.0.0.1:51234');
  });

  it('refuses to guess when it is unset, even with an allowed origin or none', () => {
    configureHandlers({ ...base, WEB_ORIGIN: undefined, ALLOWED_ORIGIN: 'https://app.example.be' });
    expect(() => webOrigin()).toThrow(/WEB_ORIGIN is not set/);
    configureHandlers({ ...base, WEB_ORIGIN: undefined, ALLOWED_ORIGIN: undefined });
    expect(() => webOrigin()).toThrow(/WEB_ORIGIN is not set/);
  });

  it.each([
    'https://app.example.be/path',
    'https://app.example.be/?a=1',
    'ftp://app.example.be',
    'app.example.be',
  ])('refuses %j, which is no origin, as a configuration error', (value) => {
    configureHandlers({ ...base, WEB_ORIGIN: value });
    expect(() => webOrigin()).toThrow(/Invalid configuration: WEB_ORIGIN/);
  });
});
