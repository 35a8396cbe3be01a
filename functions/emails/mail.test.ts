import { describe, expect, it } from 'vitest';
import { renderEmail } from '../lib/mail-templates';
import { emailVerificationMail } from './mail';

describe('email verification email', () => {
  it.each(['fr', 'en', 'nl'] as const)('in %s carries the code and its validity', (locale) => {
    const mail = renderEmail(emailVerificationMail, locale, { code: '654321', validityMinutes: 15 });
    expect(mail.subject).toContain('654321');
    expect(mail.text).toContain('\n654321\n');
    expect(mail.text).toContain('15');
  });
});
