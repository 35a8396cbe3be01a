import { subject } from '@casl/ability';
import { describe, expect, it } from 'vitest';
import { buildAbility, defineRules, reservedForEssentials, type AbilityFacts } from './ability';
import type { SessionRole } from './sessions';
import type { SphereRole } from './spheres';

const base: AbilityFacts = {
  userId: 'u1',
  isGuest: false,
  subscription: 'starter',
  globalRoles: [],
  superAdminMode: false,
  spheres: [],
  sessions: [],
};

describe('ability rules', () => {
  it('a user may read their own feelings and not another user’s', () => {
    const ability = buildAbility(defineRules(base));
    expect(ability.can('get', subject('feeling', { userId: 'u1' }))).toBe(true);
    expect(ability.can('get', subject('feeling', { userId: 'u2' }))).toBe(false);
  });

  it('a registered user may create a sphere, a guest may not', () => {
    expect(buildAbility(defineRules(base)).can('post', 'sphere')).toBe(true);
    expect(buildAbility(defineRules({ ...base, isGuest: true })).can('post', 'sphere')).toBe(false);
  });

  it('guests cannot see the subscription', () => {
    expect(buildAbility(defineRules({ ...base, isGuest: true })).can('get', 'subscription')).toBe(false);
  });

  it('strategy is reserved for essentials subscribers', () => {
    expect(buildAbility(defineRules(base)).can('post', subject('strategy', { userId: 'u1' }))).toBe(false);
    const essentials = buildAbility(defineRules({ ...base, subscription: 'essentials' }));
    expect(essentials.can('post', subject('strategy', { userId: 'u1' }))).toBe(true);
  });

  it('the super-admin header gives every right only to a super-admin', () => {
    expect(buildAbility(defineRules({ ...base, superAdminMode: true })).can('manage', 'galaxy')).toBe(false);
    const superAdmin = buildAbility(
      defineRules({ ...base, superAdminMode: true, globalRoles: ['super-admin'] }),
    );
    expect(superAdmin.can('manage', 'galaxy')).toBe(true);
  });

  it('thinking is reserved for Essentials: a starter user and a guest have none, a subscriber their own', () => {
    expect(buildAbility(defineRules(base)).can('post', 'thinking')).toBe(false);
    expect(buildAbility(defineRules({ ...base, isGuest: true })).can('get', 'thinking')).toBe(false);
    const essentials = buildAbility(defineRules({ ...base, subscription: 'essentials' }));
    expect(essentials.can('post', subject('thinking', { userId: 'u1' }))).toBe(true);
    expect(essentials.can('get', subject('thinking', { userId: 'u2' }))).toBe(false);
  });

  it('a refusal is the subscription’s only when Essentials would allow it', () => {
    expect(reservedForEssentials(base, 'post', 'thinking')).toBe(true);
    expect(reservedForEssentials({ ...base, isGuest: true }, 'put', 'feeling-goal')).toBe(true);
    expect(reservedForEssentials(base, 'manage', 'axes')).toBe(false);
  });

  it('everyone reads the axis catalogue; only a super-admin in super-admin mode manages it', () => {
    expect(buildAbility(defineRules({ ...base, isGuest: true })).can('get', 'axes')).toBe(true);
    expect(buildAbility(defineRules({ ...base, subscription: 'premium' })).can('manage', 'axes')).toBe(false);
    expect(buildAbility(defineRules({ ...base, globalRoles: ['super-admin'] })).can('manage', 'axes')).toBe(
      false,
    );
    const mode = { ...base, globalRoles: ['super-admin'], superAdminMode: true };
    expect(buildAbility(defineRules(mode)).can('manage', 'axes')).toBe(true);
  });
});

