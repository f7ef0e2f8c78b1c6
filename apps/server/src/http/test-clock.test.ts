import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from '../../test/build';
import { loadConfig } from '../config';
import { testClockPath } from './test-clock';

/** The test-only clock route exists only under TEST_CLOCK, which production refuses to start with. */
const base = {
  AUTH_SECRET: 'x'.repeat(40),
  DATA_DIR: '/tmp/pitchlane-config-test',
  PUBLIC_URL: 'https://pitchlane.example.com',
};

describe('TEST_CLOCK', () => {
  it('is refused in production (the default NODE_ENV) and allowed in a test environment', () => {
    expect(() => loadConfig({ ...base, TEST_CLOCK: '1' })).toThrow(/TEST_CLOCK/);
    expect(() => loadConfig({ ...base, TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(/for browser tests only/);
    expect(loadConfig({ ...base, TEST_CLOCK: '1', NODE_ENV: 'test' }).testClock).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).testClock).toBeUndefined();
  });
});

describe('the clock route', () => {
  let plain: TestContext;
  let moving: TestContext;

  beforeAll(async () => {
    [plain, moving] = await Promise.all([build(), build({ testClock: true })]);
  });

  afterAll(async () => {
    await Promise.all([plain?.close(), moving?.close()]);
  });

  it('is absent without TEST_CLOCK, and moves the clock with it', async () => {
    const absent = await plain.app.fastify.inject({ method: 'POST', url: testClockPath, payload: { advanceMs: 1 } });
    expect(absent.statusCode).toBe(404);

    const moved = await moving.app.fastify.inject({
      method: 'POST',
      url: testClockPath,
      payload: { at: '2031-05-06T07:08:09.000Z' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().now.slice(0, 16)).toBe('2031-05-06T07:08');
    expect(moving.app.clock.now().getUTCFullYear()).toBe(2031);
  });
});
