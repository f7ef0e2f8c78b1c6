// A vitest reporter that keeps what the JSON report leaves out: errors raised outside any test
// (an unhandled rejection from a closing connection, a timer firing after its test ended).
// Vitest fails the run for them while every test passed, so without this the CI summary would
// say "0 failed" under a red run. Written beside the JSON report as `<name>.unhandled.json`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export default class UnhandledErrorsReporter {
  onInit(vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd(_testModules, unhandledErrors) {
    const outputFile = this.vitest?.config.outputFile;
    const report = typeof outputFile === 'string' ? outputFile : outputFile?.json;
    if (!report) return;
    const errors = unhandledErrors.map((error) => ({
      name: error?.name ?? 'Error',
      message: String(error?.message ?? error),
      stack: String(error?.stack ?? '')
        .split('\n')
        .slice(0, 8)
        .join('\n'),
    }));
    mkdirSync(path.dirname(report), { recursive: true });
    writeFileSync(
      report.replace(/\.json$/, '.unhandled.json'),
      `${JSON.stringify({ unhandledErrors: errors }, null, 2)}\n`,
    );
  }
}
