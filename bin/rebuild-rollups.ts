import { parseArgs } from 'node:util';
import { rebuildSphereCampaignRollups } from '../functions/campaigns';
import { rebuildSphereRollups } from '../functions/feelings';
import { rebuildSphereFormRollups } from '../functions/forms';
import { rebuildSphereStrategyRollups } from '../functions/strategies';
import { rebuildSphereThinkingRollups } from '../functions/thinkings';
import { allSpheres } from '../functions/spheres/repository';
import { configureHandlers, startLocalStack } from '../tools/local-stack/stack';
import { DEFAULT_DATA_DIR, findRunningStack } from '../tools/local-stack/state';

/**
 * `npm run rollups -- [--sphere <id> ...] [--write]`
 *
 * Compares every sphere's report rollups (or those named) with what its feelings, thinkings,
 * surveys, strategy assessments and sealed campaign answers make (decisions 0030, 0035), each
 * closed week's shown items counted with its late layer, and prints the items that differ; with
 * `--write` it rebuilds them from those answers, never changing what reports show of a closed week
 * (its late layer is written again as the answers minus its shown items). Rebuild while the sphere
 * takes no answers (an answer written during the rebuild would count twice). With TABLE_NAME set (and AWS credentials) it reads that table; otherwise the local
 * stack (`npm start` if it runs, else the persistent local data).
 */
const { values } = parseArgs({
  options: { sphere: { type: 'string', multiple: true }, write: { type: 'boolean', default: false } },
});

async function run() {
  const sphereIds = values.sphere ?? (await allSpheres(100_000)).map((s) => s.sphereId);
  let drifted = 0;
  for (const sphereId of sphereIds) {
    const mode = values.write ? 'write' : 'check';
    const feelings = await rebuildSphereRollups(sphereId, mode);
    const thinkings = await rebuildSphereThinkingRollups(sphereId, mode);
    const surveys = await rebuildSphereFormRollups(sphereId, mode);
    const assessments = await rebuildSphereStrategyRollups(sphereId, mode);
    const campaigns = await rebuildSphereCampaignRollups(sphereId, mode);
    const differences = [
      ...feelings.differences,
      ...thinkings.differences,
      ...surveys.differences,
      ...assessments.differences,
      ...campaigns.differences,
    ];
    if (differences.length) drifted++;
    console.log(
      `${sphereId}: ${feelings.feelings} feelings, ${thinkings.thinkings} thinkings, ${surveys.surveys} surveys, ${assessments.assessments} strategy assessments, ${campaigns.answers} campaign answers, ${differences.length} rollup items ${values.write ? 'rebuilt' : 'differ'}`,
    );
    for (const difference of differences.slice(0, 20)) console.log(`  ${difference}`);
  }
  if (drifted && !values.write) process.exitCode = 2;
}

if (process.env.TABLE_NAME) {
  await run();
} else {
  const running = await findRunningStack(DEFAULT_DATA_DIR);
  if (running) {
    configureHandlers(running.handlerEnv);
    await run();
  } else {
    const stack = await startLocalStack({ persistent: true, web: false, dataDir: DEFAULT_DATA_DIR });
    try {
      await run();
    } finally {
      await stack.stop();
    }
  }
}
