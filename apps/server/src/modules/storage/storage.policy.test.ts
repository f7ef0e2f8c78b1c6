import { describe, expect, it } from 'vitest';
import { principal } from '../../../test/principals';
import { canUseUpload } from './storage.policy';

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
