import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { feelingColor } from '@shared/domain/feelings';
import { isoWeekOf, weekBounds, weekFrozen } from '@shared/domain/report-rollups';
import type { SphereReport } from '@shared/contracts/reports';
import { documentClient } from '../../functions/lib/aws';
import { rebuildSphereRollups } from '../../functions/feelings';
import { importFeelings } from '../../functions/feelings/seeding';
import {
  allFeelings,
  changeFeeling,
  dayOfFeeling,
  eraseFeelings,
  findFeeling,
  insertFeeling,
  type FeelingItem,
  type NewFeeling,
} from '../../functions/feelings/repository';
import { readScope, type StoredRollup } from '../../functions/rollups';
import { summedRollups } from '../../functions/rollups/rollups';
import { FormSchema, type SurveyValues } from '@shared/contracts/forms';
import { rebuildSphereFormRollups } from '../../functions/forms';
import {
  changeSurvey,
  countsOf,
  eraseSurveys,
  findSurvey,
  insertSurvey,
  textsOf,
  type FormSurveyItem,
} from '../../functions/forms/repository';
import { feelingsDb } from '../../functions/feelings/store';
import { startTestStack, type TestStack } from './harness';

/**
 * Report rollups kept by the feelings' own writes equal those rebuilt from the raw feelings, after a
 * random mix of new feelings, changed words and erasures, with transactions sent twice (a retry of
 * a write that had landed) and stale changes repeated (decision 0030).
 */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.stop();
});

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS = ['calm', 'glad', 'tired', 'stressed', 'proud', 'sad'];

