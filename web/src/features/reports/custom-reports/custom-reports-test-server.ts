import type { vi } from 'vitest';
import type {
  CustomReportDetail,
  Render,
  ReportCard,
  ReportPartDetail,
} from '@shared/contracts/custom-reports';
import type { FormReportEntry } from '@shared/contracts/form-reports';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import type { Tag } from '@shared/contracts/tags';
import { defineRules, type AbilityFacts } from '@shared/domain/ability';
import { jsonResponse, sessionFixture, sphereFixture } from '../../../test/fixtures';
import { meFixture } from '../../../test/me';

const NOW = '2026-03-01T10:00:00.000Z';

export function testSphere(extra: Partial<Sphere> = {}): Sphere {
  return sphereFixture({ createdAt: NOW, updateDate: NOW, ...extra });
}

/** A group (session-1) of the sphere, as its members read it (its name the one they may see). */
export const testSession = (extra: Partial<Session> = {}): Session =>
  sessionFixture({ createdAt: NOW, updateDate: NOW, ...extra });

export function testCard(extra: Partial<ReportCard> = {}): ReportCard {
  return {
    cardId: 'card-1',
    partId: 'part-1',
    type: 'text',
    title: 'Introduction',
    description: '',
    result: '',
    legend: '',
    position: 0,
    hidden: false,
    bookmark: false,
    favourite: false,
    ...extra,
  };
}

export function testReport(extra: Partial<CustomReportDetail> = {}): CustomReportDetail {
  return {
    reportId: 'report-1',
    sphereId: 'sphere-1',
    name: 'Spring review',
    description: '',
    status: 'draft',
    template: 'full',
    languages: ['fr', 'en'],
    dimensions: [],
    start: '2026-01-01',
    end: '2026-03-31',
    cardCount: 3,
    createdAt: NOW,
    updatedAt: NOW,
    anonymityNotGuaranteed: false,
    parts: [
      { partId: 'part-1', name: 'Overview', status: 'draft', position: 0, cardCount: 2 },
      { partId: 'part-2', name: 'Teams', status: 'inProgress', position: 1, cardCount: 1 },
      { partId: 'part-3', name: 'Appendix', status: 'draft', position: 2, cardCount: 0 },
    ],
    cards: [
      testCard(),
      testCard({ cardId: 'card-2', title: 'Details', position: 1, parentCardId: 'card-1', bookmark: true }),
      testCard({ cardId: 'card-3', partId: 'part-2', title: 'North', favourite: true }),
    ],
    ...extra,
  };
}

export function testPart(extra: Partial<ReportPartDetail> = {}): ReportPartDetail {
  return {
    partId: 'part-1',
    reportId: 'report-1',
    name: 'Overview',
    status: 'draft',
    position: 0,
    cardCount: 2,
    anonymityNotGuaranteed: false,
    cards: [],
    ...extra,
  };
}

export function testRender(extra: Partial<Render> = {}): Render {
  return {
    renderId: 'render-1',
    reportId: 'report-1',
    name: '01-03-2026 Spring review',
    fileName: 'spring-review.pdf',
    format: 'pdf',
    lang: 'en',
    partIds: ['part-1'],
    status: 'done',
    createdAt: NOW,
    ...extra,
  };
}

export function testTag(id: string, name: Tag['name'], extra: Partial<Tag> = {}): Tag {
  return {
    id,
    shortId: id,
    name,
    type: 'department',
    color: '#123456',
    weight: 0,
    modules: ['member'],
    keywords: [],
    archived: false,
    autoTag: false,
    updateDate: NOW,
    ...extra,
  };
}

export interface CustomServerOptions {
  roles?: AbilityFacts['spheres'][number]['roles'];
  /** The caller's roles in the group session-1 of sphere-1; none: not in the group. */
  sessionRoles?: AbilityFacts['sessions'][number]['roles'];
  session?: Session;
  /** The sphere sphere-1 as GET /v1/spheres/sphere-1 answers it (`testSphere()` unless given). */
  sphere?: Sphere;
  subscription?: AbilityFacts['subscription'];
  reports?: CustomReportDetail[];
  /** The group's list, when it differs from the sphere's (`reports`). */
  sessionReports?: CustomReportDetail[];
  report?: CustomReportDetail;
  part?: ReportPartDetail;
  renders?: Render[];
  tags?: Tag[];
  prompt?: { text: string; writtenBy: 'local-writer' | 'bedrock' };
  /** The questionnaires the sphere's (and the group's) reports may show (decision 0038). */
  forms?: FormReportEntry[];
  /** The group's, when they differ from the sphere's (`forms`). */
  sessionForms?: FormReportEntry[];
  /** Answers of a route by `METHOD path`: a status and a body instead of the fake's. */
  fail?: Record<string, { status: number; body: unknown }>;
}

