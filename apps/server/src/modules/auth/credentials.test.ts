import { describe, expect, it } from 'vitest';
import type { PresentedCredentials } from '@/core/identity/principal';
import { sha256 } from '@/lib/crypto';
import { Credentials } from './credentials';

const secret = 'unit-test-secret-that-is-long-enough-0123456789';
const claims = { accountId: 'usr-0001', role: 'user', sessionId: 'ses-0001' } as const;

async function issued(credentials: Credentials, expiresAt = new Date(Date.now() + 3_600_000)) {
  const tokens = await credentials.issue(claims, expiresAt);
  const presented: Required<PresentedCredentials> = {
    authorization: `Bearer ${tokens.token}`,
    controlSignature: tokens.controlSignature,
    hashToken: tokens.hashToken,
  };
  return { tokens, presented };
}

const flip = (value: string) => (value.endsWith('A') ? `${value.slice(0, -1)}B` : `${value.slice(0, -1)}A`);

describe('remembered credential triples', () => {
  it('recalls only a triple that passed the full check, with the hash of its hash token', async () => {
    const credentials = new Credentials(secret);
    const { presented, tokens } = await issued(credentials);
    expect(credentials.recall(presented)).toBeUndefined();
    const verified = await credentials.verify(presented);
    expect(verified).toEqual({ ...claims, hashTokenDigest: sha256(tokens.hashToken) });
    expect(credentials.recall(presented)).toEqual(verified);
  });

  it('does not recall, and still refuses, a remembered triple with any part altered or missing', async () => {
    const credentials = new Credentials(secret);
    const { presented } = await issued(credentials);
    await credentials.verify(presented);
    const altered: PresentedCredentials[] = [
      { ...presented, controlSignature: flip(presented.controlSignature) },
      { ...presented, hashToken: flip(presented.hashToken) },
      { ...presented, authorization: flip(presented.authorization) },
      { ...presented, controlSignature: undefined },
      { ...presented, hashToken: '' },
    ];
    for (const candidate of altered) {
      expect(credentials.recall(candidate)).toBeUndefined();
      await expect(credentials.verify(candidate)).rejects.toThrow();
    }
  });

  it('does not mix parts of two remembered triples', async () => {
    const credentials = new Credentials(secret);
    const first = await issued(credentials);
    const second = await issued(credentials);
    await credentials.verify(first.presented);
    await credentials.verify(second.presented);
    const mixed = { ...first.presented, hashToken: second.presented.hashToken };
    expect(credentials.recall(mixed)).toBeUndefined();
    await expect(credentials.verify(mixed)).rejects.toThrow('control signature mismatch');
  });

  it('forgets a triple when its token expires', async () => {
    const credentials = new Credentials(secret);
    // JWT expiry has whole seconds: this token lives at least 1.5 s (a loaded machine may take a
    // while between issuing and verifying; 1 s once expired first) and lapses within 2.5 s.
    const { presented } = await issued(credentials, new Date(Date.now() + 2_500));
    await credentials.verify(presented);
    expect(credentials.recall(presented)).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    expect(credentials.recall(presented)).toBeUndefined();
    await expect(credentials.verify(presented)).rejects.toThrow();
  });
});
