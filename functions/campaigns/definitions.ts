import { randomBytes, randomUUID } from 'node:crypto';
import type {
  Campaign,
  CampaignCreate,
  CampaignList,
  CampaignUpdate,
  Cycle,
  CycleCommand,
  CycleCreate,
  CycleUpdate,
  Measure,
  MeasuresUpdate,
} from '@shared/contracts/campaigns';
import type { FieldError } from '@shared/contracts/errors';
import {
  CYCLE_ACTIONS,
  campaignStatus,
  cycleDateProblems,
  cycleNotificationsProblems,
  hasCollected,
  nextCampaignFlags,
  nextCycleStatus,
  nextTestState,
  preparationStatus,
  testStateOnCollectionStart,
  type CampaignAction,
  type CycleAction,
  type TestAction,
} from '@shared/domain/campaigns';
import { shownLogoUrl } from './shown-logo';
import { removeAssets } from '../lib/logos';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../lib/errors';
import { findSphere, sphereLinkCode, type SphereItem } from '../spheres';
import { checkMeasures, checkTargets } from './references';
import { rollCycle } from './reports';
import {
  campaignsOf,
  changeCampaign,
  changeCycle,
  eraseTestData,
  findCampaign,
  findCycle,
  insertCampaign,
  insertCycle,
  participantsOf,
  readCampaign,
  removeCampaign,
  removeCycle,
  type CampaignItem,
  type CycleItem,
} from './repository';
import { cancelSchedules, putSchedules, scheduleNamesFor } from './scheduling';

/** The participants' URL code of a campaign: derived from its sphere's secret, never stored. */
export const campaignCode = (sphereId: string, campaignId: string) =>
  sphereLinkCode(sphereId, `campaign:${campaignId}`);

/** Where a campaign named by a path lives, for the rules held on its sphere (functions/lib/ability). */
export async function campaignPlace(resource: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (typeof resource.campaignId !== 'string' || resource.sphereId !== undefined) return resource;
  const campaign = await findCampaign(resource.campaignId);
  return campaign ? { ...resource, sphereId: campaign.sphereId } : resource;
}

/** A campaign's SMS notifications need the sphere's option (spec 02 §3 Sphere: campaign SMS flag). */
export const smsAllowed = (sphere: SphereItem): boolean => sphere.campaignSmsEnabled === true;

function toCampaign(
  item: CampaignItem,
  cycles: readonly CycleItem[],
  sphere: SphereItem | null,
  validationCode: string | null,
): Campaign {
  const logoUrl = shownLogoUrl(item, sphere);
  return {
    campaignId: item.campaignId,
    sphereId: item.sphereId,
    name: item.name,
    internalLabel: item.internalLabel,
    publicName: item.publicName as Campaign['publicName'],
    code: item.code,
    description: item.description as Campaign['description'],
    timezone: item.timezone,
    tags: item.tags,
    useSphereLogo: item.useSphereLogo,
    ...(item.logo !== undefined ? { logo: item.logo } : {}),
    ...(logoUrl !== undefined ? { logoUrl } : {}),
    ...(item.start !== undefined ? { start: item.start } : {}),
    ...(item.end !== undefined ? { end: item.end } : {}),
    mode: item.mode,
    templateModel: item.templateModel,
    defaultLocale: item.defaultLocale,
    firstMessage: item.firstMessage as Campaign['firstMessage'],
    welcomeMessage: item.welcomeMessage as Campaign['welcomeMessage'],
    endMessage: item.endMessage as Campaign['endMessage'],
    ...(item.endRedirectUrl !== undefined ? { endRedirectUrl: item.endRedirectUrl } : {}),
    ...(item.linkExpiration !== undefined ? { linkExpiration: item.linkExpiration } : {}),
    qrStepNumber: item.qrStepNumber,
    allowGuest: item.allowGuest,
    allowDelegation: item.allowDelegation,
    targets: item.targets as Campaign['targets'],
    measures: item.measures as Measure[],
    status: campaignStatus(item, cycles),
    preparationStatus: preparationStatus(item, cycles),
    active: !item.cancelled && !item.closed,
    ...(validationCode ? { validationCode } : {}),
    creationDate: item.creationDate,
    updateDate: item.updateDate,
  };
}

