import type { Role, UserDto } from '@deckvalid/contract/auth';

/** A live session as the credential check needs it. */
export type CachedSession = {
  sessionId: string;
  accountId: string;
  role: Role;
  secretHash: string;
  expiresAt: Date;
  user: UserDto;
};

/** Carries invalidations to every process (the domain-event bus, over Redis when configured). */
export type InvalidationBus = {
  publish: (message: InvalidationMessage) => void;
  subscribe: (handler: (message: InvalidationMessage) => void) => void;
  /** Whether invalidations from every process arrive now; while not, nothing is served from memory. */
  isReliable: () => boolean;
  /** Runs `handler` when invalidations arrive again after a loss, some of them missed. */
  onRestored: (handler: () => void) => void;
};

export type InvalidationMessage = { kind: 'session'; id: string } | { kind: 'account'; id: string };

/**
 * Keeps recently checked sessions in memory so that an authenticated request costs no query.
 * Every change that ends a session or alters its account drops the entry here and, through the
 * bus, in every other process; the TTL bounds staleness if a bus message is ever lost.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: CachedSession; storedAt: number }>();
  /** Counts invalidations, so a row read before one is not cached after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly bus?: InvalidationBus,
    private readonly maxEntries = 50_000,
  ) {
    bus?.subscribe((message) => this.apply(message));
    // Invalidations published while the bus was down never arrived: forget everything.
    bus?.onRestored(() => this.clear());
  }

  get(sessionId: string): CachedSession | undefined {
    // Without the bus another process's logout would go unheard: the database decides each time.
    if (this.bus && !this.bus.isReliable()) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > this.ttlMs) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.session;
  }

  /** Take before reading a session row; pass to `set` with what was read. */
  ticket(): number {
    return this.generation;
  }

  /**
   * Caches a session row unless an invalidation arrived while it was being read: that row may
   * predate a revocation (with a connection pool, a read can finish after a logout's update)
   * and caching it would let the session in for a whole TTL.
   */
  set(session: CachedSession, ticket: number): void {
    if (ticket !== this.generation) return;
    if (this.bus && !this.bus.isReliable()) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(session.sessionId, { session, storedAt: Date.now() });
  }

  invalidateSession(sessionId: string): void {
    this.apply({ kind: 'session', id: sessionId });
    this.bus?.publish({ kind: 'session', id: sessionId });
  }

  invalidateAccount(accountId: string): void {
    this.apply({ kind: 'account', id: accountId });
    this.bus?.publish({ kind: 'account', id: accountId });
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
  }

  private apply(message: InvalidationMessage): void {
    this.generation++;
    if (message.kind === 'session') {
      this.entries.delete(message.id);
      return;
    }
    for (const [sessionId, entry] of this.entries) {
      if (entry.session.accountId === message.id) this.entries.delete(sessionId);
    }
  }
}
