import type { vi } from 'vitest';
import type { Campaign, Cycle, CycleParticipants } from '@shared/contracts/campaigns';
import type { FormEntitlement } from '@shared/contracts/forms';
import type { Sphere } from '@shared/contracts/spheres';
import { defineRules, type AbilityFacts } from '@shared/domain/ability';
import { jsonResponse, sphereFixture } from '../../test/fixtures';
import { campaignFixture as testCampaign, cycleFixture as testCycle } from '../../test/campaigns';
import { meFixture } from '../../test/me';

export { testCampaign, testCycle };

export const NOW = '2026-03-01T10:00:00.000Z';
/** Where the fake serves a campaign's own logo once confirmed. */
export const CAMPAIGN_LOGO_URL = 'https://app.example.com/logos/campaigns/campaign-1/a.png';

export function testSphere(extra: Partial<Sphere> = {}): Sphere {
  return sphereFixture({
    strategyEnabled: true,
    entitlements: {
      engagementUp: { active: true, campaignTemplatesAvailable: false },
      salesUp: { active: false },
    },
    createdAt: NOW,
    updateDate: NOW,
    ...extra,
  });
}

export function participants(counts: Partial<CycleParticipants['counts']> = {}): CycleParticipants {
  return {
    counts: { invited: 3, blank: 0, inProgress: 0, done: 0, refused: 0, ...counts },
    people: [],
  };
}

export interface CampaignsServerOptions {
  roles?: AbilityFacts['spheres'][number]['roles'];
  sphere?: Sphere;
  campaigns?: Campaign[];
  cycles?: Cycle[];
  participants?: CycleParticipants;
  forms?: FormEntitlement[];
  /** Answers of the next writes (POST or PUT), in turn, instead of saving them. */
  writeAnswers?: { status: number; body: unknown }[];
}

const list = <T>(items: T[]) => ({ count: items.length, items, max: 200, offset: 0 });

/** A small fake of the campaigns API (and what its editors read) over `fetch`, recording what was sent. */
export function fakeCampaignsServer(
  fetchMock: ReturnType<typeof vi.fn<typeof fetch>>,
  options: CampaignsServerOptions = {},
) {
  const facts: AbilityFacts = {
    userId: 'user-1',
    isGuest: false,
    subscription: 'essentials',
    globalRoles: [],
    superAdminMode: false,
    spheres: [{ sphereId: 'sphere-1', roles: options.roles ?? ['admin'] }],
    sessions: [],
  };
  const state = {
    campaigns: [...(options.campaigns ?? [])],
    cycles: [...(options.cycles ?? [])],
  };
  const writeAnswers = [...(options.writeAnswers ?? [])];
  const sent: { method: string; path: string; body: unknown }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input)).pathname;
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    if (path === '/v1/me')
      return jsonResponse(
        200,
        meFixture({
          spheres: [{ id: 'sphere-1', name: 'Atelier' }],
          ability: { subscription: 'essentials', rules: defineRules(facts) },
        }),
      );
    if (path === '/v1/spheres/sphere-1') return jsonResponse(200, options.sphere ?? testSphere());
    if (path === '/v1/forms/spheres/sphere-1/entitlements')
      return jsonResponse(200, list(options.forms ?? []));
    if (path === '/v1/spheres/sphere-1/tags' || path === '/v1/spheres/sphere-1/sessions')
      return jsonResponse(200, list([]));
    if (path === '/v1/thinkings/definitions/axes') return jsonResponse(200, list([]));
    if (method !== 'GET' && method !== 'DELETE') {
      const answer = writeAnswers.shift();
      if (answer) return jsonResponse(answer.status, answer.body);
    }
    if (path === '/v1/campaigns/spheres/sphere-1') {
      if (method === 'GET')
        return jsonResponse(200, {
          items: state.campaigns.map((c) => ({
            ...c,
            cyclesCount: state.cycles.filter((cycle) => cycle.campaignId === c.campaignId).length,
          })),
          count: state.campaigns.length,
        });
      const created = testCampaign({ ...(body as Partial<Campaign>), campaignId: 'campaign-new' });
      state.campaigns.push(created);
      return jsonResponse(201, created);
    }
    const participantsMatch = /^\/v1\/campaigns\/([^/]+)\/cycles\/([^/]+)\/participants$/.exec(path);
    if (participantsMatch) return jsonResponse(200, options.participants ?? participants());
    const commandMatch = /^\/v1\/campaigns\/([^/]+)\/cycles\/([^/]+)\/commands$/.exec(path);
    if (commandMatch) {
      const cycle = state.cycles.find((c) => c.cycleId === commandMatch[2]) ?? testCycle();
      return jsonResponse(200, { cycle, participantCount: 0 });
    }
    const cycleMatch = /^\/v1\/campaigns\/([^/]+)\/cycles(?:\/([^/]+))?$/.exec(path);
    if (cycleMatch) {
      if (method === 'DELETE') {
        state.cycles = state.cycles.filter((c) => c.cycleId !== cycleMatch[2]);
        return new Response(null, { status: 204 });
      }
      if (method === 'GET') return jsonResponse(200, { items: state.cycles, count: state.cycles.length });
      const saved = testCycle({ ...(body as Partial<Cycle>), cycleId: cycleMatch[2] ?? 'cycle-new' });
      state.cycles = [...state.cycles.filter((c) => c.cycleId !== saved.cycleId), saved];
      return jsonResponse(method === 'POST' ? 201 : 200, saved);
    }
    // A campaign's own logo: its routes leave its updateDate as it is.
    const logoMatch = /^\/v1\/campaigns\/([^/]+)\/logo$/.exec(path);
    if (logoMatch) {
      const found = state.campaigns.find((c) => c.campaignId === logoMatch[1]);
      if (!found) return jsonResponse(404, { key: 'not-found' });
      const uploadKey = `uploads/campaigns/${found.campaignId}/x.png`;
      if (method === 'POST')
        return jsonResponse(200, {
          uploadUrl: 'https://assets.example.com/',
          fields: { key: uploadKey, 'Content-Type': 'image/png', Policy: 'p' },
          key: uploadKey,
          expiresAt: '2026-03-01T10:05:00.000Z',
        });
      const { logo: _logo, logoUrl: _logoUrl, ...rest } = found;
      const sphereLogo = (options.sphere ?? testSphere()).logoUrl;
      const saved: Campaign =
        method === 'PUT'
          ? { ...rest, logo: `logos/campaigns/${found.campaignId}/a.png`, logoUrl: CAMPAIGN_LOGO_URL }
          : { ...rest, ...(rest.useSphereLogo && sphereLogo ? { logoUrl: sphereLogo } : {}) };
      state.campaigns = state.campaigns.map((c) => (c.campaignId === saved.campaignId ? saved : c));
      return jsonResponse(200, saved);
    }
    const campaignMatch = /^\/v1\/campaigns\/([^/]+)(\/measures|\/commands)?$/.exec(path);
    if (campaignMatch) {
      const found = state.campaigns.find((c) => c.campaignId === campaignMatch[1]);
      if (!found) return jsonResponse(404, { key: 'not-found' });
      if (method === 'GET') return jsonResponse(200, found);
      const saved = { ...found, ...(body as Partial<Campaign>), updateDate: new Date().toISOString() };
      state.campaigns = state.campaigns.map((c) => (c.campaignId === saved.campaignId ? saved : c));
      return jsonResponse(200, saved);
    }
    return jsonResponse(404, { key: 'not-found' });
  });
  return {
    calls: (method: string, path: string) => sent.filter((c) => c.method === method && c.path === path),
  };
}
