import { describe, expect, it } from 'vitest';
import { LinkCreateSchema, LinkUpdateSchema, linkCategoryProblems } from '@shared/contracts/links';
import { buildAbility, defineRules, type AbilityFacts } from '@shared/domain/ability';
import { mayManage, storedWizards, toWizards } from './service';

const facts = (overrides: Partial<AbilityFacts>): AbilityFacts => ({
  userId: 'u1',
  isGuest: false,
  subscription: 'starter',
  globalRoles: [],
  superAdminMode: false,
  spheres: [],
  sessions: [],
  ...overrides,
});

describe('who manages a link', () => {
  const sphereLink = { sphereId: 'A', sessionId: undefined };
  const sessionLink = { sphereId: 'A', sessionId: 'g1' };

  it('its sphere’s admins, for the sphere’s links and its sessions’', () => {
    const admin = buildAbility(defineRules(facts({ spheres: [{ sphereId: 'A', roles: ['admin'] }] })));
    expect(mayManage(admin, 'put', sphereLink)).toBe(true);
    expect(mayManage(admin, 'delete', sessionLink)).toBe(true);
  });

  it('a session’s owners for its links only; another sphere’s admin and no one else', () => {
    const owner = buildAbility(
      defineRules(
        facts({
          spheres: [{ sphereId: 'A', roles: ['contributor'] }],
          sessions: [{ sessionId: 'g1', sphereId: 'A', category: 'contributor', roles: ['owner'] }],
        }),
      ),
    );
    expect(mayManage(owner, 'put', sessionLink)).toBe(true);
    expect(mayManage(owner, 'put', sphereLink)).toBe(false);
    const elsewhere = buildAbility(defineRules(facts({ spheres: [{ sphereId: 'B', roles: ['admin'] }] })));
    expect(mayManage(elsewhere, 'get', sphereLink)).toBe(false);
    expect(mayManage(undefined, 'get', sphereLink)).toBe(false);
  });
});

describe('a link’s wizards as stored', () => {
  it('are kept in their running order and read back the same', () => {
    const stored = storedWizards([
      { type: 'profile' },
      { type: 'form', formId: 'f1' },
      { type: 'feeling', period: 'week' },
    ]);
    expect(stored.map((w) => w.type)).toEqual(['feeling', 'form', 'profile']);
    expect(toWizards(stored)).toEqual([
      { type: 'feeling', period: 'week' },
      { type: 'form', formId: 'f1' },
      { type: 'profile' },
    ]);
  });
});

describe('the contract’s link rules', () => {
  const base = { category: 'sphere', sphereId: 'A', name: 'Poster' };
  const issues = (body: unknown, schema = LinkCreateSchema) => {
    const parsed = schema.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('a link gets its defaults: step 0, no steps, French, no tags', () => {
    expect(LinkCreateSchema.parse(base)).toMatchObject({
      stepNumber: 0,
      wizards: [],
      defaultLanguage: 'fr',
      specificTagIds: [],
      description: '',
    });
  });

  it('a session link names its session, a campaign link its campaign, others neither', () => {
    expect(issues({ ...base, category: 'session' })).toEqual(['sessionId:required']);
    expect(issues({ ...base, category: 'campaign' })).toEqual(['campaignId:required']);
    expect(issues({ ...base, sessionId: 'g1' })).toEqual(['sessionId:unexpected-value-error']);
  });

  it('a redirect is a public https address only (the outbound address rule)', () => {
    expect(issues({ ...base, redirectUrl: 'javascript:alert(1)' })).toEqual(['redirectUrl:invalid-url']);
    expect(issues({ ...base, redirectUrl: 'http://example.be/end' })).toEqual(['redirectUrl:invalid-url']);
    expect(issues({ ...base, redirectUrl: 'https://sentia.app@evil.example/' })).toEqual([
      'redirectUrl:invalid-url',
    ]);
    expect(issues({ ...base, redirectUrl: 'https://example.be/end' })).toEqual([]);
  });

  it('a session’s step number stops at 99, another link’s at 100', () => {
    expect(linkCategoryProblems({ stepNumber: 100, wizards: [] }, 'session')).toEqual([
      { key: 'value-out-of-range-error', path: ['stepNumber'] },
    ]);
    expect(linkCategoryProblems({ stepNumber: 100, wizards: [] }, 'sphere')).toEqual([]);
  });

  it('an update has no place to change', () => {
    // The place is not a field of an update: the schema refuses it (the API answers
    // `unexpected-value-error` on `body.sphereId`).
    expect(LinkUpdateSchema.safeParse({ name: 'x', sphereId: 'B' }).success).toBe(false);
    expect(LinkUpdateSchema.safeParse({ name: 'x' }).success).toBe(true);
  });
});
