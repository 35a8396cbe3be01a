import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { seedDemoData } from '../../tools/demo/seed';
import { startLocalStack } from '../../tools/local-stack/stack';

/**
 * End-to-end run: builds the SPA, starts the whole local stack in memory on free ports, runs the
 * Playwright suite in Debian's Chromium against it, and stops everything.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

if (!existsSync(chromium)) {
  console.log('Chromium is missing: installing Debian’s chromium package with apt-get (needs root)…');
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (update.status !== 0 || install.status !== 0 || !existsSync(chromium)) {
    console.error('Could not install Chromium. Install it with: sudo apt-get install -y chromium');
    process.exit(1);
  }
}

const built = await run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
if (built !== 0) process.exit(built);

const stack = await startLocalStack({ persistent: false, web: 'dist' });
let code = 1;
try {
  const { endpoints } = stack;
  // The demo users and their year of feelings, as `npm start` has them.
  await seedDemoData(endpoints);
  code = await run(
    'npx',
    ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', ...process.argv.slice(2)],
    {
      ...process.env,
      E2E_WEB: endpoints.web,
      E2E_API: endpoints.api,
      E2E_OUTBOX: endpoints.outbox,
      CHROMIUM_PATH: chromium,
    },
  );
} finally {
  await stack.stop();
}
process.exit(code);