describe('report rollups', () => {
  it('rebuilt from the raw feelings equal the live ones after writes, changes, erasures, retries and duplicates', async () => {
    const next = random(20261126);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
    const sphereId = `sphere-${randomUUID()}`;
    const sessions = [`session-${randomUUID()}`, `session-${randomUUID()}`];
    const users = Array.from({ length: 12 }, () => `user-${randomUUID()}`);
    const tags = Array.from({ length: 5 }, () => randomUUID());

    // Every transaction the product sends, to send some of them a second time.
    const sent: TransactWriteCommand[] = [];
    const client = documentClient();
    const send = client.send.bind(client);
    vi.spyOn(client, 'send').mockImplementation(((command: unknown, ...rest: unknown[]) => {
      if (command instanceof TransactWriteCommand) sent.push(command);
      return (send as (...a: unknown[]) => unknown)(command, ...rest);
    }) as typeof client.send);
    const resend = async () => {
      const last = sent.at(-1);
      if (!last) throw new Error('nothing was sent');
      await expect(send(new TransactWriteCommand(last.input))).rejects.toThrow();
    };

    const alive = new Map<string, FeelingItem>();
    const now = Date.now();
    // History imported first (shown items, whatever the week): the changes below of its closed
    // weeks go to their late layer.
    for (let k = 0; k < 4; k++) {
      const userId = `user-${randomUUID()}`;
      await importFeelings(
        userId,
        Array.from({ length: 6 }, () => {
          const value = pick([-0.9, -0.4, 0.3, 0.8]);
          return {
            userId,
            value,
            energy: 0.5,
            color: feelingColor(value, 0.5),
            wordId: pick(WORDS),
            sphereId,
            ...(next() < 0.5 ? { sessionId: pick(sessions) } : {}),
            reportTagIds: tags.filter(() => next() < 0.4),
            evaluationPeriod: { value: 0, type: 'none' as const },
            geoPoint: { latitude: 0, longitude: 0 },
            locale: 'Europe/Brussels',
            personalNotes: [],
            goals: [],
            timestamp: new Date(now - Math.floor(next() * 60) * 86_400_000 - 3_600_000).toISOString(),
          };
        }),
      );
      for (const f of await allFeelings(userId)) alive.set(f.feelingId, f);
    }
    for (let step = 0; step < 160; step++) {
      const roll = next();
      if (roll < 0.55 || alive.size === 0) {
        const value = pick([-0.9, -0.4, 0.3, 0.8]);
        const energy = pick([0.2, 0.5, 0.9]);
        const feeling: NewFeeling = {
          userId: pick(users),
          value,
          energy,
          color: feelingColor(value, energy),
          ...(next() < 0.8 ? { wordId: pick(WORDS) } : {}),
          sphereId,
          ...(next() < 0.5 ? { sessionId: pick(sessions) } : {}),
          reportTagIds: tags.filter(() => next() < 0.4),
          evaluationPeriod: { value: 0, type: 'none' },
          geoPoint: { latitude: 0, longitude: 0 },
          locale: pick(['Europe/Brussels', 'America/New_York', 'Pacific/Kiritimati']),
          personalNotes: [],
          goals: [],
          timestamp: new Date(now - Math.floor(next() * 60) * 86_400_000 - 3_600_000).toISOString(),
        };
        const feelingId = await insertFeeling(feeling);
        // A retry of the transaction that landed: refused, counted once.
        if (next() < 0.2) await resend();
        const stored = await findFeeling(feeling.userId, feelingId);
        if (!stored) throw new Error('not stored');
        alive.set(feelingId, stored);
      } else if (roll < 0.85) {
        const read = pick([...alive.values()]);
        const wordId = pick(WORDS);
        const changed = await changeFeeling(read, { wordId }, []);
        alive.set(read.feelingId, changed);
        if (next() < 0.3) await resend();
        // The same change from a tab that read it before: refused, moves nothing.
        if (next() < 0.3) await expect(changeFeeling(read, { wordId: pick(WORDS) }, [])).rejects.toThrow();
      } else {
        const gone = pick([...alive.values()]);
        await eraseFeelings([gone]);
        alive.delete(gone.feelingId);
        // Erased again (a leave that is tried twice): nothing more is taken away.
        if (next() < 0.5) await eraseFeelings([gone]);
      }
    }
    // A feeling of no sphere moves no rollup.
    await insertFeeling({
      userId: users[0] as string,
      value: 0.5,
      energy: 0.5,
      color: feelingColor(0.5, 0.5),
      evaluationPeriod: { value: 0, type: 'none' },
      geoPoint: { latitude: 0, longitude: 0 },
      personalNotes: [],
      goals: [],
      timestamp: new Date(now - 86_400_000).toISOString(),
    });

    expect(await rebuildSphereRollups(sphereId, 'check')).toEqual({ feelings: alive.size, differences: [] });

    // Independently of the rollup code: the sphere's answers per week, from the feelings alive.
    const perWeek = new Map<string, number>();
    for (const f of alive.values()) {
      const week = isoWeekOf(dayOfFeeling(f));
      perWeek.set(week, (perWeek.get(week) ?? 0) + 1);
    }
    // Closed weeks' changes went to their late layer: the answers are the shown items + late.
    const stored = summedRollups(await readScope(`sphere#${sphereId}`));
    expect(stored.some((r) => r.group.startsWith('late|'))).toBe(false);
    const counted = new Map(
      stored
        .filter((r) => r.kind === 'counts' && r.group === 'all' && r.amounts.count)
        .map((r) => [r.week, r.amounts.count]),
    );
    expect(counted).toEqual(perWeek);

    // A rebuild writes the same sums again (shown + late), never moving a closed week's shown items.
    const before = await readScope(`sphere#${sphereId}`);
    expect(await rebuildSphereRollups(sphereId, 'write')).toMatchObject({ feelings: alive.size });
    const after = await readScope(`sphere#${sphereId}`);
    expect(summedRollups(after)).toEqual(summedRollups(before));
    const shown = (items: StoredRollup[]) => items.filter((r) => !r.group.startsWith('late|'));
    const closed = (r: StoredRollup) => weekFrozen(r.week, Date.now());
    const keptShown = shown(before).filter((r) => closed(r));
    expect(keptShown.length).toBeGreaterThan(0);
    expect(before.some((r) => r.group.startsWith('late|'))).toBe(true);
    expect(shown(after).filter((r) => closed(r) && keptShown.some((k) => k.week === r.week))).toEqual(
      keptShown,
    );
    expect((await rebuildSphereRollups(sphereId, 'check')).differences).toEqual([]);
  }, 120_000);

  it('finds the items that drifted from the raw feelings, and a rebuild puts them right', async () => {
    const sphereId = `sphere-${randomUUID()}`;
    const feeling: NewFeeling = {
      userId: `user-${randomUUID()}`,
      value: 0.6,
      energy: 0.7,
      color: feelingColor(0.6, 0.7),
      wordId: 'glad',
      sphereId,
      reportTagIds: [],
      evaluationPeriod: { value: 0, type: 'none' },
      geoPoint: { latitude: 0, longitude: 0 },
      personalNotes: [],
      goals: [],
      timestamp: new Date(Date.now() - 10 * 86_400_000).toISOString(),
    };
    const id = await insertFeeling(feeling);
    const stored = (await findFeeling(feeling.userId, id)) as FeelingItem;
    // Taken away behind the rollups' back: the raw feeling is gone, its counts remain.
    await feelingsDb().entities.feeling.delete({ userId: stored.userId, feelingId: stored.feelingId }).go();
    const { differences } = await rebuildSphereRollups(sphereId, 'check');
    expect(differences.length).toBeGreaterThan(0);
    await rebuildSphereRollups(sphereId, 'write');
    expect((await rebuildSphereRollups(sphereId, 'check')).differences).toEqual([]);
    expect(await readScope(`sphere#${sphereId}`)).toEqual([]);
  });
});