export function toCycle(item: CycleItem): Cycle {
  return {
    cycleId: item.cycleId,
    campaignId: item.campaignId,
    sphereId: item.sphereId,
    internalLabel: item.internalLabel,
    message: item.message as Cycle['message'],
    measureIds: item.measureIds,
    ...(item.start !== undefined ? { start: item.start } : {}),
    ...(item.end !== undefined ? { end: item.end } : {}),
    notifications: item.notifications as Cycle['notifications'],
    allowRefuse: item.allowRefuse,
    isTest: item.isTest,
    status: item.status,
    testMode: item.testMode,
    testRunning: item.testRunning,
    version: item.version,
    log: item.log as Cycle['log'],
    creationDate: item.creationDate,
    updateDate: item.updateDate,
  };
}

async function loaded(campaignId: string) {
  const read = await readCampaign(campaignId);
  if (!read) throw new NotFoundError();
  return read;
}

async function answer(item: CampaignItem, cycles: readonly CycleItem[]): Promise<Campaign> {
  const [sphere, code] = await Promise.all([
    findSphere(item.sphereId),
    campaignCode(item.sphereId, item.campaignId),
  ]);
  return toCampaign(item, cycles, sphere, code);
}

/** The template models a sphere may use: all with its engagement-up templates, else only blank. */
function templateAllowed(sphere: SphereItem, template: CampaignItem['templateModel']): boolean {
  if (template === 'blank') return true;
  const engagementUp = sphere.entitlements?.engagementUp;
  return engagementUp?.active === true && engagementUp.campaignTemplatesAvailable === true;
}

function fieldsOf(body: CampaignCreate) {
  return {
    name: body.name,
    internalLabel: body.internalLabel,
    publicName: body.publicName,
    code: body.code,
    description: body.description,
    timezone: body.timezone,
    tags: body.tags,
    useSphereLogo: body.useSphereLogo,
    start: body.start,
    end: body.end,
    mode: body.mode,
    templateModel: body.templateModel,
    defaultLocale: body.defaultLocale,
    firstMessage: body.firstMessage,
    welcomeMessage: body.welcomeMessage,
    endMessage: body.endMessage,
    endRedirectUrl: body.endRedirectUrl,
    linkExpiration: body.linkExpiration,
    qrStepNumber: body.qrStepNumber,
    allowGuest: body.allowGuest,
    allowDelegation: body.allowDelegation,
    targets: body.targets,
  };
}

const defined = <T extends Record<string, unknown>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as T;

export async function listCampaigns(sphereId: string, max: number): Promise<CampaignList> {
  const items = await campaignsOf(sphereId, max);
  // The list shows statuses: each campaign's cycles, read in parallel (a sphere runs few campaigns).
  const withCycles = await Promise.all(items.map((c) => readCampaign(c.campaignId)));
  const sphere = await findSphere(sphereId);
  const rows = withCycles
    .filter((r): r is NonNullable<typeof r> => r !== null)
    .map(({ campaign, cycles }) => {
      const { measures: _measures, ...rest } = toCampaign(campaign, cycles, sphere, null);
      return { ...rest, cyclesCount: cycles.length };
    });
  return { items: rows, count: rows.length };
}

export async function createCampaign(sphereId: string, body: CampaignCreate): Promise<Campaign> {
  const sphere = await findSphere(sphereId);
  if (!sphere) throw new NotFoundError();
  if (!templateAllowed(sphere, body.templateModel))
    throw new ForbiddenError('campaign-template-not-available');
  await checkTargets(sphereId, body.targets);
  // In a sphere of a galaxy, the galaxy's quotas of its model and of campaigns are taken with it.
  const item = await insertCampaign(
    defined({
      campaignId: randomUUID(),
      sphereId,
      ...fieldsOf(body),
      measures: [],
      cancelled: false,
      closed: false,
    }),
    sphere.galaxyId,
  );
  return answer(item, []);
}

export async function getCampaign(campaignId: string): Promise<Campaign> {
  const { campaign, cycles } = await loaded(campaignId);
  return answer(campaign, cycles);
}

export async function updateCampaign(campaignId: string, body: CampaignUpdate): Promise<Campaign> {
  const { campaign, cycles } = await loaded(campaignId);
  let galaxyId: string | undefined;
  if (campaign.templateModel !== body.templateModel) {
    const sphere = await findSphere(campaign.sphereId);
    if (!sphere || !templateAllowed(sphere, body.templateModel))
      throw new ForbiddenError('campaign-template-not-available');
    // In a galaxy, the new model's diagnostic quota is taken and the old one's given back.
    galaxyId = sphere.galaxyId;
  }
  await checkTargets(campaign.sphereId, body.targets, campaign.targets as Campaign['targets']);
  const item = await changeCampaign(
    campaignId,
    body.updateDate,
    fieldsOf(body),
    galaxyId ? { galaxyId, templateModel: campaign.templateModel } : undefined,
  );
  return answer(item, cycles);
}

