import type { FieldErrors, Resolver } from 'react-hook-form';
import type { FieldError } from '@shared/contracts/errors';
import type { Profile } from '@shared/contracts/me';
import { issuesToErrors } from '@shared/contracts/issues';
import { ProfileUpdateSchema, type ProfileUpdate, type ProfileUpdateInput } from '@shared/contracts/profile';

/** What the form edits: the contract's body, with empty text for an unset optional field. */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  birthYear: number | '';
  birthdate: string;
  gender: '' | 'male' | 'female' | 'other';
  unit: 'metric' | 'imperial';
  locale: 'fr' | 'en' | 'nl';
}

export function formValues(profile: Profile): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName ?? '',
    birthYear: profile.birthYear ?? '',
    birthdate: profile.birthdate ?? '',
    gender: profile.gender ?? '',
    unit: profile.unit,
    locale: profile.locale,
  };
}

/** The request body: empty optional fields are left out, which clears them (PUT /v1/profile). */
export function toBody(values: ProfileFormValues): ProfileUpdateInput {
  return {
    firstName: values.firstName,
    ...(values.lastName.trim() !== '' ? { lastName: values.lastName } : {}),
    ...(values.birthYear !== '' ? { birthYear: values.birthYear } : {}),
    ...(values.birthdate !== '' ? { birthdate: values.birthdate } : {}),
    ...(values.gender !== '' ? { gender: values.gender } : {}),
    unit: values.unit,
    locale: values.locale,
  };
}

/** A form error carries the spec's key and its values as JSON, translated where it is shown. */
export function encodeError(item: FieldError): string {
  return JSON.stringify({ key: item.key, ...(item.values ? { values: item.values } : {}) });
}

export function decodeError(message: string | undefined): FieldError | undefined {
  if (!message) return undefined;
  try {
    return JSON.parse(message) as FieldError;
  } catch {
    return { key: message };
  }
}

/**
 * Checks the form with the contract's schema and the same key mapping as the server's 400s, so the
 * form and the API say the same thing.
 */
export const profileResolver: Resolver<ProfileFormValues, unknown, ProfileUpdate> = (values) => {
  const body = toBody(values);
  const result = ProfileUpdateSchema.safeParse(body);
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<ProfileFormValues> = {};
  for (const item of issuesToErrors(result.error.issues, body)) {
    const field = (item.field ?? 'root') as keyof ProfileFormValues;
    errors[field] ??= { type: item.key, message: encodeError(item) };
  }
  return { values: {}, errors };
};
