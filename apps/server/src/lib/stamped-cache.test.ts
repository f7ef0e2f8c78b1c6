import { describe, expect, it } from 'vitest';
import { StampedCache } from './stamped-cache';

const counting = () => {
  let builds = 0;
  return {
    get builds() {
      return builds;
    },
    build: (value: string) => async () => {
      builds += 1;
      return value;
    },
  };
};

describe('StampedCache', () => {
  it('builds once per stamp and answers the kept value while the stamp holds', async () => {
    const cache = new StampedCache<string>(1_000, (value) => value.length);
    const source = counting();
    expect(await cache.get('m1', 'r1', source.build('one'))).toBe('one');
    expect(await cache.get('m1', 'r1', source.build('other'))).toBe('one');
    expect(source.builds).toBe(1);
  });

  it('never answers a value built for another stamp', async () => {
    const cache = new StampedCache<string>(1_000, (value) => value.length);
    const source = counting();
    await cache.get('m1', 'r1', source.build('one'));
    expect(await cache.get('m1', 'r2', source.build('two'))).toBe('two');
    // Going back is a new build too: stamps are compared, not ordered.
    expect(await cache.get('m1', 'r1', source.build('one again'))).toBe('one again');
    expect(source.builds).toBe(3);
    expect(cache.keys).toBe(1);
  });

  it('shares one build among concurrent reads of the same stamp', async () => {
    const cache = new StampedCache<string>(1_000, (value) => value.length);
    let release: (value: string) => void = () => {};
    let builds = 0;
    const slow = () => {
      builds += 1;
      return new Promise<string>((resolve) => {
        release = resolve;
      });
    };
    const reads = [cache.get('m1', 'r1', slow), cache.get('m1', 'r1', slow), cache.get('m1', 'r1', slow)];
    release('built');
    expect(await Promise.all(reads)).toEqual(['built', 'built', 'built']);
    expect(builds).toBe(1);
  });

  it('does not keep an older build that finishes after a newer stamp was asked for', async () => {
    const cache = new StampedCache<string>(1_000, (value) => value.length);
    let releaseOld: (value: string) => void = () => {};
    const old = cache.get(
      'm1',
      'r1',
      () =>
        new Promise<string>((resolve) => {
          releaseOld = resolve;
        }),
    );
    expect(await cache.get('m1', 'r2', async () => 'new')).toBe('new');
    releaseOld('old');
    expect(await old).toBe('old');
    const source = counting();
    expect(await cache.get('m1', 'r2', source.build('rebuilt'))).toBe('new');
    expect(source.builds).toBe(0);
  });

  it('forgets a failed build, so the next read builds again', async () => {
    const cache = new StampedCache<string>(1_000, (value) => value.length);
    await expect(
      cache.get('m1', 'r1', async () => {
        throw new Error('database went away');
      }),
    ).rejects.toThrow('database went away');
    expect(cache.keys).toBe(0);
    expect(await cache.get('m1', 'r1', async () => 'fine')).toBe('fine');
  });

  it('answers a value set for a stamp without building, and replaces what another stamp held', async () => {
    const cache = new StampedCache<string>(1_000, (value) => value.length);
    const source = counting();
    await cache.get('m1', 'r1', source.build('one'));
    cache.set('m1', 'r2', 'two');
    expect(await cache.get('m1', 'r2', source.build('built'))).toBe('two');
    expect(source.builds).toBe(1);
    expect(cache.keptSize).toBe(3);
    // A value larger than the whole cache is not kept.
    cache.set('m2', 'r1', 'x'.repeat(1_001));
    expect(await cache.get('m2', 'r1', source.build('small'))).toBe('small');
  });

  it('stays within its size, dropping the least recently used keys first', async () => {
    const cache = new StampedCache<string>(10, (value) => value.length);
    await cache.get('a', 'r', async () => 'aaaa');
    await cache.get('b', 'r', async () => 'bbbb');
    await cache.get('a', 'r', async () => 'unused'); // a is now the most recently used
    await cache.get('c', 'r', async () => 'cccc');
    expect(cache.keptSize).toBe(8);
    const source = counting();
    expect(await cache.get('a', 'r', source.build('rebuilt'))).toBe('aaaa');
    expect(await cache.get('b', 'r', source.build('b again'))).toBe('b again');
    expect(source.builds).toBe(1);
    // A value larger than the whole cache is answered but not kept.
    expect(await cache.get('huge', 'r', async () => 'x'.repeat(11))).toHaveLength(11);
    expect(cache.keptSize).toBeLessThanOrEqual(10);
  });
});
