import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * `npm run lint` refuses an import that goes against the layers (docs/layers.md): each case lints
 * one line of code as if it were in the named file, with the project's own ESLint configuration.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

async function errorsOf(rule: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}
const layerErrors = (file: string, code: string) => errorsOf('boundaries/layers', file, code);
const cycleErrors = (file: string, code: string) => errorsOf('boundaries/no-cycle', file, code);

describe('import rules of the layers', () => {
  it('functions/lib imports no domain', async () => {
    expect(await layerErrors('functions/lib/example.ts', "import { getAccount } from '../users';")).toEqual([
      expect.stringContaining('functions/lib imports no domain'),
    ]);
  });

  it('functions/lib does not import the registry of domains', async () => {
    expect(
      await layerErrors('functions/lib/example.ts', "import { DOMAINS } from '../domains';"),
    ).toHaveLength(1);
  });

  it("a domain imports another domain's public face only, never its internals", async () => {
    expect(
      await layerErrors(
        'functions/emails/example.ts',
        "import { UserEntity } from '../users/entities/user';",
      ),
    ).toEqual([expect.stringContaining("import '../users'")]);
    expect(
      await layerErrors('functions/emails/example.ts', "import { getAccount } from '../users';"),
    ).toEqual([]);
    expect(
      await layerErrors('functions/emails/example.ts', "import { getAccount } from '../users/index';"),
    ).toEqual([]);
  });

  it('a domain reads its own files and lib freely', async () => {
    const code = "import { emailsDb } from './store';\nimport { isoNow } from '../lib/entity';";
    expect(await layerErrors('functions/emails/example.ts', code)).toEqual([]);
  });

  it('web components import no feature', async () => {
    expect(
      await layerErrors('web/src/components/example.tsx', "import { AccountMenu } from '../features/shell';"),
    ).toEqual([expect.stringContaining('web/src/components imports no feature')]);
  });

  it('web lib imports neither a feature nor the app', async () => {
    expect(
      await layerErrors('web/src/lib/example.ts', "import { PAGES } from '../app/features';"),
    ).toHaveLength(1);
    expect(
      await layerErrors('web/src/lib/example.ts', "import { homeFeature } from '../features/home';"),
    ).toHaveLength(1);
  });

  it('a feature imports no other feature', async () => {
    expect(
      await layerErrors(
        'web/src/features/profile/example.ts',
        "import { useLegalConsents } from '../legal';",
      ),
    ).toEqual([expect.stringContaining('another feature (legal)')]);
  });

  it('a feature does not import the app', async () => {
    expect(
      await layerErrors(
        'web/src/features/profile/example.ts',
        "import { FEATURES } from '../../app/features';",
      ),
    ).toEqual([expect.stringContaining('A feature does not import the app')]);
  });

  it('the app reads a feature through its face only', async () => {
    expect(
      await layerErrors(
        'web/src/app/example.tsx',
        "import { AccountMenu } from '../features/shell/account-menu';",
      ),
    ).toEqual([expect.stringContaining('through its face')]);
    expect(
      await layerErrors('web/src/app/example.tsx', "import { AccountMenu } from '../features/shell';"),
    ).toEqual([]);
  });

  it('a feature reads components, lib and its own files freely', async () => {
    const code = [
      "import { ErrorState } from '../../components/error-state';",
      "import { useMe } from '../../lib/me';",
      "import { useUpdateProfile } from './api/update-profile';",
    ].join('\n');
    expect(await layerErrors('web/src/features/profile/example.tsx', code)).toEqual([]);
  });

  it('dynamic imports and re-exports are checked too', async () => {
    expect(
      await layerErrors(
        'web/src/features/profile/example.ts',
        "export const load = () => import('../home/home-page');",
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors('web/src/features/profile/example.ts', "export { homeFeature } from '../home';"),
    ).toHaveLength(1);
  });

  it('a domain imports no Lambda entry, functions/access nor a registry (upward imports)', async () => {
    expect(
      await layerErrors('functions/links/example.ts', "import { callerAccounts } from '../access';"),
    ).toEqual([expect.stringContaining('upward import of access')]);
    expect(await layerErrors('functions/links/example.ts', "import { DOMAINS } from '../domains';")).toEqual([
      expect.stringContaining('upward import of registry'),
    ]);
    expect(
      await layerErrors('functions/links/example.ts', "import { CASCADES } from '../cascades';"),
    ).toEqual([expect.stringContaining('upward import of registry')]);
    expect(await layerErrors('functions/links/example.ts', "import { handler } from './handler';")).toEqual([
      expect.stringContaining('upward import of entry'),
    ]);
    // An entry wires: it reads access, the registries and other faces.
    expect(
      await layerErrors(
        'functions/links/handler.ts',
        "import { callerAccounts } from '../access';\nimport { formsEntitledTo } from '../forms';",
      ),
    ).toEqual([]);
  });

  it('a ground domain imports no other domain', async () => {
    expect(
      await layerErrors('functions/rollups/example.ts', "import { findSphere } from '../spheres';"),
    ).toEqual([expect.stringContaining('ground floor')]);
    expect(await layerErrors('functions/rollups/example.ts', "import { db } from '../lib/db';")).toEqual([]);
  });

  it('shared/domain is the ground: it loads no contract, and shared imports neither side', async () => {
    expect(
      await layerErrors('shared/domain/example.ts', "import { FormSchema } from '../contracts/forms';"),
    ).toEqual([expect.stringContaining('shared/domain is the ground')]);
    expect(
      await layerErrors('shared/domain/example.ts', "import type { Form } from '../contracts/forms';"),
    ).toEqual([]);
    expect(
      await layerErrors(
        'shared/contracts/example.ts',
        "import { logger } from '../../functions/lib/logger';",
      ),
    ).toEqual([expect.stringContaining('upward import of server')]);
    expect(
      await layerErrors('shared/domain/example.ts', "import { useMe } from '../../web/src/lib/me';"),
    ).toEqual([expect.stringContaining('upward import of web')]);
  });

  it('tools read faces, seeding sections, lib and the registry; nothing of the product imports a tool', async () => {
    expect(
      await layerErrors(
        'tools/demo/example.ts',
        "import { insertTag } from '../../functions/spheres/tags-repository';",
      ),
    ).toEqual([expect.stringContaining('seeding section')]);
    const allowed = [
      "import { importTags } from '../../functions/spheres/seeding';",
      "import { findSphere } from '../../functions/spheres';",
      "import { DOMAINS } from '../../functions/domains';",
      "import { logger } from '../../functions/lib/logger';",
    ].join('\n');
    expect(await layerErrors('tools/demo/example.ts', allowed)).toEqual([]);
    expect(
      await layerErrors(
        'functions/spheres/example.ts',
        "import { DEMO_SPHERES } from '../../tools/demo/demo-spheres';",
      ),
    ).toEqual([expect.stringContaining('Nothing of the product imports a tool')]);
  });

  it('an import cycle between files fails, on the server, in shared and in the SPA', async () => {
    // rollups.ts imports rollup-store.ts: the store importing it back closes a circle.
    expect(
      await cycleErrors('functions/rollups/rollup-store.ts', "import { rollupItems } from './rollups';"),
    ).toEqual([expect.stringContaining('Import cycle')]);
    // goal-ranking (contracts) reads domain/goals: goals loading it back closes a circle.
    expect(
      await cycleErrors(
        'shared/domain/goals.ts',
        "import { goalRankingForm } from '../contracts/goal-ranking';",
      ),
    ).toEqual([expect.stringContaining('Import cycle')]);
    // The form runner's face re-exports the runner: the runner importing its face closes one.
    expect(
      await cycleErrors(
        'web/src/components/form-runner/form-runner.tsx',
        "import { FormRunner } from './index';",
      ),
    ).toEqual([expect.stringContaining('Import cycle')]);
    // An import that reaches nothing leading back is no cycle, and a type import never is.
    expect(
      await cycleErrors(
        'functions/rollups/rollup-store.ts',
        "import type { RolledAnswer } from './rollups';",
      ),
    ).toEqual([]);
  });

  it('an import cycle between server domains fails even through their faces', async () => {
    // sessions reads the spheres face: spheres reading the sessions face closes a circle of domains.
    expect(
      await cycleErrors('functions/spheres/example.ts', "import { findSession } from '../sessions';"),
    ).toEqual([expect.stringContaining('Import cycle between parts: functions/sessions')]);
    expect(
      await cycleErrors('functions/sessions/example.ts', "import { findSphere } from '../spheres';"),
    ).toEqual([]);
  });
});
