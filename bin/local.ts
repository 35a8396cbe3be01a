import { seedDemoData, DEMO_USERS } from '../tools/demo/seed';
import { startLocalStack, type LocalStack } from '../tools/local-stack/stack';
import {
  clearRunState,
  DEFAULT_DATA_DIR,
  isSeeded,
  markSeeded,
  writeRunState,
} from '../tools/local-stack/state';
import type { WebMode } from '../tools/local-stack/web';

/**
 * `npm start`: the whole product on this machine (docs/local-stack.md). Data stays under .local/
 * across restarts; the demo users are created on the first start. Ctrl-C stops everything.
 *
 * `npm start -- --web=dist` serves the built SPA (web/dist) instead of the Vite dev server;
 * `--web=none` serves no SPA.
 */
function webMode(): WebMode | false {
  const arg = process.argv.find((a) => a.startsWith('--web='))?.slice('--web='.length);
  if (arg === undefined || arg === 'dev') return 'dev';
  if (arg === 'dist') return 'dist';
  if (arg === 'none') return false;
  console.error(`Unknown --web=${arg}: use dev, dist or none.`);
  process.exit(2);
}

const dataDir = DEFAULT_DATA_DIR;
let stack: LocalStack | undefined;
let stopping: Promise<void> | undefined;

function shutdown(code: number): Promise<void> {
  stopping ??= (async () => {
    console.log('\nStopping the local stack…');
    try {
      await stack?.stop();
    } finally {
      clearRunState(dataDir);
      process.exit(code);
    }
  })();
  return stopping;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) {
      console.log('Still stopping; press Ctrl-C once more to kill.');
      process.once(signal, () => process.exit(1));
      return;
    }
    void shutdown(0);
  });
}
// A handler's stray error must not take the whole stack down (in AWS it would end one invocation).
process.on('uncaughtException', (error) =>
  console.error('Uncaught exception (the stack keeps running):', error),
);
process.on('unhandledRejection', (reason) =>
  console.error('Unhandled rejection (the stack keeps running):', reason),
);

try {
  stack = await startLocalStack({ persistent: true, web: webMode(), dataDir });
} catch (error) {
  console.error('The local stack could not start:', error);
  process.exit(1);
}
writeRunState(dataDir, stack);

if (!isSeeded(dataDir)) {
  const report = await seedDemoData(stack.endpoints);
  markSeeded(dataDir);
  console.log(`Demo data seeded (${report.created.length} users created).`);
}

const { endpoints } = stack;
const lines = [
  '',
  'Wellbeing runs locally:',
  ...(endpoints.web
    ? [`  App          ${endpoints.web}  (the links in mails and texts open it)`]
    : [`  App          not served (--web=none); links in mails and texts name ${stack.webOrigin}`]),
  `  REST API     ${endpoints.api}`,
  `  WebSocket    ${endpoints.ws}`,
  `  Sign-in      ${endpoints.auth.endpoint} (pool ${endpoints.auth.userPoolId}, client ${endpoints.auth.clientId})`,
  `  Outbox       ${endpoints.outbox}/store  (sent emails: sign-in codes, notifications)`,
  `  SMS outbox   ${stack.services.sms}/store  (text messages: phone codes)`,
  `  Scheduler    ${endpoints.scheduler}/_local/schedules  (pending cycle schedules; POST /_local/clock moves its clock)`,
  `  Stripe       ${endpoints.stripe}  (local card payments: subscriptions and the test clock; no real payment)`,
  '',
  'Demo users (sign in with an email code; the code is in the outbox):',
  ...DEMO_USERS.map(
    (u) =>
      `  ${u.email.padEnd(32)} ${u.firstName} ${u.lastName} (${u.locale})${u.password ? `, or password ${u.password}` : ''}`,
  ),
  `Or continue as a guest: ${stack.webOrigin}/guest`,
  '',
  `Endpoints written to ${dataDir}/endpoints.json. Ctrl-C stops everything.`,
];
console.log(lines.join('\n'));