/**
 * A campaign is deleted only while none of its cycles has collected (spec 02 §4); its own logo's
 * file goes with it. In a sphere of a galaxy it gives back the quotas it took (`removeCampaign`).
 */
export async function deleteCampaign(campaignId: string): Promise<undefined> {
  const { campaign, cycles } = await loaded(campaignId);
  if (cycles.some((c) => hasCollected(c.status) || c.status === 'inProgress'))
    throw new ConflictError('campaign-transition-not-allowed');
  await Promise.all(cycles.map((c) => cancelSchedules(c)));
  const sphere = await findSphere(campaign.sphereId);
  await removeCampaign(campaign, cycles, sphere?.galaxyId);
  await removeAssets([campaign.logo]);
  return undefined;
}

/**
 * The measures in order. A measure a cycle has already asked (collecting or collected) keeps its
 * type: its answers must stay readable; removing it is refused for the same reason.
 */
export async function updateMeasures(campaignId: string, body: MeasuresUpdate): Promise<Campaign> {
  const { campaign, cycles } = await loaded(campaignId);
  const before = new Map((campaign.measures as Measure[]).map((m) => [m.id, m]));
  const asked = new Set(
    cycles
      .filter((c) => c.status === 'inProgress' || hasCollected(c.status))
      .flatMap((c) => (c.measureIds.length > 0 ? c.measureIds : [...before.keys()])),
  );
  const after = new Map(body.measures.map((m) => [m.id, m]));
  const problems: FieldError[] = [];
  for (const id of asked) {
    const old = before.get(id);
    const next = after.get(id);
    if (old && (!next || next.type !== old.type))
      problems.push({ key: 'campaign-transition-not-allowed', field: `measures.${id}` });
  }
  if (problems.length > 0) throw new ValidationError(problems);
  await checkMeasures(campaign.sphereId, body.measures, [...before.values()]);
  const item = await changeCampaign(campaignId, body.updateDate, { measures: body.measures });
  return answer(item, cycles);
}

export async function commandCampaign(campaignId: string, action: CampaignAction): Promise<Campaign> {
  const { campaign, cycles } = await loaded(campaignId);
  const flags = nextCampaignFlags(campaign, action, cycles);
  if (!flags) throw new ConflictError('campaign-transition-not-allowed');
  let current = cycles;
  if (action === 'cancel') {
    // Cancelling the campaign cancels its cycles still to run or running, and their schedules.
    current = await Promise.all(
      cycles.map(async (c) => {
        const next = nextCycleStatus(c.status, 'cancel');
        if (!next) return c;
        await cancelSchedules(c);
        return changeCycle(c, { status: next, version: c.version + 1, scheduleNames: [] });
      }),
    );
  }
  const item = await changeCampaign(campaignId, campaign.updateDate, flags);
  return answer(item, current);
}

// ---------------------------------------------------------------------------------------------
// Cycles

export async function listCycles(campaignId: string): Promise<{ items: Cycle[]; count: number }> {
  const { cycles } = await loaded(campaignId);
  const items = sortCycles(cycles).map(toCycle);
  return { items, count: items.length };
}

/** Cycles in the order they run: by start, undated ones last, then by creation. */
export function sortCycles<C extends Pick<CycleItem, 'start' | 'creationDate'>>(cycles: readonly C[]): C[] {
  return [...cycles].sort(
    (a, b) =>
      (a.start ?? '9999').localeCompare(b.start ?? '9999') || a.creationDate.localeCompare(b.creationDate),
  );
}

function cycleProblems(
  candidate: {
    id: string;
    start?: string | undefined;
    end?: string | undefined;
    notifications: Cycle['notifications'];
    measureIds: string[];
  },
  campaign: CampaignItem,
  cycles: readonly CycleItem[],
  sphere: SphereItem,
): FieldError[] {
  const others = cycles
    .filter((c) => c.status !== 'cancelled' && !c.isTest)
    .map((c) => ({ id: c.cycleId, start: c.start, end: c.end }));
  const known = new Set((campaign.measures as Measure[]).map((m) => m.id));
  return [
    ...cycleDateProblems(candidate, others),
    ...cycleNotificationsProblems(candidate.notifications, candidate, { smsAllowed: smsAllowed(sphere) }),
    ...candidate.measureIds
      .map((id, i) => ({ id, i }))
      .filter(({ id }) => !known.has(id))
      .map(({ i }) => ({ key: 'not-valid', field: `measureIds.${i}` })),
  ];
}

