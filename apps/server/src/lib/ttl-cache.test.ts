import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('answers an entry until its TTL has passed, then forgets it', () => {
    let now = 1_000;
    const cache = new TtlCache<string, number>(100, 10, () => now);
    cache.set('a', 1);
    now += 100;
    expect(cache.get('a')).toBe(1);
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the oldest entry when full, and counts a re-set entry as new', () => {
    const cache = new TtlCache<string, number>(1_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, undefined, 4]);
  });

  it('forgets a deleted entry', () => {
    const cache = new TtlCache<string, number>(1_000);
    cache.set('a', 1);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });
});
