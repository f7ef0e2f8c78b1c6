import { defineConfig } from 'vitest/config';

/** Browser tests: each file starts the built app on a fresh data folder and drives Debian's Chromium. */
export default defineConfig({
  test: {
    name: 'browser',
    root: import.meta.dirname,
    include: ['tests/**/*.spec.ts'],
    testTimeout: 60_000,
    // A screen reacting to a click can take seconds on a loaded two-core machine; the one-second
    // default of expect.poll made assertions on such screens flaky.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 90_000,
    pool: 'forks',
    // One file at a time: each runs a server and a browser on a two-core machine.
    maxWorkers: 1,
    fileParallelism: false,
  },
});
