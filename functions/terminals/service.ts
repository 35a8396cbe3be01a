import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type {
  CreatedTerminal,
  Kiosk,
  SessionFigures,
  Terminal,
  TerminalCreate,
  TerminalFeeling,
  TerminalFeelingCreate,
} from '@shared/contracts/terminals';
import { HEADER_TERMINAL_KEY } from '@shared/contracts/terminals';
import { buildAbility, defineRules } from '@shared/domain/ability';
import { combine, emptyDay } from '@shared/domain/feeling-days';
import {
  TERMINALS_PER_SPHERE_MAX,
  deviceCodeOf,
  kioskPath,
  mayManageTerminals,
  recordedAtProblem,
  takesTerminalFeelings,
  terminalFeeling,
} from '@shared/domain/terminals';
import { visibleName } from '@shared/domain/sessions';
import { subject } from '@casl/ability';
import { ForbiddenError, NotFoundError, ValidationError } from '../lib/errors';
import { actsAsSuperAdmin, rightsFacts } from '../lib/rights';
import {
  EMOTION_WORDS,
  querySessionDays,
  recordTerminalFeeling,
  type TerminalFeelingItem,
} from '../feelings';
import { findSession } from '../sessions';
import { findSphere, membershipIn, type SphereItem } from '../spheres';
import {
  findTerminal,
  insertTerminal,
  removeTerminal,
  sphereTerminals,
  type TerminalItem,
} from './repository';

/** Digest of a kiosk key as stored: the key itself is never kept. */
export const keyDigest = (key: string) => createHash('sha256').update(key, 'utf8').digest('base64url');

export function toTerminal(item: TerminalItem): Terminal {
  return {
    id: item.terminalId,
    sphereId: item.sphereId,
    sessionId: item.sessionId,
    deviceName: item.deviceName,
    deviceCode: item.deviceCode,
    steps: item.steps,
    createdAt: item.createdAt,
  };
}

/**
 * The sphere whose terminals the caller manages: its admins (and super-admins in their mode) and,
 * while its salesUp entitlement is active, its sales-up members (decision 0028: checked here, the
 * ability rules hold no terminal subject). Anyone else: 403 `forbidden`, the same for a sphere that
 * does not exist, so nobody learns which ids are spheres.
 */
async function managedSphere(
  userId: string,
  sphereId: string,
  superAdminHeader: boolean,
): Promise<SphereItem> {
  const [sphere, membership] = await Promise.all([findSphere(sphereId), membershipIn(userId, sphereId)]);
  if (sphere && (await actsAsSuperAdmin(userId, superAdminHeader))) return sphere;
  if (!sphere || !membership?.active || !mayManageTerminals([...membership.roles], sphere))
    throw new ForbiddenError();
  return sphere;
}

/** POST /v1/terminals: a terminal of a consumer session, with its kiosk's path and key, shown once. */
export async function createTerminal(
  userId: string,
  body: TerminalCreate,
  superAdminHeader: boolean,
): Promise<CreatedTerminal> {
  const sphere = await managedSphere(userId, body.sphereId, superAdminHeader);
  if (!takesTerminalFeelings(sphere)) throw new ForbiddenError('unauth-feeling-forbidden');
  const session = await findSession(body.sessionId);
  if (!session || session.sphereId !== sphere.sphereId)
    throw new ValidationError([{ key: 'not-valid', field: 'body.sessionId' }]);
  if (session.category !== 'consumer')
    throw new ValidationError([{ key: 'not-valid', field: 'body.sessionId' }]);
  if ((await sphereTerminals(sphere.sphereId)).length >= TERMINALS_PER_SPHERE_MAX)
    throw new ValidationError([{ key: 'too-many', field: 'body.sphereId' }]);
  const key = randomBytes(24).toString('base64url');
  const item = await insertTerminal({
    terminalId: randomUUID(),
    sphereId: sphere.sphereId,
    sessionId: session.sessionId,
    deviceName: body.deviceName,
    deviceCode: deviceCodeOf(randomBytes(8)),
    steps: body.steps,
    keyHash: keyDigest(key),
    createdBy: userId,
  });
  return { ...toTerminal(item), kioskPath: kioskPath(item.terminalId, key) };
}

/** GET /v1/terminals?sphereId=: the sphere's terminals (their keys are never read back). */
export async function listTerminals(userId: string, sphereId: string, superAdminHeader: boolean) {
  await managedSphere(userId, sphereId, superAdminHeader);
  const items = (await sphereTerminals(sphereId)).map(toTerminal);
  return { count: items.length, items, max: TERMINALS_PER_SPHERE_MAX, offset: 0 };
}

/** DELETE /v1/terminals/{terminalId}: its kiosk stops; the feelings it recorded stay counted. */
export async function deleteTerminal(
  userId: string,
  terminalId: string,
  superAdminHeader: boolean,
): Promise<undefined> {
  const terminal = await findTerminal(terminalId);
  if (!terminal) throw new NotFoundError();
  await managedSphere(userId, terminal.sphereId, superAdminHeader);
  await removeTerminal(terminalId);
  return undefined;
}

