import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Link } from '@shared/contracts/links';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import { CASCADES } from '../../functions/cascades';
import { completeRemoval, pendingRemoval, type Cascade } from '../../functions/lib/cascades';
import { findLink } from '../../functions/links';
import { findSession } from '../../functions/sessions';
import { deleteSession } from '../../functions/sessions/service';
import { eventually, startTestStack, type TestStack, type Tokens } from './harness';

/**
 * A removal's cascades complete even when one fails half-way (decision 0042): the
 * session's own transaction writes the removal record, a failing cascade stays on it, and the
 * worker's retry finishes it, leaving no orphan and no record.
 */
let stack: TestStack;
let admin: Tokens;
let sphere: Sphere;

const api = <T>(path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: admin.accessToken, ...(body !== undefined ? { body } : {}) });

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('admin.cascades@example.be', { firstName: 'Cass' });
  sphere = (
    await api<Sphere>('/v1/spheres', 'POST', {
      name: 'Maison Cascade',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'fr' },
    })
  ).body;
});
afterAll(async () => {
  await stack?.stop();
});

describe('cascades of a removed group', () => {
  it('a cascade that fails half-way stays pending, and its retry erases what it keeps', async () => {
    const group = (
      await api<Session>(`/v1/spheres/${sphere.id}/sessions`, 'POST', {
        category: 'contributor',
        name: { fr: 'Groupe éphémère' },
      })
    ).body;
    const link = await api<Link>('/v1/shorten-urls', 'POST', {
      category: 'session',
      sphereId: sphere.id,
      sessionId: group.id,
      name: 'Affiche',
      description: 'Dans le hall.',
      messageForUser: 'Bienvenue',
      endMessageForUser: 'Merci',
      defaultLanguage: 'fr',
      stepNumber: 99,
      wizards: [{ type: 'feeling', period: 'day' }],
    });
    expect(link.status).toBe(201);

    // The links' cascade fails once, after the others ran: a fault injected between two erasures.
    let failures = 0;
    const faulty: Cascade[] = CASCADES.map((c) =>
      c.name === 'links.of-session'
        ? {
            ...c,
            onRemoved: async () => {
              failures += 1;
              throw new Error('injected fault');
            },
          }
        : c,
    );
    await deleteSession(group.id, faulty);
    expect(failures).toBe(1);
    expect(await findSession(group.id)).toBeNull();
    // The notifications worker (the local stack's poller, as SQS in AWS) takes the retry the
    // deletion queued and runs what the record names, with the real cascades: no orphan, no record.
    await eventually(
      async () =>
        (await findLink(link.body.id)) === null && (await pendingRemoval('session', group.id)) === null
          ? true
          : undefined,
      { what: 'The retried cascade' },
    );
    // A second delivery of the same message finds nothing left to do.
    await expect(completeRemoval('session', group.id, CASCADES)).resolves.toBeUndefined();
  });

  it('a removal whose cascades all succeed leaves no record', async () => {
    const group = (
      await api<Session>(`/v1/spheres/${sphere.id}/sessions`, 'POST', {
        category: 'contributor',
        name: { fr: 'Groupe bref' },
      })
    ).body;
    expect((await api(`/v1/sessions/${group.id}`, 'DELETE')).status).toBe(204);
    expect(await pendingRemoval('session', group.id)).toBeNull();
  });
});
