import { describe, expect, it } from 'vitest';
import { renderEmail } from '../lib/mail-templates';
import { loginCodeMail } from './mail';

describe('login-code email', () => {
  it.each([
    ['fr', '123456 est votre code de connexion', 'Bonjour Camille,', '15 minutes'],
    ['en', '123456 is your sign-in code', 'Hello Camille,', '15 minutes'],
    ['nl', '123456 is je aanmeldcode', 'Hallo Camille,', '15 minuten'],
  ] as const)('in %s puts the code in the subject and both bodies', (locale, subject, greeting, validity) => {
    const mail = renderEmail(loginCodeMail, locale, {
      code: '123456',
      validityMinutes: 15,
      firstName: 'Camille',
    });
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(greeting);
    expect(mail.text).toContain('\n123456\n');
    expect(mail.text).toContain(validity);
    expect(mail.html).toContain(`lang="${locale}"`);
    expect(mail.html).toContain('>123456</p>');
    expect(mail.html).toContain(validity);
  });

  it('greets without a name when there is none', () => {
    expect(renderEmail(loginCodeMail, 'fr', { code: '000001', validityMinutes: 15 }).text).toMatch(
      /^Bonjour,\n/,
    );
  });
});