describe('sphere rights follow memberships, sphere by sphere', () => {
  const inA = (roles: ('admin' | 'contributor' | 'sales-up')[]) =>
    buildAbility(defineRules({ ...base, spheres: [{ sphereId: 'A', roles }] }));
  const on = (type: 'sphere' | 'member' | 'session' | 'sphere-tag', sphereId: string) =>
    subject(type, { sphereId });

  it.each([
    // roles, action, subject, on sphere A, on sphere B
    [['admin'], 'get', 'sphere', true, false],
    [['admin'], 'put', 'sphere', true, false],
    [['admin'], 'manage', 'member', true, false],
    [['admin'], 'post', 'session', true, false],
    [['admin'], 'delete', 'sphere-tag', true, false],
    [['contributor'], 'get', 'sphere', true, false],
    [['contributor'], 'put', 'sphere', false, false],
    [['contributor'], 'post', 'member', false, false],
    [['sales-up'], 'get', 'sphere', true, false],
    [['sales-up'], 'put', 'sphere', false, false],
  ] as const)('%j may %s %s on their sphere: %s; on another: %s', (roles, action, type, a, b) => {
    expect(inA([...roles]).can(action, on(type, 'A'))).toBe(a);
    expect(inA([...roles]).can(action, on(type, 'B'))).toBe(b);
  });

  it('a sales-up member sees the consumer sessions of their sphere, not its contributor groups nor another sphere’s', () => {
    const salesUp = buildAbility(
      defineRules({ ...base, spheres: [{ sphereId: 'A', roles: ['sales-up'], salesUpActive: true }] }),
    );
    const session = (sphereId: string, category: 'consumer' | 'contributor') =>
      subject('session', { sessionId: 's1', sphereId, category });
    expect(salesUp.can('get', session('A', 'consumer'))).toBe(true);
    expect(salesUp.can('get', session('A', 'contributor'))).toBe(false);
    expect(salesUp.can('get', session('B', 'consumer'))).toBe(false);
    expect(salesUp.can('put', session('A', 'consumer'))).toBe(false);
    expect(inA(['contributor']).can('get', session('A', 'consumer'))).toBe(false);
  });

  it('the sales-up role grants nothing while the sphere’s Sales-Up entitlement is off (decision 0047)', () => {
    const consumer = subject('session', { sessionId: 's1', sphereId: 'A', category: 'consumer' });
    const held = (salesUpActive?: boolean) =>
      buildAbility(
        defineRules({ ...base, spheres: [{ sphereId: 'A', roles: ['sales-up'], salesUpActive }] }),
      );
    expect(held(true).can('get', consumer)).toBe(true);
    expect(held(false).can('get', consumer)).toBe(false);
    // Not read (the facts say nothing of it): nothing either.
    expect(held(undefined).can('get', consumer)).toBe(false);
    // The sphere itself stays readable: the person is still its member.
    expect(held(false).can('get', on('sphere', 'A'))).toBe(true);
  });

  it('only the super-admin mode manages a sphere’s entitlements: never its admin nor its galaxy’s', () => {
    const target = subject('sphere-entitlement', { sphereId: 'A' });
    expect(inA(['admin']).can('manage', target)).toBe(false);
    expect(inA(['admin']).can('put', target)).toBe(false);
    const galaxyAdmin = buildAbility(
      defineRules({ ...base, galaxies: [{ galaxyId: 'G', sphereIds: ['A'] }] }),
    );
    expect(galaxyAdmin.can('manage', target)).toBe(false);
    const superAdmin = { ...base, globalRoles: ['super-admin'], spheres: [] };
    expect(buildAbility(defineRules(superAdmin)).can('manage', target)).toBe(false);
    expect(buildAbility(defineRules({ ...superAdmin, superAdminMode: true })).can('manage', target)).toBe(
      true,
    );
  });

  it('a person in no sphere reads none, and any registered person may create one', () => {
    const none = buildAbility(defineRules(base));
    expect(none.can('get', on('sphere', 'A'))).toBe(false);
    expect(none.can('post', 'sphere')).toBe(true);
  });

  it('a super-admin manages every sphere in super-admin mode only', () => {
    const role = { ...base, globalRoles: ['super-admin'] };
    expect(buildAbility(defineRules(role)).can('put', on('sphere', 'B'))).toBe(false);
    expect(buildAbility(defineRules({ ...role, superAdminMode: true })).can('put', on('sphere', 'B'))).toBe(
      true,
    );
  });
});

