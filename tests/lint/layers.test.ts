import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * `npm run lint` refuses an import that goes against the layers (docs/layers.md): each case lints
 * one line of code as if it were in the named file, with the project's own ESLint configuration.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/layers').map((m) => m.message);
}

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
});
