/**
 * A bounded in-memory cache of values that hold for one *stamp* of their key: a milestone's
 * revision and the day, say. Every read names the stamp its caller has just read from the source
 * of truth, so a value built for another stamp is never answered, whichever process made the
 * change that moved the stamp on; nothing needs invalidating. Concurrent reads of one key and
 * stamp share one build. Entries are kept by recent use within `maxSize` (as `sizeOf` counts);
 * one value larger than that is answered but not kept.
 */
export class StampedCache<Value> {
  private readonly entries = new Map<string, Entry<Value>>();
  private size = 0;

  constructor(
    private readonly maxSize: number,
    private readonly sizeOf: (value: Value) => number,
  ) {}

  /**
   * The value of `key` at `stamp`: the kept one, the one being built, or a new one from `build`.
   * A build that fails is not kept; the next read builds again.
   */
  async get(key: string, stamp: string, build: () => Promise<Value>): Promise<Value> {
    const entry = this.entries.get(key);
    if (entry?.stamp === stamp) {
      // Re-inserting moves the key to the end: the map's order is the order of use.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    }
    const pending = build();
    this.replace(key, { stamp, value: pending, size: 0 });
    try {
      const value = await pending;
      // Kept only while no read of a newer stamp replaced the entry meanwhile.
      if (this.entries.get(key)?.value === pending) this.keep(key, pending, this.sizeOf(value));
      return value;
    } catch (error) {
      if (this.entries.get(key)?.value === pending) this.replace(key, undefined);
      throw error;
    }
  }

  /**
   * Keeps `value` as the value of `key` at `stamp`, for a caller that made it itself (a change
   * that knows the state it committed): the next read of that stamp needs no build.
   */
  set(key: string, stamp: string, value: Value): void {
    const kept = Promise.resolve(value);
    this.replace(key, { stamp, value: kept, size: 0 });
    this.keep(key, kept, this.sizeOf(value));
  }

  /** Bytes (or whatever `sizeOf` counts) the kept values take. */
  get keptSize(): number {
    return this.size;
  }

  get keys(): number {
    return this.entries.size;
  }

  private keep(key: string, value: Promise<Value>, size: number): void {
    const entry = this.entries.get(key) as Entry<Value>;
    if (size > this.maxSize) {
      this.replace(key, undefined);
      return;
    }
    entry.size = size;
    this.size += size;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.size <= this.maxSize) break;
      if (oldest.value !== value) this.replace(oldestKey, undefined);
    }
  }

  private replace(key: string, entry: Entry<Value> | undefined): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.size -= previous.size;
      this.entries.delete(key);
    }
    if (entry) this.entries.set(key, entry);
  }
}

type Entry<Value> = { stamp: string; value: Promise<Value>; size: number };