describe('session rights follow session memberships, session by session', () => {
  type Role = 'member' | 'owner';
  const session = (sessionId: string, sphereId = 'A') => subject('session', { sessionId, sphereId });
  const facts = (
    roles: Role[],
    sphereRoles: ('admin' | 'contributor')[] = ['contributor'],
  ): AbilityFacts => ({
    ...base,
    spheres: [{ sphereId: 'A', roles: sphereRoles }],
    sessions: [{ sessionId: 'g1', sphereId: 'A', category: 'contributor', roles }],
  });

  it.each([
    // session roles, sphere roles, action, on group g1, on group g2 of the same sphere
    [['member'], ['contributor'], 'get', true, false],
    [['member'], ['contributor'], 'put', false, false],
    [['member'], ['contributor'], 'report', true, false],
    [['member'], ['contributor'], 'smartReport', false, false],
    [['owner'], ['contributor'], 'get', true, false],
    [['owner'], ['contributor'], 'put', true, false],
    [['owner'], ['contributor'], 'smartReport', true, false],
    // The group-report exception (spec 02 §6): referents and admins do not see a group's report…
    [['owner'], ['contributor'], 'report', false, false],
    [[], ['admin'], 'report', false, false],
    // …unless they are members of the group.
    [['member'], ['admin'], 'report', true, false],
    [[], ['admin'], 'put', true, true],
    [[], ['admin'], 'delete', true, true],
    [[], ['admin'], 'smartReport', true, true],
    [['owner'], ['contributor'], 'delete', false, false],
  ] as const)(
    'session roles %j with sphere roles %j may %s: on their group %s, on another %s',
    (roles, sphereRoles, action, g1, g2) => {
      const ability = buildAbility(defineRules(facts([...roles], [...sphereRoles])));
      expect(ability.can(action, session('g1'))).toBe(g1);
      expect(ability.can(action, session('g2'))).toBe(g2);
    },
  );

  it('no session right reaches a session of another sphere, even for an admin', () => {
    const admin = buildAbility(defineRules(facts([], ['admin'])));
    expect(admin.can('put', session('x', 'B'))).toBe(false);
    expect(admin.can('get', session('x', 'B'))).toBe(false);
  });

  it.each([
    // session roles, sphere roles, subscription, may work on the group's custom reports
    [['member'], ['contributor'], 'essentials', true],
    [['member'], ['admin'], 'premium', true],
    // Custom reports are not the starter subscription's (spec 02 §6 menu rules)…
    [['member'], ['contributor'], 'starter', false],
    // …and the group-report exception keeps the group's referents and the sphere's admins out.
    [['owner'], ['contributor'], 'essentials', false],
    [[], ['admin'], 'essentials', false],
  ] as const)(
    'a group’s custom reports (decision 0037): session roles %j, sphere roles %j, %s: %s',
    (roles, sphereRoles, subscription, may) => {
      const ability = buildAbility(defineRules({ ...facts([...roles], [...sphereRoles]), subscription }));
      expect(ability.can('report', subject('report', { sessionId: 'g1', sphereId: 'A' }))).toBe(may);
      expect(ability.can('report', subject('report', { sessionId: 'g2', sphereId: 'A' }))).toBe(false);
    },
  );

  it('a super-admin in super-admin mode sees every group report', () => {
    const mode = { ...facts([]), globalRoles: ['super-admin'], superAdminMode: true };
    expect(buildAbility(defineRules(mode)).can('report', session('g1'))).toBe(true);
  });
});

