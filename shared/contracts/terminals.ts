import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { listOf } from './list';
import { EmotionWordSchema } from './feelings';
import type { ClientLimit } from '../domain/client-limits';
import { FEELING_COLORS, HISTOGRAM_STEPS } from '../domain/feelings';
import { isTimeZone } from '../domain/time-zones';
import { HEADER_TERMINAL_KEY, LANGUAGES } from './headers';
import {
  TERMINALS_PER_SPHERE_MAX,
  TERMINAL_DEVICE_NAME_MAX_LENGTH,
  TERMINAL_STEPS,
} from '../domain/terminals';

/**
 * Terminals (spec 01 §1, §3, §6, §8; issue 12 point 11; docs/decisions/0028-terminals.md): a
 * sphere's admins and its sales-up members set up kiosks of a consumer session (`/v1/terminals`);
 * the kiosk itself reads what it asks (`…/kiosk`) and sends anonymous visitors' feelings
 * (`…/feelings`) with its key in the `x-terminal-key` header and no token. A wrong key or an
 * unknown terminal are the same 404; a sphere that does not take terminal feelings answers 403
 * `unauth-feeling-forbidden`.
 */

/** The request header carrying a terminal's key (listed in CORS_ALLOW_HEADERS). */
export { HEADER_TERMINAL_KEY };

/**
 * A kiosk sends each answer once, or a few times when the network failed while it was offline;
 * a busy shop's visitors tap perhaps once every few seconds. Per client address.
 */
export const TERMINAL_FEELING_LIMIT: ClientLimit = { limit: 600, windowSeconds: 300 };
/** The kiosk page reads its terminal when it opens and again now and then. */
export const TERMINAL_KIOSK_LIMIT: ClientLimit = { limit: 120, windowSeconds: 300 };

const IdSchema = z.string().min(1).max(100);
const TerminalParams = z.strictObject({ terminalId: IdSchema });

export const TerminalCreateSchema = z.strictObject({
  sphereId: IdSchema,
  sessionId: IdSchema,
  deviceName: z
    .string('required')
    .trim()
    .min(1, 'required')
    .max(TERMINAL_DEVICE_NAME_MAX_LENGTH, 'length-out-of-range-error'),
  steps: z.enum(TERMINAL_STEPS, 'not-valid').default('mood'),
});
export type TerminalCreate = z.infer<typeof TerminalCreateSchema>;
export type TerminalCreateInput = z.input<typeof TerminalCreateSchema>;

export const TerminalSchema = z.object({
  id: z.string(),
  sphereId: z.string(),
  sessionId: z.string(),
  deviceName: z.string(),
  deviceCode: z.string(),
  steps: z.enum(TERMINAL_STEPS),
  createdAt: z.string(),
});
export type Terminal = z.infer<typeof TerminalSchema>;

/** The answer of a creation: the terminal and, this once, its kiosk's path with the key. */
export const CreatedTerminalSchema = TerminalSchema.extend({
  /** `/terminal/{terminalId}#key=…`: shown once, never stored in the clear. */
  kioskPath: z.string(),
});
export type CreatedTerminal = z.infer<typeof CreatedTerminalSchema>;

export const TerminalListQuerySchema = z.strictObject({ sphereId: IdSchema });
export const TerminalListSchema = listOf(TerminalSchema);

/** What a kiosk shows: the session's public name, its steps and, when it asks one, the words. */
export const KioskSchema = z.object({
  id: z.string(),
  deviceName: z.string(),
  deviceCode: z.string(),
  steps: z.enum(TERMINAL_STEPS),
  /** The session's public name, in every language it has. */
  name: z.partialRecord(z.enum(LANGUAGES), z.string()),
  words: z.array(EmotionWordSchema.pick({ id: true, color: true, label: true })),
});
export type Kiosk = z.infer<typeof KioskSchema>;

const StepSchema = z
  .number('not-a-number')
  .int('not-valid')
  .min(0, 'value-out-of-range-error')
  .max(HISTOGRAM_STEPS - 1, 'value-out-of-range-error');

/**
 * One visitor's answer. `clientId` is made by the kiosk when the visitor taps: a replay of the
 * same answer (a retry after a lost reply, a queue sent twice) is stored once. `recordedAt` is when
 * the visitor tapped, which may be long before the send when the kiosk was offline.
 */