/**
 * A card's change as the API makes it: moved to another part, it goes to the end there without a
 * parent, and the cards under it follow.
 */
function changeCard(report: CustomReportDetail, card: ReportCard, body: Partial<ReportCard>): ReportCard {
  const target = body.partId;
  if (!target || target === card.partId) {
    Object.assign(card, body);
    return card;
  }
  const inTarget = report.cards.filter((c) => c.partId === target);
  const end = inTarget.length ? Math.max(...inTarget.map((c) => c.position)) + 1 : 0;
  const under = (id: string): ReportCard[] =>
    report.cards
      .filter((c) => c.parentCardId === id && c.partId === card.partId)
      .flatMap((c) => [c, ...under(c.cardId)]);
  const count = (partId: string, by: number) => {
    const part = report.parts.find((p) => p.partId === partId);
    if (part) part.cardCount += by;
  };
  const followers = under(card.cardId);
  count(card.partId, -followers.length - 1);
  count(target, followers.length + 1);
  for (const child of followers) child.partId = target;
  Object.assign(card, { position: end, ...body });
  delete card.parentCardId;
  return card;
}

/** Where the custom reports of sphere-1 and of its group session-1 are. */
const SCOPES = ['/v1/reports/spheres/sphere-1', '/v1/reports/sessions/session-1'];

/**
 * A small fake of the API the custom-report screens read, recording what was sent. A group's
 * reports (session-1) answer as the sphere's.
 */
