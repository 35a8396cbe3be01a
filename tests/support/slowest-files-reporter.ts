import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files the log names. */
const SHOWN = 15;

/**
 * Names the slowest test files at the end of a run, with what each one cost (importing it and its
 * tests), so that the CI log says where the suite's time goes.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files = modules
      .map((module) => {
        const d = module.diagnostic();
        return { file: module.relativeModuleId, seconds: (d.collectDuration + d.duration) / 1000 };
      })
      .sort((a, b) => b.seconds - a.seconds);
    if (files.length === 0) return;
    const total = files.reduce((sum, f) => sum + f.seconds, 0);
    console.log(
      [
        '',
        `Slowest test files (${Math.min(SHOWN, files.length)} of ${files.length}; ${total.toFixed(0)} s of import and tests in all):`,
        ...files.slice(0, SHOWN).map((f) => `  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`),
        '',
      ].join('\n'),
    );
  }
}
