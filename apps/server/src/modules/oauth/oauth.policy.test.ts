import { describe, expect, it } from 'vitest';
import { canLinkTo, canSignInAs, canUnlink } from './oauth.policy';

describe('oauth policy', () => {
  it.each([
    ['a founder’s identity, signing in as a founder', 'user', 'user', true],
    ['a founder’s identity, signing in as an investor', 'user', 'investor', false],
    ['an investor’s identity, signing in as an investor', 'investor', 'investor', true],
    ['an investor’s identity, signing in as a founder', 'investor', 'user', false],
    ['a mentor’s identity, signing in as a founder', 'mentor', 'user', false],
  ] as const)('canSignInAs: %s → %s', (_case, linkedRole, requestedRole, allowed) => {
    expect(canSignInAs({ role: linkedRole }, requestedRole)).toBe(allowed);
  });

  it.each([
    ['a verified account', new Date(), true],
    ['an unverified registration', null, false],
  ] as const)('canLinkTo: %s → %s', (_case, emailVerifiedAt, allowed) => {
    expect(canLinkTo({ emailVerifiedAt })).toBe(allowed);
  });

  it.each([
    ['with a password, its only provider', true, ['google'], true],
    ['without a password, its only provider', false, ['google'], false],
    ['without a password, one of two providers', false, ['google', 'github'], true],
    ['with a password and two providers', true, ['google', 'github'], true],
  ] as const)('canUnlink google: %s → %s', (_case, hasPassword, providers, allowed) => {
    expect(
      canUnlink(
        { hasPassword },
        providers.map((provider) => ({ provider })),
        'google',
      ),
    ).toBe(allowed);
  });
});
