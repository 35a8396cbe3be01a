import type { Resolver } from 'react-hook-form';
import type { Profile } from '@shared/contracts/me';
import { ProfileUpdateSchema, type ProfileUpdate, type ProfileUpdateInput } from '@shared/contracts/profile';
import { contractResolver } from '../../lib/contract-form';

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

/**
 * Checks the form with the contract's schema and the same key mapping as the server's 400s, so the
 * form and the API say the same thing.
 */
export const profileResolver: Resolver<ProfileFormValues, unknown, ProfileUpdate> = contractResolver<
  ProfileFormValues,
  ProfileUpdate
>(ProfileUpdateSchema, toBody);