describe('a self-granted member role lifts no group-report exception (decision 0012)', () => {
  const session = (sessionId: string) => subject('session', { sessionId, sphereId: 'A' });
  const reports = (sessionId: string) => subject('report', { sessionId, sphereId: 'A' });
  const facts = (
    roles: SessionRole[],
    sphereRoles: SphereRole[],
    selfGranted: boolean | undefined,
    subscription: AbilityFacts['subscription'] = 'essentials',
  ): AbilityFacts => ({
    ...base,
    subscription,
    spheres: [{ sphereId: 'A', roles: sphereRoles }],
    sessions: [
      {
        sessionId: 'g1',
        sphereId: 'A',
        category: 'contributor',
        roles,
        ...(selfGranted === undefined ? {} : { selfGranted }),
      },
    ],
  });

  it.each([
    // session roles, sphere roles, self-granted, may read the group's report and its custom reports
    // An admin who added themselves, a referent who gave themselves the role: no report.
    [['member'], ['admin', 'contributor'], true, false],
    [['owner', 'member'], ['contributor'], true, false],
    [['owner', 'member'], ['admin'], true, false],
    // Given by someone else, or taken by the link without a right: the report, as before.
    [['member'], ['admin', 'contributor'], false, true],
    [['owner', 'member'], ['contributor'], false, true],
    [['member'], ['contributor'], false, true],
    // A membership written before the rule says nothing: today's behaviour.
    [['member'], ['admin', 'contributor'], undefined, true],
    [['owner', 'member'], ['contributor'], undefined, true],
  ] as const)(
    'session roles %j, sphere roles %j, self-granted %s: reads the reports %s',
    (roles, sphereRoles, selfGranted, may) => {
      const ability = buildAbility(defineRules(facts([...roles], [...sphereRoles], selfGranted)));
      expect(ability.can('report', session('g1'))).toBe(may);
      expect(ability.can('report', reports('g1'))).toBe(may);
      expect(ability.can('report', session('g2'))).toBe(false);
    },
  );

  it('a self-granted member keeps every other right of the member role and of their own rights', () => {
    const admin = buildAbility(defineRules(facts(['owner', 'member'], ['admin'], true)));
    expect(admin.can('get', session('g1'))).toBe(true);
    expect(admin.can('put', session('g1'))).toBe(true);
    expect(admin.can('smartReport', session('g1'))).toBe(true);
    expect(admin.can('get', subject('strategy', { sessionId: 'g1', sphereId: 'A' }))).toBe(true);
    expect(admin.can('post', subject('strategy-assessment', { sessionId: 'g1', sphereId: 'A' }))).toBe(true);
    // The sphere's own reports stay its admins' (smartReport on the sphere).
    expect(admin.can('smartReport', subject('sphere', { sphereId: 'A' }))).toBe(true);
  });

  it('the refusal is not the subscription’s: Essentials would not open it either', () => {
    const starter = facts(['member'], ['admin'], true, 'starter');
    expect(reservedForEssentials(starter, 'report', reports('g1'))).toBe(false);
    expect(
      reservedForEssentials(facts(['member'], ['admin'], false, 'starter'), 'report', reports('g1')),
    ).toBe(true);
  });

  it('a super-admin in super-admin mode still sees every group report', () => {
    const mode = {
      ...facts(['member'], ['admin'], true),
      globalRoles: ['super-admin'],
      superAdminMode: true,
    };
    expect(buildAbility(defineRules(mode)).can('report', session('g1'))).toBe(true);
  });
});

describe('strategies of spheres and sessions (decision 0019)', () => {
  const member = (
    subscription: AbilityFacts['subscription'],
    sphereRoles: SphereRole[],
    sessionRoles: SessionRole[] = [],
  ) =>
    buildAbility(
      defineRules({
        ...base,
        subscription,
        spheres: [{ sphereId: 'A', roles: sphereRoles }],
        sessions: sessionRoles.length
          ? [{ sessionId: 'g1', sphereId: 'A', category: 'contributor', roles: sessionRoles }]
          : [],
      }),
    );
  const ofSphere = (sphereId: string) => subject('strategy', { sphereId });
  const ofSession = (sessionId: string, sphereId = 'A') => subject('strategy', { sessionId, sphereId });
  const assessing = (resource: Record<string, string>) => subject('strategy-assessment', resource);

  it('a member reads and assesses the sphere’s strategy, and may not write it', () => {
    const ability = member('essentials', ['contributor']);
    expect(ability.can('get', ofSphere('A'))).toBe(true);
    expect(ability.can('post', assessing({ sphereId: 'A' }))).toBe(true);
    expect(ability.can('put', ofSphere('A'))).toBe(false);
    expect(ability.can('post', ofSphere('A'))).toBe(false);
    expect(ability.can('get', ofSphere('B'))).toBe(false);
    expect(ability.can('post', assessing({ sphereId: 'B' }))).toBe(false);
  });

  it('a sphere member’s rules do not reach the strategy of a session they are not in', () => {
    const ability = member('essentials', ['contributor']);
    expect(ability.can('get', ofSession('g1'))).toBe(false);
    expect(ability.can('post', assessing({ sessionId: 'g1', sphereId: 'A' }))).toBe(false);
  });

  it('an admin writes the sphere’s strategy and its sessions’, never another sphere’s', () => {
    const ability = member('essentials', ['admin']);
    for (const action of ['get', 'post', 'put', 'delete'] as const) {
      expect(ability.can(action, ofSphere('A'))).toBe(true);
      expect(ability.can(action, ofSession('g1'))).toBe(true);
      expect(ability.can(action, ofSphere('B'))).toBe(false);
      expect(ability.can(action, ofSession('x', 'B'))).toBe(false);
    }
  });

  it('a session member reads and assesses its strategy; its owner writes it', () => {
    const inGroup = member('essentials', ['contributor'], ['member']);
    expect(inGroup.can('get', ofSession('g1'))).toBe(true);
    expect(inGroup.can('post', assessing({ sessionId: 'g1', sphereId: 'A' }))).toBe(true);
    expect(inGroup.can('put', ofSession('g1'))).toBe(false);
    const owner = member('essentials', ['contributor'], ['owner']);
    expect(owner.can('put', ofSession('g1'))).toBe(true);
    expect(owner.can('delete', ofSession('g1'))).toBe(true);
    expect(owner.can('post', assessing({ sessionId: 'g1', sphereId: 'A' }))).toBe(false);
    expect(owner.can('put', ofSession('g2'))).toBe(false);
  });

  it('a starter member or admin holds none of it, and the refusal is the subscription’s', () => {
    const starter = member('starter', ['admin'], ['member', 'owner']);
    expect(starter.can('get', ofSphere('A'))).toBe(false);
    expect(starter.can('put', ofSession('g1'))).toBe(false);
    expect(starter.can('post', assessing({ sphereId: 'A' }))).toBe(false);
    const facts = { ...base, spheres: [{ sphereId: 'A', roles: ['admin'] as SphereRole[] }] };
    expect(reservedForEssentials(facts, 'put', ofSphere('A'))).toBe(true);
    expect(reservedForEssentials(facts, 'put', ofSphere('B'))).toBe(false);
  });
});