function cycleFields(body: CycleCreate) {
  return {
    internalLabel: body.internalLabel,
    message: body.message,
    measureIds: body.measureIds,
    start: body.start,
    end: body.end,
    notifications: body.notifications,
    allowRefuse: body.allowRefuse,
    isTest: body.isTest,
  };
}

async function sphereOf(campaign: CampaignItem): Promise<SphereItem> {
  const sphere = await findSphere(campaign.sphereId);
  if (!sphere) throw new NotFoundError();
  return sphere;
}

export async function createCycle(campaignId: string, body: CycleCreate): Promise<Cycle> {
  const { campaign, cycles } = await loaded(campaignId);
  if (campaign.cancelled || campaign.closed) throw new ConflictError('campaign-transition-not-allowed');
  const cycleId = randomUUID();
  const problems = cycleProblems({ id: cycleId, ...body }, campaign, cycles, await sphereOf(campaign));
  if (problems.length > 0) throw new ValidationError(problems);
  const item = await insertCycle(
    defined({
      campaignId,
      cycleId,
      sphereId: campaign.sphereId,
      ...cycleFields(body),
      status: 'draft' as const,
      testMode: false,
      testRunning: false,
      version: 0,
      scheduleNames: [],
      log: [],
    }),
  );
  return toCycle(item);
}

async function loadedCycle(campaignId: string, cycleId: string) {
  const read = await loaded(campaignId);
  const cycle = read.cycles.find((c) => c.cycleId === cycleId);
  if (!cycle) throw new NotFoundError();
  return { ...read, cycle };
}

/**
 * A cycle's fields, while it has not collected. A scheduled cycle's schedules move with it: a new
 * version is planned and the old version's schedules deleted (a late one is ignored anyway).
 */
export async function updateCycle(campaignId: string, cycleId: string, body: CycleUpdate): Promise<Cycle> {
  const { campaign, cycles, cycle } = await loadedCycle(campaignId, cycleId);
  if (cycle.updateDate !== body.updateDate) throw new ConflictError();
  if (cycle.status !== 'draft' && cycle.status !== 'scheduled' && cycle.status !== 'inProgress')
    throw new ConflictError('cycle-transition-not-allowed');
  // A collecting cycle keeps what it asks; its end and reminders may still move.
  const fields = cycleFields(body);
  if (cycle.status === 'inProgress') {
    fields.measureIds = cycle.measureIds;
    fields.start = cycle.start;
    fields.isTest = cycle.isTest;
  }
  const problems = cycleProblems({ id: cycleId, ...fields }, campaign, cycles, await sphereOf(campaign));
  if (problems.length > 0) throw new ValidationError(problems);
  const version = cycle.version + 1;
  const planned = { ...cycle, ...fields, version };
  const scheduled = cycle.status !== 'draft';
  const scheduleNames = scheduled
    ? scheduleNamesFor(planned, new Date(), cycle.status === 'inProgress' ? ['start'] : [])
    : [];
  const item = await changeCycle(cycle, { ...fields, version, scheduleNames });
  if (scheduled) await putSchedules(item, new Date(), cycle.status === 'inProgress' ? ['start'] : []);
  await cancelSchedules(cycle, new Set(scheduleNames));
  return toCycle(item);
}

export async function deleteCycle(campaignId: string, cycleId: string): Promise<undefined> {
  const { cycle } = await loadedCycle(campaignId, cycleId);
  if (cycle.status !== 'draft' && cycle.status !== 'cancelled')
    throw new ConflictError('cycle-transition-not-allowed');
  await cancelSchedules(cycle);
  // In a sphere of a galaxy, its live participations (a cancelled cycle's) are given back with it.
  const sphere = await findSphere(cycle.sphereId);
  await removeCycle(cycle, sphere?.galaxyId);
  return undefined;
}

const isCycleAction = (action: string): action is CycleAction =>
  (CYCLE_ACTIONS as readonly string[]).includes(action);

/** People who took part in a cycle (test participations apart): the stop confirmation's count. */
export async function participantCount(cycleId: string): Promise<number> {
  const people = await participantsOf(cycleId, 'live');
  return people.filter((p) => p.status !== 'blank').length;
}

