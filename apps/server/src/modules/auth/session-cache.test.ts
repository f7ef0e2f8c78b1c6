import { describe, expect, it } from 'vitest';
import { type CachedSession, SessionCache } from './session-cache';

describe('session cache', () => {
  const session: CachedSession = {
    sessionId: 'ses-0001',
    accountId: 'usr-0001',
    role: 'user',
    secretHash: 'hash',
    expiresAt: new Date(Date.now() + 3_600_000),
    user: { id: 'usr-0001', name: 'A Founder', email: 'a@example.test', role: 'user' },
  };

  it('does not cache a row read before an invalidation that arrived during the read', () => {
    const cache = new SessionCache(30_000);
    const ticket = cache.ticket();
    cache.invalidateSession(session.sessionId);
    cache.set(session, ticket);
    expect(cache.get(session.sessionId)).toBeUndefined();
    cache.set(session, cache.ticket());
    expect(cache.get(session.sessionId)).toBe(session);
  });

  it('drops entries on invalidations from the bus, by session and by account', () => {
    let deliver: (message: { kind: 'session' | 'account'; id: string }) => void = () => undefined;
    const cache = new SessionCache(30_000, {
      publish: () => undefined,
      subscribe: (handler) => (deliver = handler),
      isReliable: () => true,
      onRestored: () => undefined,
    });
    cache.set(session, cache.ticket());
    deliver({ kind: 'session', id: session.sessionId });
    expect(cache.get(session.sessionId)).toBeUndefined();
    cache.set(session, cache.ticket());
    deliver({ kind: 'account', id: session.accountId });
    expect(cache.get(session.sessionId)).toBeUndefined();
  });

  it('serves nothing from memory while the bus is down, and forgets everything once it is back', () => {
    let isReliable = true;
    let restore: () => void = () => undefined;
    const cache = new SessionCache(30_000, {
      publish: () => undefined,
      subscribe: () => undefined,
      isReliable: () => isReliable,
      onRestored: (handler) => (restore = handler),
    });
    cache.set(session, cache.ticket());
    expect(cache.get(session.sessionId)).toBe(session);

    // Redis gone: a logout on another process would go unheard, so every check reads the database.
    isReliable = false;
    expect(cache.get(session.sessionId)).toBeUndefined();
    cache.set(session, cache.ticket());
    isReliable = true;
    // Back: what was cached before the loss may have been revoked meanwhile.
    restore();
    expect(cache.get(session.sessionId)).toBeUndefined();
    cache.set(session, cache.ticket());
    expect(cache.get(session.sessionId)).toBe(session);
  });
});
