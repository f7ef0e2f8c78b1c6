import { defineConfig } from 'vitest/config';

/** Browser tests: each file starts the built app on a fresh data folder and drives Debian's Chromium. */
export default defineConfig({
  test: {
    name: 'browser',
    root: import.meta.dirname,
    include: ['tests/**/*.spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // One file at a time: each runs a server and a browser on a two-core machine.
    maxWorkers: 1,
    fileParallelism: false,
  },
});
