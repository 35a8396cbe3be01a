import { describe, expect, it } from 'vitest';
import { parseRequestHeaders } from '@shared/contracts/headers';
import type { AbilityFacts } from '@shared/domain/ability';
import { checkAbility, type AbilityFactsReader } from './ability';
import type { Caller } from './caller';

const caller: Caller = { userId: 'u1', username: 'u1', authTime: 0, originJti: '' };
const headers = parseRequestHeaders({});

/** A contributor of sphere A on a plan. */
const contributorOf =
  (subscription: AbilityFacts['subscription']): AbilityFactsReader =>
  async () => ({
    isGuest: false,
    subscription,
    globalRoles: [],
    spheres: [{ sphereId: 'A', roles: ['contributor'] }],
    sessions: [],
  });

const onSphere = { action: 'get', subject: 'strategy', on: { sphereId: 'sphereId' } } as const;

describe('the right checked on the resource a path names', () => {
  it('lets a subscriber through on their sphere', async () => {
    const ability = await checkAbility(contributorOf('essentials'), caller, onSphere, {
      headers,
      params: { sphereId: 'A' },
    });
    expect(ability.can('get', 'strategy')).toBe(true);
  });

  it('tells a member refused only for their plan that the feature is reserved for Essentials', async () => {
    await expect(
      checkAbility(contributorOf('starter'), caller, onSphere, { headers, params: { sphereId: 'A' } }),
    ).rejects.toMatchObject({ statusCode: 403, key: 'essentials-required' });
  });

  it('refuses another sphere with a plain 403, whatever the plan: nobody learns what it holds', async () => {
    for (const plan of ['starter', 'essentials'] as const)
      await expect(
        checkAbility(contributorOf(plan), caller, onSphere, { headers, params: { sphereId: 'B' } }),
      ).rejects.toMatchObject({ statusCode: 403, key: 'forbidden' });
  });
});
