import { describe, expect, it } from 'vitest';
import type { Principal } from '@/core/identity/principal';
import { canUseUpload } from './storage.policy';

const principal = (accountId: string, role: Principal['role']): Principal => ({
  sessionId: `ses-${accountId}`,
  accountId,
  role,
  user: { id: accountId, name: accountId, email: `${accountId}@example.test`, role },
});
const founder = principal('usr-owner', 'user');

describe('upload policy', () => {
  it.each([
    ['its owner, as the kind it was handed', founder, { kind: 'deck', ownerId: 'usr-owner' }, 'deck', true],
    ['its owner, as another kind', founder, { kind: 'deck', ownerId: 'usr-owner' }, 'picture', false],
    ['another founder', principal('usr-other', 'user'), { kind: 'deck', ownerId: 'usr-owner' }, 'deck', false],
    ['an investor', principal('inv-any', 'investor'), { kind: 'picture', ownerId: 'usr-owner' }, 'picture', false],
  ] as const)('canUseUpload: %s → %s', (_who, who, upload, kind, allowed) => {
    expect(canUseUpload(who, upload, kind)).toBe(allowed);
  });
});
