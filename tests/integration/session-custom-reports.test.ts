import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CustomReport,
  ReportCard,
  ReportPart,
  ReportPartDetail,
  Render,
} from '@shared/contracts/custom-reports';
import type { SphereReport } from '@shared/contracts/reports';
import { feelingColor } from '@shared/domain/feelings';
import { isoWeekOf, weekBounds } from '@shared/domain/report-rollups';
import { importFeelings } from '../../functions/feelings/seeding';
import { reportsDb } from '../../functions/reports/store';
import { usersDb } from '../../functions/users/store';
import { rolesFromCoAdmin } from './co-admin';
import { eventually, startTestStack, type TestStack, type Tokens } from './harness';

/**
 * A group's custom reports over HTTP (spec 02 §2 `/apps/sessions/{sessionId}/custom-reports`;
 * decision 0037): its members' alone (the group-report exception, and not for the starter
 * subscription), kept apart from its sphere's, with data shots that show the group's figures.
 */
let stack: TestStack;
let admin: Tokens;
let adminId: string;
let sphereId: string;
let sessionId: string;
let memberId: string;

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const weeks = [
  isoWeekOf(new Date(Date.now() - 21 * DAY).toISOString().slice(0, 10)),
  isoWeekOf(new Date(Date.now() - 14 * DAY).toISOString().slice(0, 10)),
];
const wednesday = (week: string) =>
  new Date(Date.parse(`${weekBounds(week).first}T12:00:00Z`) + 2 * DAY).toISOString();
const start = () => weekBounds(weeks[0] as string).first;
/** In the group: ten people; in the sphere beside it: nine more (a difference of 8 or more). */
const IN_GROUP = 10;
const BESIDE = 9;

const call = <T>(path: string, method = 'GET', body?: unknown) =>
  stack.api<T & { key?: string; errors?: { key: string; field?: string }[] }>(path, {
    method,
    token: admin.accessToken,
    ...(body === undefined ? {} : { body }),
  });
const groupBase = () => `/v1/reports/sessions/${sessionId}`;
const sphereBase = () => `/v1/reports/spheres/${sphereId}`;

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('ada.group-reports@example.be', { firstName: 'Ada' });
  adminId = decodeJwt(admin.accessToken).sub as string;
  const sphere = await call<{ id: string }>('/v1/spheres', 'POST', {
    name: 'Group report sphere',
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'en' },
  });
  sphereId = sphere.body.id;
  // Its Essentials groups take the sphere's licences (decision 0050).
  await call(`/v1/spheres/${sphereId}/subscriptions/essentials/license`, 'PUT', { quantity: 5 });
  const me = await call<{ members: { id: string; sphereId: string }[] }>('/v1/me');
  memberId = me.body.members.find((m) => m.sphereId === sphereId)?.id ?? 'none';
  // The admin is the group's referent (owner), not one of its members, at first.
  const group = await call<{ id: string }>(`/v1/spheres/${sphereId}/sessions`, 'POST', {
    category: 'contributor',
    name: { en: 'Workshop' },
    publicName: { en: 'Group' },
    isPublic: true,
    subscription: 'essentials',
    ownerIds: [memberId],
  });
  sessionId = group.body.id;
  await Promise.all(
    Array.from({ length: IN_GROUP + BESIDE }, (_, i) => {
      const userId = `user-${randomUUID()}`;
      // The group's people feel well, the others badly: a group's figure cannot pass for the sphere's.
      const value = i < IN_GROUP ? 0.7 : -0.6;
      return importFeelings(
        userId,
        weeks.map((w) => ({
          userId,
          value,
          energy: 0.6,
          color: feelingColor(value, 0.6),
          wordId: 'calm',
          sphereId,
          ...(i < IN_GROUP ? { sessionId } : {}),
          reportTagIds: [],
          evaluationPeriod: { value: 0, type: 'none' as const },
          geoPoint: { latitude: 0, longitude: 0 },
          locale: 'Europe/Brussels',
          personalNotes: [],
          goals: [],
          timestamp: wednesday(w),
        })),
      );
    }),
  );
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/** The admin joins a group's members, the role given by the sphere's other admin (decision 0012). */
const becomeMember = (of = sessionId) =>
  rolesFromCoAdmin(stack, admin, { sphereId, sessionId: of, memberId }, ['owner', 'member']);
const setSubscription = (subscription: 'starter' | 'essentials') =>
  usersDb().entities.user.patch({ userId: adminId }).set({ subscription }).go();

