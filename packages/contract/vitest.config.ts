import { defineConfig } from 'vitest/config';

/** The contract's own tests: pure schema and rule checks, no database, no DOM. */
export default defineConfig({
  test: {
    name: 'contract',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Shares the web project's group: both use vitest's default worker count.
    sequence: { groupOrder: 1 },
  },
});
