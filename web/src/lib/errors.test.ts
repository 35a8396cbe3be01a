import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { ApiError, errorMessages, errorsFromBody, errorsFromIssues } from './errors';
import { SignInRequestSchema } from '@shared/contracts/auth';

const t = i18n.t.bind(i18n);

describe('error bodies (spec 01 §8 Display)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('fr');
  });

  it('reads a single key', () => {
    expect(errorsFromBody(409, { key: 'feeling-frozen' })).toEqual([{ key: 'feeling-frozen' }]);
  });

  it('reads a list of keyed items before the key that wraps them', () => {
    const body = {
      key: 'error',
      errors: [
        { key: 'required', field: 'name' },
        { key: 'not-a-number', field: 'n' },
      ],
    };
    expect(errorsFromBody(400, body).map((e) => e.key)).toEqual(['required', 'not-a-number']);
  });

  it('reads a message when there is no key', () => {
    expect(errorsFromBody(400, { message: 'email-already-used' })).toEqual([{ key: 'email-already-used' }]);
  });

  it('falls back to a key from the status when the body says nothing', () => {
    expect(errorsFromBody(500, 'Bad gateway')).toEqual([{ key: 'internal-server-error' }]);
    expect(errorsFromBody(404, undefined)).toEqual([{ key: 'not-found' }]);
  });

  it("translates each key and joins several with '; '", () => {
    const error = new ApiError(
      400,
      errorsFromBody(400, { errors: [{ key: 'required' }, { key: 'not-a-date' }] }),
    );
    expect(errorMessages(error, t)).toBe('Ce champ est requis.; Saisissez une date valide.');
  });

  it('shows a key without translation as it is', () => {
    expect(errorMessages(new ApiError(400, [{ key: 'sphere-max-tags-reached-soon' }]), t)).toBe(
      'sphere-max-tags-reached-soon',
    );
  });

  it('shows the generic error for an unexpected exception', () => {
    expect(errorMessages(new TypeError('x is undefined'), t)).toBe(
      'Une erreur est survenue. Réessayez plus tard.',
    );
  });

  it('fills {max} and {min} in length messages', () => {
    const error = new ApiError(400, [
      { key: 'length-out-of-range-error', field: 'name', values: { max: 50 } },
    ]);
    expect(errorMessages(error, t)).toBe('Saisissez au plus 50 caractères.');
  });

  it('speaks the current language', async () => {
    await i18n.changeLanguage('nl');
    expect(errorMessages(new ApiError(400, [{ key: 'required' }]), t)).toBe('Dit veld is verplicht.');
  });

  it('maps a rejected sign-in body to the keys the server would send', () => {
    const bad = SignInRequestSchema.safeParse({ email: 'not-an-email' });
    const missing = SignInRequestSchema.safeParse({});
    expect(bad.success || errorsFromIssues(bad.error.issues, { email: 'not-an-email' })).toEqual([
      { key: 'email-not-valid', field: 'email' },
    ]);
    expect(missing.success || errorsFromIssues(missing.error.issues, {})).toEqual([
      { key: 'required', field: 'email' },
    ]);
  });
});