describe('machine translation (post on translation, spec 01 §6)', () => {
  const can = (facts: Partial<AbilityFacts>) =>
    buildAbility(defineRules({ ...base, ...facts })).can('post', 'translation');

  it('is for those who write an organisation’s texts: sphere admins and session owners', () => {
    expect(can({ spheres: [{ sphereId: 'A', roles: ['admin'] }] })).toBe(true);
    expect(
      can({
        spheres: [{ sphereId: 'A', roles: ['contributor'] }],
        sessions: [{ sessionId: 'g1', sphereId: 'A', category: 'contributor', roles: ['owner'] }],
      }),
    ).toBe(true);
  });

  it('is not for a contributor, a session member, a person in no sphere or a guest', () => {
    expect(can({ spheres: [{ sphereId: 'A', roles: ['contributor'] }] })).toBe(false);
    expect(
      can({ sessions: [{ sessionId: 'g1', sphereId: 'A', category: 'contributor', roles: ['member'] }] }),
    ).toBe(false);
    expect(can({})).toBe(false);
    expect(can({ isGuest: true })).toBe(false);
  });
});

describe('links (url, decision 0027): a sphere’s admins and a session’s owners, on their own', () => {
  const url = (fields: { sphereId: string; sessionId?: string }) => subject('url', fields);
  const ability = (facts: Partial<AbilityFacts>) => buildAbility(defineRules({ ...base, ...facts }));

  it('a sphere admin manages the links of their sphere and of its sessions, not another sphere’s', () => {
    const admin = ability({ spheres: [{ sphereId: 'A', roles: ['admin'] }] });
    for (const action of ['get', 'post', 'put', 'delete'] as const) {
      expect(admin.can(action, url({ sphereId: 'A' }))).toBe(true);
      expect(admin.can(action, url({ sphereId: 'A', sessionId: 'g1' }))).toBe(true);
      expect(admin.can(action, url({ sphereId: 'B' }))).toBe(false);
    }
  });

  it('a session owner manages their session’s links only, not the sphere’s nor another session’s', () => {
    const owner = ability({
      spheres: [{ sphereId: 'A', roles: ['contributor'] }],
      sessions: [{ sessionId: 'g1', sphereId: 'A', category: 'contributor', roles: ['owner'] }],
    });
    expect(owner.can('post', url({ sphereId: 'A', sessionId: 'g1' }))).toBe(true);
    expect(owner.can('delete', url({ sphereId: 'A', sessionId: 'g1' }))).toBe(true);
    expect(owner.can('post', url({ sphereId: 'A' }))).toBe(false);
    expect(owner.can('get', url({ sphereId: 'A', sessionId: 'g2' }))).toBe(false);
  });

  it('a contributor, a session member and a guest hold no right on links', () => {
    const contributor = ability({
      spheres: [{ sphereId: 'A', roles: ['contributor'] }],
      sessions: [{ sessionId: 'g1', sphereId: 'A', category: 'contributor', roles: ['member'] }],
    });
    expect(contributor.can('get', url({ sphereId: 'A' }))).toBe(false);
    expect(contributor.can('get', url({ sphereId: 'A', sessionId: 'g1' }))).toBe(false);
    expect(contributor.can('post', 'url')).toBe(false);
    expect(ability({ isGuest: true }).can('get', 'url')).toBe(false);
  });
});