export function fakeCustomServer(
  fetchMock: ReturnType<typeof vi.fn<typeof fetch>>,
  options: CustomServerOptions = {},
) {
  const facts: AbilityFacts = {
    userId: 'user-1',
    isGuest: false,
    subscription: options.subscription ?? 'essentials',
    globalRoles: [],
    superAdminMode: false,
    spheres: [{ sphereId: 'sphere-1', roles: options.roles ?? ['admin'] }],
    sessions: options.sessionRoles
      ? [
          {
            sessionId: 'session-1',
            sphereId: 'sphere-1',
            category: 'contributor',
            roles: options.sessionRoles,
          },
        ]
      : [],
  };
  // The report as the writes leave it: a part's or a card's change is read back, as the API does.
  const report = structuredClone(options.report ?? testReport());
  const sent: { method: string; path: string; body: unknown }[] = [];
  const base = '/v1/reports/spheres/sphere-1';
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path: url.pathname, body });
    const failure = options.fail?.[`${method} ${url.pathname}`];
    if (failure) return jsonResponse(failure.status, failure.body);
    // The group's reports answer as the sphere's: the tests tell them apart by the paths sent.
    const scope = SCOPES.find((b) => url.pathname === b || url.pathname.startsWith(`${b}/`));
    const path = scope ? `${base}${url.pathname.slice(scope.length)}` : url.pathname;
    if (path === '/v1/me')
      return jsonResponse(
        200,
        meFixture({
          spheres: [{ id: 'sphere-1', name: 'Atelier' }],
          ability: { subscription: facts.subscription, rules: defineRules(facts) },
        }),
      );
    if (path === '/v1/spheres/sphere-1') return jsonResponse(200, options.sphere ?? testSphere());
    if (path === '/v1/sessions/session-1') return jsonResponse(200, options.session ?? testSession());
    if (path === '/v1/spheres/sphere-1/tags') {
      const items = options.tags ?? [];
      return jsonResponse(200, { count: items.length, items, max: 2000, offset: 0 });
    }
    if (path === '/v1/forms/reports/spheres/sphere-1')
      return jsonResponse(200, { forms: options.forms ?? [] });
    if (path === '/v1/forms/reports/sessions/session-1')
      return jsonResponse(200, { forms: options.sessionForms ?? options.forms ?? [] });
    if (path === '/v1/feelings/definitions/words')
      return jsonResponse(200, { count: 0, items: [], max: 1000, offset: 0 });
    if (path === '/v1/thinkings/definitions/axes')
      return jsonResponse(200, { count: 0, items: [], max: 500, offset: 0 });
    if (path === base && method === 'GET') {
      const listed = scope === SCOPES[1] ? (options.sessionReports ?? options.reports) : options.reports;
      const reports = (listed ?? [report]).map(
        ({ parts: _parts, cards: _cards, anonymityNotGuaranteed: _a, ...r }) => r,
      );
      return jsonResponse(200, { reports });
    }
    if (path === base && method === 'POST') {
      const asked = body as Record<string, unknown>;
      const { parts: _parts, cards: _cards, anonymityNotGuaranteed: _a, ...r } = report;
      return jsonResponse(201, { ...r, ...asked, reportId: 'report-new', cardCount: 0 });
    }
    const reportPath = `${base}/report-1`;
    if (path === reportPath && method === 'GET') return jsonResponse(200, report);
    if (path === reportPath && method === 'PUT') {
      const { parts: _parts, cards: _cards, anonymityNotGuaranteed: _a, ...r } = report;
      return jsonResponse(200, { ...r, ...(body as object) });
    }
    if (path === reportPath && method === 'DELETE') return new Response(null, { status: 204 });
    if (path.startsWith(`${reportPath}/renders/`) && !path.endsWith('/download') && method === 'DELETE')
      return new Response(null, { status: 204 });
    if (path === `${reportPath}/renders` && method === 'GET')
      return jsonResponse(200, { renders: options.renders ?? [] });
    if (path === `${reportPath}/renders` && method === 'POST')
      return jsonResponse(
        202,
        testRender({ ...(body as object), renderId: 'render-new', status: 'inProgress' }),
      );
    const download = /^\/v1\/reports\/spheres\/sphere-1\/report-1\/renders\/([^/]+)\/download$/.exec(path);
    if (download && method === 'GET')
      return jsonResponse(200, {
        url: `https://files.example.com/${download[1]}.pdf?signature=abc`,
        expiresAt: '2026-03-01T10:05:00.000Z',
      });
    const partMatch = /^\/v1\/reports\/spheres\/sphere-1\/report-1\/parts\/([^/]+)$/.exec(path);
    if (partMatch && method === 'GET')
      return jsonResponse(200, options.part ?? testPart({ partId: partMatch[1] }));
    if (partMatch && method === 'PUT') {
      const index = report.parts.findIndex((p) => p.partId === partMatch[1]);
      const changed = {
        ...(report.parts[index] ?? testPart()),
        partId: partMatch[1] ?? '',
        ...(body as object),
      } as ReportPartDetail;
      if (index >= 0) report.parts[index] = changed;
      return jsonResponse(200, changed);
    }
    if (partMatch && method === 'DELETE') return new Response(null, { status: 204 });
    if (path === `${reportPath}/parts` && method === 'POST')
      return jsonResponse(201, {
        partId: 'part-new',
        status: 'draft',
        position: 9,
        cardCount: 0,
        ...(body as object),
      });
    if (path === `${reportPath}/cards` && method === 'POST')
      return jsonResponse(201, testCard({ ...(body as object), cardId: 'card-new' }));
    const prompt = /^\/v1\/reports\/spheres\/sphere-1\/report-1\/cards\/([^/]+)\/prompt$/.exec(path);
    if (prompt && method === 'POST')
      return jsonResponse(200, options.prompt ?? { text: 'People felt calm.', writtenBy: 'local-writer' });
    const card = /^\/v1\/reports\/spheres\/sphere-1\/report-1\/cards\/([^/]+)$/.exec(path);
    if (card && method === 'PUT') {
      const known = report.cards.find((c) => c.cardId === card[1]);
      if (!known) return jsonResponse(200, testCard({ cardId: card[1], ...(body as object) }));
      return jsonResponse(200, changeCard(report, known, body as Partial<ReportCard>));
    }
    if (card && method === 'DELETE') return new Response(null, { status: 204 });
    return jsonResponse(404, { key: 'not-found' });
  });
  return {
    calls: (method: string, path: string) => sent.filter((c) => c.method === method && c.path === path),
  };
}
