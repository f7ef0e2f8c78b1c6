import { describe, expect, it } from 'vitest';
import { principal } from '../../../test/principals';
import { canGrantStillRead, canManageLinks, type GrantSubject, type LinkSubject, linkStateAt } from './links.policy';

const now = new Date('2030-01-01T12:00:00Z');
const later = new Date('2030-01-02T12:00:00Z');
const link = (changes: Partial<LinkSubject> = {}): LinkSubject => ({
  requireEmail: true,
  verifyEmail: false,
  allowList: [],
  denyList: [],
  hasPasscode: false,
  passcodeGeneration: 0,
  hasAgreement: false,
  agreementGeneration: 0,
  allowDownload: false,
  expiresAt: null,
  endedAt: null,
  ...changes,
});
const grant = (changes: Partial<GrantSubject> = {}): GrantSubject => ({
  email: 'ravi@northwind.vc',
  isEmailVerified: false,
  passcodeGeneration: null,
  agreementGeneration: null,
  expiresAt: later,
  ...changes,
});

describe('link policy', () => {
  const founder = principal('usr-owner', 'user');
  it.each([
    ['its founder', founder, true],
    ['another founder', principal('usr-other', 'user'), false],
    ['an investor', principal('inv-reader', 'investor'), false],
    ['an investor with the founder’s id', principal(founder.accountId, 'investor'), false],
  ] as const)('canManageLinks: %s → %s', (_who, who, allowed) => {
    expect(canManageLinks(who, { founderId: founder.accountId })).toBe(allowed);
  });

  it.each([
    ['active', link(), 'active'],
    ['ended', link({ endedAt: now }), 'ended'],
    ['expired', link({ expiresAt: now }), 'expired'],
    ['ended and expired', link({ endedAt: now, expiresAt: now }), 'ended'],
    ['expiring later', link({ expiresAt: later }), 'active'],
  ] as const)('linkStateAt: %s', (_what, subject, state) => {
    expect(linkStateAt(subject, now)).toBe(state);
  });

  it.each([
    ['the settings it was granted under', link(), grant(), true],
    ['an ended link', link({ endedAt: now }), grant(), false],
    ['an expired link', link({ expiresAt: now }), grant(), false],
    ['a token past its own expiry', link(), grant({ expiresAt: now }), false],
    ['an email now required, none given', link(), grant({ email: null }), false],
    ['no email asked, none given', link({ requireEmail: false }), grant({ email: null }), true],
    ['an allow list that keeps the email', link({ allowList: ['@northwind.vc'] }), grant(), true],
    ['an allow list that leaves it out', link({ allowList: ['@fund.example'] }), grant(), false],
    ['a deny list that names it', link({ denyList: ['northwind.vc'] }), grant(), false],
    ['verification turned on, unverified', link({ verifyEmail: true }), grant(), false],
    ['verification on, verified', link({ verifyEmail: true }), grant({ isEmailVerified: true }), true],
    ['a passcode added', link({ hasPasscode: true, passcodeGeneration: 1 }), grant(), false],
    [
      'the passcode it typed',
      link({ hasPasscode: true, passcodeGeneration: 1 }),
      grant({ passcodeGeneration: 1 }),
      true,
    ],
    ['a new passcode', link({ hasPasscode: true, passcodeGeneration: 2 }), grant({ passcodeGeneration: 1 }), false],
    ['the passcode removed', link({ passcodeGeneration: 2 }), grant({ passcodeGeneration: 1 }), true],
    ['a new agreement', link({ hasAgreement: true, agreementGeneration: 2 }), grant({ agreementGeneration: 1 }), false],
    [
      'the agreement it accepted',
      link({ hasAgreement: true, agreementGeneration: 1 }),
      grant({ agreementGeneration: 1 }),
      true,
    ],
  ] as const)('canGrantStillRead: %s → %s', (_what, subject, granted, allowed) => {
    expect(canGrantStillRead(subject, granted, now)).toBe(allowed);
  });
});
