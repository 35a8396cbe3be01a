import * as z from 'zod';
import type { RouteContract } from './route';
import { defineRoute } from './route';
import { LANGUAGES } from './headers';
import { GENDERS, ProfileSchema, UNITS } from './me';

/** Oldest birth year accepted by the profile form. */
export const MIN_BIRTH_YEAR = 1900;
export const MAX_FAVORITES = 200;

const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * The profile a user may change (PUT /v1/profile). Optional fields left out are cleared, except the
 * favourites, which other screens save and which are kept when absent.
 */
export const ProfileUpdateSchema = z.strictObject({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().max(100).optional(),
  birthYear: z
    .number()
    .int()
    .min(MIN_BIRTH_YEAR)
    .refine((year) => year <= new Date().getFullYear(), { message: 'value-out-of-range-error' })
    .optional(),
  birthdate: z.iso
    .date()
    .refine((date) => !/^\d{4}-\d{2}-\d{2}$/.test(date) || date <= todayIso(), {
      message: 'value-out-of-range-error',
    })
    .optional(),
  gender: z.enum(GENDERS).optional(),
  unit: z.enum(UNITS),
  locale: z.enum(LANGUAGES),
  favoriteSessionIds: z.array(z.string().min(1).max(200)).max(MAX_FAVORITES).optional(),
  favoriteSphereIds: z.array(z.string().min(1).max(200)).max(MAX_FAVORITES).optional(),
  favoriteGalaxyIds: z.array(z.string().min(1).max(200)).max(MAX_FAVORITES).optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;

export const updateProfile = defineRoute({
  name: 'updateProfile',
  domain: 'users',
  method: 'PUT',
  path: '/v1/profile',
  auth: 'user',
  body: ProfileUpdateSchema,
  response: ProfileSchema,
});

/**
 * PUT /v1/profile/favorites (spec 01 §7 "profile save of favourites"): the starred spheres and
 * sessions, each list replaced when sent, the rest of the profile untouched.
 */
export const FavoritesUpdateSchema = z
  .strictObject({
    favoriteSessionIds: z.array(z.string().min(1).max(200)).max(MAX_FAVORITES, 'too-many').optional(),
    favoriteSphereIds: z.array(z.string().min(1).max(200)).max(MAX_FAVORITES, 'too-many').optional(),
    favoriteGalaxyIds: z.array(z.string().min(1).max(200)).max(MAX_FAVORITES, 'too-many').optional(),
  })
  .refine(
    (f) =>
      f.favoriteSessionIds !== undefined ||
      f.favoriteSphereIds !== undefined ||
      f.favoriteGalaxyIds !== undefined,
    { message: 'required' },
  );
export type FavoritesUpdate = z.infer<typeof FavoritesUpdateSchema>;

export const updateFavorites = defineRoute({
  name: 'updateFavorites',
  domain: 'users',
  method: 'PUT',
  path: '/v1/profile/favorites',
  auth: 'user',
  body: FavoritesUpdateSchema,
  response: ProfileSchema,
});

/** PUT /v1/profile and its favourites (domain `users`). */
export const profileRoutes: readonly RouteContract[] = [updateProfile, updateFavorites];
