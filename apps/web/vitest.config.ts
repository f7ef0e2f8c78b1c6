import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Styles are not under test; skipping them keeps jsdom fast.
    css: false,
    testTimeout: 15_000,
    // Runs after the server project, which sets its own worker count (vitest requires distinct groups).
    sequence: { groupOrder: 1 },
  },
});