describe('a group’s custom reports', () => {
  it('are refused to the group’s referent and the sphere’s admin who is not a member, and to a starter member', async () => {
    await setSubscription('essentials');
    const asReferent = await call(groupBase());
    expect(asReferent.status).toBe(403);
    // A member role the admin gives themselves lifts nothing (decision 0012).
    await call(`/v1/sessions/${sessionId}/members/${memberId}`, 'PUT', { roles: ['owner', 'member'] });
    expect((await call(groupBase())).status).toBe(403);
    await setSubscription('starter');
    await becomeMember();
    expect((await call(groupBase())).status).toBe(403);
    expect((await call(groupBase(), 'POST', { name: 'Ours', start: start(), end: today() })).status).toBe(
      403,
    );
    await setSubscription('essentials');
    expect((await call(groupBase())).status).toBe(200);
  });

  it('are not a starter group’s: its members are refused with essentials-required', async () => {
    await setSubscription('essentials');
    const starter = await call<{ id: string }>(`/v1/spheres/${sphereId}/sessions`, 'POST', {
      category: 'contributor',
      name: { en: 'Starter workshop' },
      publicName: { en: 'Starter group' },
      isPublic: true,
      ownerIds: [memberId],
    });
    expect(starter.status).toBe(201);
    await becomeMember(starter.body.id);
    const refused = await call(`/v1/reports/sessions/${starter.body.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.key).toBe('essentials-required');
  });

  it('show the group’s figures in a data shot: those of the group’s report, not the sphere’s', async () => {
    await becomeMember();
    await setSubscription('essentials');
    const report = await call<CustomReport>(groupBase(), 'POST', {
      name: 'Workshop look-back',
      start: start(),
      end: today(),
      languages: ['en'],
    });
    expect(report.status).toBe(201);
    expect(report.body).toMatchObject({ sphereId, sessionId });
    const at = `${groupBase()}/${report.body.reportId}`;
    const part = await call<ReportPart>(`${at}/parts`, 'POST', { name: 'How we felt' });
    const card = await call<ReportCard>(`${at}/cards`, 'POST', {
      type: 'dataShot',
      partId: part.body.partId,
      title: 'The group',
      dataShot: { source: 'feelings', measure: 'people', view: 'total', interval: 'week', tagIds: [] },
    });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    const read = await call<ReportPartDetail>(`${at}/parts/${part.body.partId}`);
    expect(read.status).toBe(200);
    const data = read.body.cards[0]?.data;
    const groupReport = await call<SphereReport>('/v1/feelings/session-reports', 'POST', {
      sessionId,
      start: start(),
      end: today(),
      generalOptions: { include: ['colors', 'averages', 'words'], interval: 'week' },
    });
    expect(groupReport.status).toBe(200);
    expect(data?.source).toBe('feelings');
    expect(data && 'total' in data ? data.total : undefined).toEqual(groupReport.body.total);
    // Ten people, all of whom felt well: none of the sphere’s nine others is counted.
    expect(groupReport.body.total).toMatchObject({ shown: true, people: IN_GROUP });
    // The card's text speaks of the group by the name its members see, not of the whole sphere.
    const written = await call<{ text: string }>(`${at}/cards/${card.body.cardId}/prompt`, 'POST', {
      lang: 'en',
    });
    expect(written.status).toBe(200);
    expect(written.body.text).toContain(`${IN_GROUP} people (Group)`);
    expect(written.body.text).not.toContain('Workshop');
  });

  it('are kept apart from the sphere’s: not listed nor found under the sphere’s routes, and the other way round', async () => {
    await becomeMember();
    await setSubscription('essentials');
    const ours = await call<CustomReport>(groupBase(), 'POST', {
      name: 'Group only',
      start: start(),
      end: today(),
    });
    const theirs = await call<CustomReport>(sphereBase(), 'POST', {
      name: 'Sphere only',
      start: start(),
      end: today(),
    });
    expect([ours.status, theirs.status]).toEqual([201, 201]);
    const sphereList = await call<{ reports: CustomReport[] }>(sphereBase());
    expect(sphereList.body.reports.map((r) => r.name)).toContain('Sphere only');
    expect(sphereList.body.reports.map((r) => r.name)).not.toContain('Group only');
    const groupList = await call<{ reports: CustomReport[] }>(groupBase());
    expect(groupList.body.reports.map((r) => r.name)).toContain('Group only');
    expect(groupList.body.reports.map((r) => r.name)).not.toContain('Sphere only');
    // The sphere's admin reaches no group report through the sphere's routes (group-report exception).
    expect((await call(`${sphereBase()}/${ours.body.reportId}`)).status).toBe(404);
    expect((await call(`${sphereBase()}/${ours.body.reportId}`, 'DELETE')).status).toBe(404);
    expect((await call(`${groupBase()}/${theirs.body.reportId}`)).status).toBe(404);
    // A group that does not exist is refused, as any group the caller is not a member of.
    expect((await call(`/v1/reports/sessions/${randomUUID()}`)).status).toBe(403);
  });

  it('refuse a campaign’s data shot, and render to a file for the group’s members', async () => {
    await becomeMember();
    await setSubscription('essentials');
    const report = await call<CustomReport>(groupBase(), 'POST', {
      name: 'Rendered',
      start: start(),
      end: today(),
    });
    const at = `${groupBase()}/${report.body.reportId}`;
    const part = await call<ReportPart>(`${at}/parts`, 'POST', { name: 'Part' });
    const campaignShot = await call(`${at}/cards`, 'POST', {
      type: 'dataShot',
      partId: part.body.partId,
      title: 'A step',
      dataShot: { source: 'campaign', cycleId: 'c1', stepId: 's1', tagIds: [] },
    });
    expect(campaignShot.status).toBe(400);
    expect(campaignShot.body.errors).toEqual([{ key: 'not-valid', field: 'body.dataShot.source' }]);
    await call(`${at}/cards`, 'POST', { type: 'text', partId: part.body.partId, title: 'Hello' });
    const render = await call<Render>(`${at}/renders`, 'POST', {
      name: 'Group file',
      lang: 'fr',
      partIds: [part.body.partId],
    });
    expect(render.status).toBe(202);
    const done = await eventually(
      async () => {
        const listed = await call<{ renders: Render[] }>(`${at}/renders`);
        const found = listed.body.renders.find((r) => r.renderId === render.body.renderId);
        return found && found.status !== 'inProgress' ? found : undefined;
      },
      { tries: 600, what: 'render finished' },
    );
    expect(done.status, done.reason).toBe('done');
    const link = await call<{ url: string }>(`${at}/renders/${render.body.renderId}/download`);
    expect(link.status).toBe(200);
    const pdf = new Uint8Array(await (await fetch(link.body.url)).arrayBuffer());
    // The file names the group as its members see it, then its sphere.
    const text = (await new PDFParse({ data: pdf }).getText()).text;
    expect(text).toContain('Group (Group report sphere)');
    expect(text).not.toContain('Workshop');
  }, 120_000);

  it('go with their group: deleting the group erases its reports, their parts and cards, and none of the sphere’s', async () => {
    await setSubscription('essentials');
    const doomed = await call<{ id: string }>(`/v1/spheres/${sphereId}/sessions`, 'POST', {
      category: 'contributor',
      name: { en: 'Short-lived workshop' },
      publicName: { en: 'Short-lived group' },
      isPublic: true,
      subscription: 'essentials',
      ownerIds: [memberId],
    });
    await becomeMember(doomed.body.id);
    const at = `/v1/reports/sessions/${doomed.body.id}`;
    const report = await call<CustomReport>(at, 'POST', { name: 'Soon gone', start: start(), end: today() });
    expect(report.status).toBe(201);
    const reportId = report.body.reportId;
    const part = await call<ReportPart>(`${at}/${reportId}/parts`, 'POST', { name: 'Part' });
    await call(`${at}/${reportId}/cards`, 'POST', {
      type: 'text',
      partId: part.body.partId,
      title: 'A card',
    });
    const kept = await call<CustomReport>(sphereBase(), 'POST', {
      name: 'Stays',
      start: start(),
      end: today(),
    });

    expect((await call(`/v1/sessions/${doomed.body.id}`, 'DELETE')).status).toBe(204);
    const { entities } = reportsDb();
    expect((await entities.customReport.get({ sphereId, reportId }).go()).data).toBeNull();
    expect((await entities.reportPart.query.byReport({ reportId }).go()).data).toEqual([]);
    expect((await entities.reportCard.query.byReport({ reportId }).go()).data).toEqual([]);
    const sphereList = await call<{ reports: CustomReport[] }>(sphereBase());
    expect(sphereList.body.reports.map((r) => r.reportId)).toContain(kept.body.reportId);
  });
});
