import { describe, expect, it } from 'vitest';
import { api } from './api';

// Every source module of the app (tests and their helpers aside), as text and as a loader. Vite
// reads the patterns literally, so they are written out twice.
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const loaders = import.meta.glob(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/test/**']);

describe('the one API slice', () => {
  it('refuses a second endpoint under a name already injected', () => {
    api.injectEndpoints({
      endpoints: (build) => ({ sliceGuardProbe: build.query<null, void>({ query: () => '/a' }) }),
    });
    expect(() =>
      api.injectEndpoints({
        endpoints: (build) => ({ sliceGuardProbe: build.query<null, void>({ query: () => '/b' }) }),
      }),
    ).toThrow(/sliceGuardProbe/);
  });

  it('holds every endpoint of the app once: all modules that add calls load together without a clash', async () => {
    const modules = Object.keys(sources).filter((path) => sources[path]?.includes('.injectEndpoints('));
    // The chat, interests, milestones and copilot calls at least; a glob that finds none is broken.
    expect(modules.length).toBeGreaterThan(10);
    const clashes: string[] = [];
    for (const path of modules) {
      try {
        await loaders[path]?.();
      } catch (error) {
        clashes.push(`${path}: ${(error as Error).message}`);
      }
    }
    expect(clashes).toEqual([]);
  });
});
