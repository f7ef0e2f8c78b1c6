import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './send-json';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['GZIP', true],
    ['*', true],
    ['br, *;q=0.1', true],
    [undefined, false],
    ['', false],
    ['br, deflate', false],
    ['identity', false],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    // Named gzip decides over the wildcard, either way.
    ['*, gzip;q=0', false],
    ['*;q=0, gzip', true],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