describe('a form’s report rollups', () => {
  const form = FormSchema.parse({
    id: `rollup-form-${randomUUID().slice(0, 8)}`,
    title: { en: 'Pulse' },
    languages: ['en'],
    updateDate: '2026-01-01T00:00:00.000Z',
    steps: [
      {
        id: 'step',
        title: { en: 'Step' },
        description: { en: 'This week' },
        answers: [
          { id: 'mood', type: 'likert', title: { en: 'Mood' }, required: true },
          { id: 'good', type: 'text', title: { en: 'What went well?' } },
          { id: 'bad', type: 'text', title: { en: 'What did not?' } },
          { id: 'when', type: 'date', title: { en: 'When?' } },
        ],
      },
    ],
    additionalResults: [],
  });

  it('rebuilt from the raw surveys, texts included, equal the live ones after writes, changes, erasures, retries and duplicates', async () => {
    vi.restoreAllMocks();
    const next = random(20261127);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
    const sphereId = `sphere-${randomUUID()}`;
    const sessions = [`session-${randomUUID()}`, `session-${randomUUID()}`];
    const users = Array.from({ length: 8 }, () => `user-${randomUUID()}`);
    const tags = Array.from({ length: 4 }, () => randomUUID());
    const sent: TransactWriteCommand[] = [];
    const client = documentClient();
    const send = client.send.bind(client);
    vi.spyOn(client, 'send').mockImplementation(((command: unknown, ...rest: unknown[]) => {
      if (command instanceof TransactWriteCommand) sent.push(command);
      return (send as (...a: unknown[]) => unknown)(command, ...rest);
    }) as typeof client.send);
    const resend = async () => {
      const last = sent.at(-1);
      if (!last) throw new Error('nothing was sent');
      await expect(send(new TransactWriteCommand(last.input))).rejects.toThrow();
    };
    const valuesOf = (): SurveyValues => ({
      mood: pick([1, 3, 5, 7]),
      ...(next() < 0.7 ? { good: pick(['the team', ' lunch ', 'nothing', 'my desk']) } : {}),
      ...(next() < 0.5 ? { bad: pick(['traffic', '', '   ', 'meetings']) } : {}),
      ...(next() < 0.3 ? { when: '2026-01-05' } : {}),
    });

    const alive = new Map<string, FormSurveyItem>();
    const now = Date.now();
    for (let step = 0; step < 90; step++) {
      const roll = next();
      if (roll < 0.55 || alive.size === 0) {
        const values = valuesOf();
        const inserted = await insertSurvey({
          userId: pick(users),
          formId: form.id,
          values,
          locale: 'Europe/Brussels',
          fromDirectLink: false,
          sphereId,
          ...(next() < 0.5 ? { sessionId: pick(sessions) } : {}),
          tagIds: tags.filter(() => next() < 0.4),
          reportCounts: countsOf(form, values),
          reportTexts: textsOf(form, values),
          creationDate: new Date(now - Math.floor(next() * 40) * 86_400_000 - 3_600_000).toISOString(),
          freezeDate: new Date(now + 86_400_000).toISOString(),
        });
        // A retry of the transaction that landed: refused, its texts set once.
        if (next() < 0.2) await resend();
        alive.set(inserted.surveyId, inserted);
      } else if (roll < 0.85) {
        const read = pick([...alive.values()]);
        const values = valuesOf();
        const changed = await changeSurvey(
          read,
          { values, reportCounts: countsOf(form, values), reportTexts: textsOf(form, values) },
          new Date().toISOString(),
        );
        if (!changed) throw new Error('not changed');
        alive.set(read.surveyId, changed);
        if (next() < 0.3) await resend();
        // The same change from a tab that read it before: refused, moves nothing.
        if (next() < 0.3) {
          const again = valuesOf();
          expect(
            await changeSurvey(
              read,
              { values: again, reportCounts: countsOf(form, again), reportTexts: textsOf(form, again) },
              new Date().toISOString(),
            ),
          ).toBeNull();
        }
      } else {
        const gone = pick([...alive.values()]);
        await eraseSurveys([gone]);
        alive.delete(gone.surveyId);
        expect(await findSurvey(gone.userId, gone.surveyId)).toBeNull();
        // Erased again (a leave that is tried twice): nothing more is taken away.
        if (next() < 0.5) await eraseSurveys([gone]);
      }
    }
    vi.restoreAllMocks();

    expect(await rebuildSphereFormRollups(sphereId, 'check', [form.id])).toEqual({
      surveys: alive.size,
      differences: [],
    });
    // Independently of the rollup code: the texts of the surveys alive, trimmed, dates left out.
    const scope = `form:${form.id}/sphere#${sphereId}`;
    const kept = (await readScope(scope))
      .flatMap((r) => Object.values(r.texts ?? {}))
      .map((e) => `${e.q}:${e.t}`)
      .sort();
    const expected = [...alive.values()]
      .flatMap((s) =>
        Object.entries(s.values as SurveyValues)
          .filter(([q, v]) => (q === 'good' || q === 'bad') && typeof v === 'string' && v.trim())
          .map(([q, v]) => `${q}:${String(v).trim()}`),
      )
      .sort();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(expected);

    // A rebuild writes the same items again.
    const before = await readScope(scope);
    expect(await rebuildSphereFormRollups(sphereId, 'write', [form.id])).toMatchObject({
      surveys: alive.size,
    });
    expect(summedRollups(await readScope(scope))).toEqual(summedRollups(before));
    expect((await rebuildSphereFormRollups(sphereId, 'check', [form.id])).differences).toEqual([]);
  }, 120_000);
});