/**
 * A cycle command (spec 02 §4). Status moves follow the state machine; scheduling puts the
 * cycle's schedules (start, stop, each notification), collection start and stop also happen
 * when those schedules fire (`applyCycleEvent`). The logbook records a collection stop only when
 * someone took part.
 */
export async function commandCycle(
  campaignId: string,
  cycleId: string,
  command: CycleCommand,
): Promise<{ cycle: Cycle; participantCount: number }> {
  const { campaign, cycle } = await loadedCycle(campaignId, cycleId);
  if (campaign.cancelled || campaign.closed) throw new ConflictError('campaign-transition-not-allowed');
  const now = new Date();
  const action = command.action;
  if (!isCycleAction(action)) return testCommand(cycle, action);
  if (action === 'schedule' && (!cycle.start || !cycle.end))
    throw new BadRequestError('cycle-reminder-no-dates');
  const next = nextCycleStatus(cycle.status, action, { collected: cycle.log.length > 0 });
  if (!next) throw new ConflictError('cycle-transition-not-allowed');
  const item = await moveCycle(campaign, cycle, action, next, now);
  return { cycle: toCycle(item), participantCount: await participantCount(cycleId) };
}

/**
 * Moves a cycle to `next` by `action`, with what goes with it: its schedules (a new version when
 * they move), the key to its answers, the logbook and a test's data. The new version is stored
 * before its schedules are put, so that an event queued at once finds it.
 */
export async function moveCycle(
  campaign: CampaignItem,
  cycle: CycleItem,
  action: CycleAction,
  next: CycleItem['status'],
  now: Date,
): Promise<CycleItem> {
  const changes: Partial<CycleItem> = { status: next, version: cycle.version + 1, scheduleNames: [] };
  let skip: ('start' | 'stop' | 'notification')[] | null = null;
  const log = cycle.log as Cycle['log'];
  switch (action) {
    case 'schedule':
      skip = [];
      break;
    case 'startCollection': {
      changes.answerSalt = randomBytes(32).toString('base64url');
      const test = testStateOnCollectionStart(cycle);
      changes.testMode = test.state.testMode;
      changes.testRunning = test.state.testRunning;
      if (test.deleteTestData) await eraseTestData(cycle.cycleId);
      changes.log = [...log, { at: now.toISOString(), action, participantCount: 0 }];
      if (cycle.start && Date.parse(cycle.start) <= now.getTime() && cycle.status === 'scheduled') {
        // Its planned start: the schedules already put stay as they are.
        changes.version = cycle.version;
        changes.scheduleNames = cycle.scheduleNames;
      } else {
        // Started by hand: it starts now, and its stop and notifications are planned again.
        changes.start = now.toISOString();
        skip = ['start'];
      }
      break;
    }
    case 'stopCollection': {
      const count = await participantCount(cycle.cycleId);
      // Once it stops nothing can be answered or changed: the key to each person's answers goes.
      changes.answerSalt = undefined;
      changes.testRunning = false;
      if (count > 0) changes.log = [...log, { at: now.toISOString(), action, participantCount: count }];
      break;
    }
    default:
      break;
  }
  const planned = { ...cycle, ...changes } as CycleItem;
  if (skip) changes.scheduleNames = scheduleNamesFor(planned, now, skip);
  const item = await changeCycle(cycle, changes);
  if (skip) await putSchedules(item, now, skip);
  await cancelSchedules(cycle, new Set(item.scheduleNames));
  // Its answers are sealed from now on: rolled up for its reports (decision 0035), and the cycle
  // read again so that what is answered carries the mark of the roll.
  if (next === 'processing') {
    await rollCycle(campaign, item);
    return (await findCycle(item.campaignId, item.cycleId)) ?? item;
  }
  return item;
}

async function testCommand(cycle: CycleItem, action: TestAction) {
  const next = nextTestState(
    cycle.status,
    { testMode: cycle.testMode, testRunning: cycle.testRunning },
    action,
  );
  if (!next) throw new ConflictError('cycle-transition-not-allowed');
  if (next.deleteTestData) await eraseTestData(cycle.cycleId);
  const changes: Partial<CycleItem> = { ...next.state };
  // A running test needs the key to its testers' answers; it goes when the test stops.
  if (next.state.testRunning && !cycle.answerSalt) changes.answerSalt = randomBytes(32).toString('base64url');
  if (!next.state.testRunning && cycle.status !== 'inProgress') changes.answerSalt = undefined;
  const item = await changeCycle(cycle, changes);
  return { cycle: toCycle(item), participantCount: await participantCount(cycle.cycleId) };
}
