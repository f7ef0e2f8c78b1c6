/** Reads ties afresh (the interests module answers it). */
export type TieSource = {
  /** Every tie of each account named, in one query. */
  tiesOfEach(accountIds: string[]): Promise<Map<string, Set<string>>>;
};

/** Tells kept ties when they may be out of date: the domain-event bus, over Redis between processes. */
export type TieChanges = {
  /** Whether every process's announcements reach this one now; while not, nothing is kept. */
  isReliable: () => boolean;
  /** Runs `handler` when announcements arrive again after a loss, some of them missed. */
  onRestored: (handler: () => void) => void;
};

/** Ties as `KeptTies` answers them, and which accounts' ties were read just now. */
export type TiesRead = { ties: Map<string, Set<string>>; readNow: Set<string> };

/**
 * The ties of accounts sending chat messages, kept between batches of sends: a busy sender's
 * ties are read once, not for every batch. Every change of a tie is announced (an interest
 * shown, decided or withdrawn, a deck deleted) and `forget` drops both sides' ties on every
 * process; while announcements may be missed (Redis away) nothing is kept, and what was kept is
 * dropped when they return. The TTL bounds what an announcement lost some other way could leave.
 *
 * A kept tie only ever lets a send be decided as its sender's ties were a moment ago. The ending
 * of a tie also ends the memberships that depended on it, and a message is stored only among the
 * members it was decided on (`ChatRepository.insertMessages`), so such a send is one that came
 * just before the end, as a send that raced it always could. A send refused on kept ties is
 * decided again on ties read afresh.
 */
export class KeptTies {
  private readonly entries = new Map<string, { ties: Set<string>; storedAt: number }>();
  /** Counts forgets, so ties read before one are not kept after it. */
  private generation = 0;

  constructor(
    private readonly source: TieSource,
    private readonly changes: TieChanges,
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
    private readonly now: () => number = Date.now,
  ) {
    // Announcements made while they could not arrive were missed: forget everything.
    changes.onRestored(() => this.clear());
  }

  /** Each account's ties: kept ones where held (unless `fresh`), the rest read in one query and kept. */
  async tiesOfEach(accountIds: string[], { fresh = false }: { fresh?: boolean } = {}): Promise<TiesRead> {
    const ties = new Map<string, Set<string>>();
    const missing: string[] = [];
    const isReliable = this.changes.isReliable();
    for (const id of accountIds) {
      const kept = fresh || !isReliable ? undefined : this.get(id);
      if (kept) ties.set(id, kept);
      else missing.push(id);
    }
    if (missing.length === 0) return { ties, readNow: new Set() };
    const ticket = this.generation;
    const read = await this.source.tiesOfEach(missing);
    // Ties read across a forget may predate the change it announced: answered, not kept.
    const mayKeep = ticket === this.generation && this.changes.isReliable();
    for (const id of missing) {
      const accountTies = read.get(id) ?? new Set<string>();
      ties.set(id, accountTies);
      if (mayKeep) this.set(id, accountTies);
    }
    return { ties, readNow: new Set(missing) };
  }

  /** The ties of these accounts changed (on this process or another): read them afresh next time. */
  forget(accountIds: string[]): void {
    this.generation += 1;
    for (const id of accountIds) this.entries.delete(id);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private get(accountId: string): Set<string> | undefined {
    const entry = this.entries.get(accountId);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.entries.delete(accountId);
      return undefined;
    }
    return entry.ties;
  }

  private set(accountId: string, ties: Set<string>): void {
    this.entries.delete(accountId);
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(accountId, { ties, storedAt: this.now() });
  }
}
