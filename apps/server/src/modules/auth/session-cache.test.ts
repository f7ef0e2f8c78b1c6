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
    const cache = new SessionCache(30_000, { publish: () => undefined, subscribe: (handler) => (deliver = handler) });
    cache.set(session, cache.ticket());
    deliver({ kind: 'session', id: session.sessionId });
    expect(cache.get(session.sessionId)).toBeUndefined();
    cache.set(session, cache.ticket());
    deliver({ kind: 'account', id: session.accountId });
    expect(cache.get(session.sessionId)).toBeUndefined();
  });
});