describe('a closed week’s report (decision 0030: shown figures frozen, late changes apart)', () => {
  it('reads the same over HTTP after a member’s feeling of it is changed, another is erased and a member leaves; the rebuild agrees', async () => {
    vi.restoreAllMocks();
    const admin = await stack.signInWithCode('ada.late@example.be', { firstName: 'Ada' });
    const sphere = await stack.api<{ id: string }>('/v1/spheres', {
      method: 'POST',
      token: admin.accessToken,
      body: {
        name: 'Late sphere',
        category: 'company',
        address: { country: 'BE' },
        languages: { primary: 'en' },
      },
    });
    const sphereId = sphere.body.id;
    const LEAVER = 'lea.late@example.be';
    const leaver = await stack.signInWithCode(LEAVER, { firstName: 'Léa', locale: 'en' });
    const leaverId = decodeJwt(leaver.accessToken).sub as string;
    // Ten people answered two weeks ago (history: the week's shown items), the leaver among them.
    const week = isoWeekOf(new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10));
    const wednesday = new Date(Date.parse(`${weekBounds(week).first}T12:00:00Z`) + 2 * 86_400_000);
    const people = [leaverId, ...Array.from({ length: 9 }, () => `user-${randomUUID()}`)];
    for (const [i, userId] of people.entries()) {
      const value = [-0.8, -0.3, 0.4, 0.9][i % 4] as number;
      await importFeelings(userId, [
        {
          userId,
          value,
          energy: 0.5,
          color: feelingColor(value, 0.5),
          wordId: i % 2 ? 'calm' : 'tired',
          sphereId,
          reportTagIds: [],
          evaluationPeriod: { value: 0, type: 'none' },
          geoPoint: { latitude: 0, longitude: 0 },
          locale: 'Europe/Brussels',
          personalNotes: [],
          goals: [],
          timestamp: wednesday.toISOString(),
        },
      ]);
    }
    const report = () =>
      stack.api<SphereReport>('/v1/feelings/sphere-reports', {
        method: 'POST',
        token: admin.accessToken,
        body: {
          sphereId,
          start: weekBounds(week).first,
          end: weekBounds(week).last,
          generalOptions: { interval: 'week', include: ['colors', 'averages', 'words'] },
        },
      });
    const before = await report();
    expect(before.status).toBe(200);
    expect(before.body.weeks).toEqual([week]);
    expect(before.body.total).toMatchObject({ shown: true, people: 10, answers: 10 });

    // After the week closed: one feeling's word changed, another erased, and the leaver leaves.
    const [changed] = await allFeelings(people[1] as string);
    const [erased] = await allFeelings(people[2] as string);
    await changeFeeling(changed as FeelingItem, { wordId: 'glad' }, []);
    await eraseFeelings([erased as FeelingItem]);
    const left = await stack.api('/v1/me', {
      method: 'DELETE',
      token: leaver.accessToken,
      body: { confirmation: LEAVER },
    });
    expect(left.status).toBe(204);
    expect(await allFeelings(leaverId)).toEqual([]);

    // The week's report is the same: what changed went to its late layer.
    const after = await report();
    expect(after.body).toEqual(before.body);
    const stored = await readScope(`sphere#${sphereId}`);
    expect(stored.filter((r) => r.group === 'late|all').map((r) => r.kind)).toEqual(['counts', 'people']);
    expect(stored.find((r) => r.kind === 'counts' && r.group === 'late|all')?.amounts).toMatchObject({
      count: -2,
      'word|glad': 1,
    });

    // The rebuild finds shown + late equal to the feelings left, and writing keeps the report.
    expect(await rebuildSphereRollups(sphereId, 'check')).toEqual({ feelings: 8, differences: [] });
    await rebuildSphereRollups(sphereId, 'write');
    expect((await rebuildSphereRollups(sphereId, 'check')).differences).toEqual([]);
    expect((await report()).body).toEqual(before.body);
  }, 120_000);
});