export const TerminalFeelingCreateSchema = z.strictObject({
  clientId: z.uuid('not-valid'),
  good: z.boolean('not-a-boolean'),
  intensityStep: StepSchema.optional(),
  energyStep: StepSchema.optional(),
  wordId: z.string().min(1).max(50).optional(),
  recordedAt: z.iso.datetime({ message: 'not-a-date' }),
  /** The kiosk's time zone, whose day the feeling counts in. */
  timeZone: z.string().max(64).refine(isTimeZone, 'not-valid').optional(),
});
export type TerminalFeelingCreate = z.infer<typeof TerminalFeelingCreateSchema>;

export const TerminalFeelingSchema = z.object({
  clientId: z.string(),
  terminalId: z.string(),
  value: z.number(),
  energy: z.number(),
  color: z.enum(FEELING_COLORS),
  wordId: z.string().optional(),
  recordedAt: z.string(),
});
export type TerminalFeeling = z.infer<typeof TerminalFeelingSchema>;

/**
 * The figures of a consumer session's day summaries over a period (days YYYY-MM-DD, both
 * included): how many feelings, their colours and their average value and energy.
 */
export const SessionFiguresQuerySchema = z.strictObject({
  sessionId: IdSchema,
  start: z.iso.date('not-a-date'),
  end: z.iso.date('not-a-date'),
});
export const SessionFiguresSchema = z.object({
  sessionId: z.string(),
  count: z.number().int(),
  colors: z.partialRecord(z.enum(FEELING_COLORS), z.number().int()),
  /** Averages over the period, absent when nothing was recorded. */
  averageValue: z.number().optional(),
  averageEnergy: z.number().optional(),
  days: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type SessionFigures = z.infer<typeof SessionFiguresSchema>;

export const createTerminal = defineRoute({
  name: 'createTerminal',
  domain: 'terminals',
  method: 'POST',
  path: '/v1/terminals',
  auth: 'registered',
  body: TerminalCreateSchema,
  response: CreatedTerminalSchema,
  status: 201,
});

export const listTerminals = defineRoute({
  name: 'listTerminals',
  domain: 'terminals',
  method: 'GET',
  path: '/v1/terminals',
  auth: 'registered',
  query: TerminalListQuerySchema,
  response: TerminalListSchema,
});

export const deleteTerminal = defineRoute({
  name: 'deleteTerminal',
  domain: 'terminals',
  method: 'DELETE',
  path: '/v1/terminals/{terminalId}',
  auth: 'registered',
  params: TerminalParams,
  response: z.undefined(),
  status: 204,
});

export const getSessionTerminalFigures = defineRoute({
  name: 'getSessionTerminalFigures',
  domain: 'terminals',
  method: 'GET',
  path: '/v1/terminals/figures',
  auth: 'registered',
  query: SessionFiguresQuerySchema,
  response: SessionFiguresSchema,
});

export const getKiosk = defineRoute({
  name: 'getKiosk',
  domain: 'terminals',
  method: 'GET',
  path: '/v1/terminals/{terminalId}/kiosk',
  auth: 'public',
  params: TerminalParams,
  response: KioskSchema,
  clientLimit: TERMINAL_KIOSK_LIMIT,
});

/** 201 when stored, 200 with the same body when this `clientId` was stored before. */
export const createTerminalFeeling = defineRoute({
  name: 'createTerminalFeeling',
  domain: 'terminals',
  method: 'POST',
  path: '/v1/terminals/{terminalId}/feelings',
  auth: 'public',
  params: TerminalParams,
  body: TerminalFeelingCreateSchema,
  response: TerminalFeelingSchema,
  status: 201,
  clientLimit: TERMINAL_FEELING_LIMIT,
});

export const terminalRoutes: readonly RouteContract[] = [
  createTerminal,
  listTerminals,
  getSessionTerminalFigures,
  deleteTerminal,
  getKiosk,
  createTerminalFeeling,
];

/** Most terminals a list answers (one Query of the sphere's). */
export const TERMINALS_MAX = TERMINALS_PER_SPHERE_MAX;
