/**
 * A bounded in-memory map whose entries expire `ttlMs` after they were stored. For data that
 * changes rarely and whose staleness for one TTL is harmless; anything that must change at once
 * (a revoked session, an ended tie) is read fresh or invalidated explicitly instead.
 */
export class TtlCache<Key, Value> {
  private readonly entries = new Map<Key, { value: Value; storedAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: Key): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: Key, value: Value): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, storedAt: this.now() });
  }

  delete(key: Key): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
