import { seedDemoData } from '../tools/demo/seed';
import { configureHandlers, startLocalStack } from '../tools/local-stack/stack';
import { DEFAULT_DATA_DIR, findRunningStack, markSeeded } from '../tools/local-stack/state';

/**
 * `npm run seed`: creates the demo users (idempotent). With `npm start` running it seeds that
 * stack; otherwise it starts the persistent stack without the SPA, seeds it and stops it.
 */
const dataDir = DEFAULT_DATA_DIR;
const running = await findRunningStack(dataDir);
let report;
if (running) {
  configureHandlers(running.handlerEnv);
  report = await seedDemoData(running.endpoints);
} else {
  const stack = await startLocalStack({ persistent: true, web: false, dataDir });
  try {
    report = await seedDemoData(stack.endpoints);
  } finally {
    await stack.stop();
  }
}
markSeeded(dataDir);
console.log(
  `Demo users: ${report.created.length} created${report.created.length ? ` (${report.created.join(', ')})` : ''}, ` +
    `${report.existing.length} already there.`,
);