/**
 * GET /v1/terminals/figures: a consumer session's figures from its day summaries (decision 0008,
 * 0028), for those who manage its sphere's terminals or may read the session's report.
 */
export async function sessionFigures(
  userId: string,
  query: { sessionId: string; start: string; end: string },
  superAdminHeader: boolean,
): Promise<SessionFigures> {
  const session = await findSession(query.sessionId);
  if (!session) throw new ForbiddenError();
  const facts = await rightsFacts(userId);
  const mayReport =
    facts !== null &&
    buildAbility(defineRules({ ...facts, userId, superAdminMode: false })).can(
      'report',
      subject('session', { sessionId: session.sessionId, sphereId: session.sphereId }),
    );
  if (!mayReport) await managedSphere(userId, session.sphereId, superAdminHeader);
  const days = await querySessionDays(session.sessionId, query.start, query.end);
  const total = days.reduce((sum, d) => combine(sum, d.counts), emptyDay());
  return {
    sessionId: session.sessionId,
    count: total.count,
    colors: total.colors,
    ...(total.count > 0
      ? {
          averageValue: Math.round(total.valueTenths / total.count) / 10,
          averageEnergy: Math.round(total.energyTenths / total.count) / 10,
        }
      : {}),
    days: days.filter((d) => d.counts.count > 0).map((d) => ({ day: d.day, count: d.counts.count })),
  };
}

/** The terminal a kiosk's key opens; an unknown terminal and a wrong key are the same 404. */
async function openedTerminal(
  terminalId: string,
  headers: Record<string, string | undefined> | null,
): Promise<TerminalItem> {
  let key: string | undefined;
  for (const [name, value] of Object.entries(headers ?? {}))
    if (name.toLowerCase() === HEADER_TERMINAL_KEY) key = value;
  const terminal = await findTerminal(terminalId);
  if (!terminal || !key) throw new NotFoundError();
  const given = Buffer.from(keyDigest(key));
  const stored = Buffer.from(terminal.keyHash);
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) throw new NotFoundError();
  return terminal;
}

/** The sphere of an opened terminal, when it takes terminal feelings; else 403 `unauth-feeling-forbidden`. */
async function acceptingSphere(terminal: TerminalItem): Promise<SphereItem> {
  const sphere = await findSphere(terminal.sphereId);
  if (!sphere || !takesTerminalFeelings(sphere)) throw new ForbiddenError('unauth-feeling-forbidden');
  return sphere;
}

/** GET /v1/terminals/{terminalId}/kiosk: what the kiosk shows. */
export async function kiosk(
  terminalId: string,
  headers: Record<string, string | undefined> | null,
): Promise<Kiosk> {
  const terminal = await openedTerminal(terminalId, headers);
  await acceptingSphere(terminal);
  const session = await findSession(terminal.sessionId);
  if (!session) throw new NotFoundError();
  return {
    id: terminal.terminalId,
    deviceName: terminal.deviceName,
    deviceCode: terminal.deviceCode,
    steps: terminal.steps,
    name: visibleName(session, false),
    words:
      terminal.steps === 'word'
        ? EMOTION_WORDS.map((w) => ({ id: w.id, color: w.color, label: w.label }))
        : [],
  };
}

export function toTerminalFeeling(item: TerminalFeelingItem): TerminalFeeling {
  return {
    clientId: item.clientId,
    terminalId: item.terminalId,
    value: item.value,
    energy: item.energy,
    color: item.color,
    ...(item.wordId !== undefined ? { wordId: item.wordId } : {}),
    recordedAt: item.timestamp,
  };
}

const WORDS = new Map(EMOTION_WORDS.map((w) => [w.id, w]));

/**
 * POST /v1/terminals/{terminalId}/feelings: a visitor's answer, stored and counted once by its
 * `clientId` (201), or the stored one again on a replay (200).
 */
export async function recordFeeling(
  terminalId: string,
  headers: Record<string, string | undefined> | null,
  body: TerminalFeelingCreate,
  now = Date.now(),
): Promise<{ feeling: TerminalFeeling; created: boolean }> {
  const terminal = await openedTerminal(terminalId, headers);
  await acceptingSphere(terminal);
  if (recordedAtProblem(body.recordedAt, now))
    throw new ValidationError([{ key: 'not-valid', field: 'body.recordedAt' }]);
  if (body.wordId !== undefined && !WORDS.has(body.wordId))
    throw new ValidationError([{ key: 'not-valid', field: 'body.wordId' }]);
  const feeling = terminalFeeling(body, terminal.steps);
  const { item, created } = await recordTerminalFeeling({
    terminalId: terminal.terminalId,
    clientId: body.clientId,
    sphereId: terminal.sphereId,
    sessionId: terminal.sessionId,
    deviceCode: terminal.deviceCode,
    deviceName: terminal.deviceName,
    ...feeling,
    timestamp: new Date(body.recordedAt).toISOString(),
    locale: body.timeZone,
  });
  return { feeling: toTerminalFeeling(item), created };
}
