import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearStoredTokens,
  readStoredRoles,
  readStoredTokens,
  saveStoredTokens,
  type TokenStore,
  tokenStorageKeys,
} from './token-storage';

const tokens = { token: 'jwt.a.b', controlSignature: 'sig-1', hashToken: 'hash-1' };

/** A storage whose every method throws, like Safari's private mode or a full quota. */
const throwingStore: TokenStore = {
  getItem: () => {
    throw new Error('denied');
  },
  setItem: () => {
    throw new DOMException('quota', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('denied');
  },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('token storage', () => {
  it('uses the three keys of the spec', () => {
    expect(tokenStorageKeys).toEqual({ user: 'user_tokens', investor: 'investor_tokens', mentor: 'mentor_tokens' });
  });

  it('saves under the role key and reads the same tokens back', () => {
    saveStoredTokens('investor', tokens);
    expect(JSON.parse(localStorage.getItem('investor_tokens') ?? 'null')).toEqual(tokens);
    expect(readStoredTokens('investor')).toEqual(tokens);
    expect(readStoredTokens('user')).toBeNull();
  });

  it('reads null when the key is absent', () => {
    expect(readStoredTokens('user')).toBeNull();
  });

  it('reads null for invalid JSON, without logging', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('user_tokens', '{not json');
    expect(readStoredTokens('user')).toBeNull();
    expect(log).not.toHaveBeenCalled();
  });

  it.each([
    ['a missing field', { token: 't', controlSignature: 's' }],
    ['an empty field', { token: 't', controlSignature: '', hashToken: 'h' }],
    ['a wrong type', { token: 't', controlSignature: 's', hashToken: 5 }],
    ['an array', ['t', 's', 'h']],
    ['null', null],
  ])('reads null for %s', (_label, value) => {
    localStorage.setItem('user_tokens', JSON.stringify(value));
    expect(readStoredTokens('user')).toBeNull();
  });

  it('keeps only the three credentials of a stored object', () => {
    localStorage.setItem('user_tokens', JSON.stringify({ ...tokens, extra: 'x' }));
    expect(readStoredTokens('user')).toEqual(tokens);
  });

  it('reads null silently when storage throws', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readStoredTokens('user', throwingStore)).toBeNull();
    expect(readStoredRoles(throwingStore)).toEqual([]);
    expect(log).not.toHaveBeenCalled();
  });

  it('reads null when there is no storage at all', () => {
    expect(readStoredTokens('user', null)).toBeNull();
  });

  it("logs 'Failed to save auth tokens' when saving throws", () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => saveStoredTokens('user', tokens, throwingStore)).not.toThrow();
    expect(log).toHaveBeenCalledWith('Failed to save auth tokens', expect.any(DOMException));
  });

  it("logs 'Failed to save auth tokens' when the browser storage rejects the write", () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('quota');
    });
    saveStoredTokens('investor', tokens);
    expect(log).toHaveBeenCalledWith('Failed to save auth tokens', expect.any(Error));
  });

  it("logs 'Failed to clear auth tokens' when clearing throws", () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => clearStoredTokens('user', throwingStore)).not.toThrow();
    expect(log).toHaveBeenCalledWith('Failed to clear auth tokens', expect.any(Error));
  });

  it('clears one role, or all three when no role is given', () => {
    saveStoredTokens('user', tokens);
    saveStoredTokens('investor', tokens);
    saveStoredTokens('mentor', tokens);
    clearStoredTokens('investor');
    expect(readStoredRoles()).toEqual(['user', 'mentor']);
    clearStoredTokens();
    expect(readStoredRoles()).toEqual([]);
    expect(localStorage.length).toBe(0);
  });
});
