import { describe, expect, it } from 'vitest';
import { principal } from '../../../test/principals';
import { canGrantTo, canManageRoom, canMoveInto, canReadRoom } from './datarooms.policy';

describe('data room policy', () => {
  const founder = principal('usr-owner', 'user');
  it.each([
    ['its founder', founder, true],
    ['another founder', principal('usr-other', 'user'), false],
    ['an investor', principal('inv-reader', 'investor'), false],
    ['an investor with the founder’s id', principal(founder.accountId, 'investor'), false],
  ] as const)('canManageRoom: %s → %s', (_who, who, allowed) => {
    expect(canManageRoom(who, { founderId: founder.accountId })).toBe(allowed);
  });

  // a ─ b ─ c, and d beside a at the top.
  const parents = new Map<string, string | null>([
    ['a', null],
    ['b', 'a'],
    ['c', 'b'],
    ['d', null],
  ]);
  it.each([
    ['a folder to the top', 'b', null, true],
    ['a folder into a sibling', 'a', 'd', true],
    ['a deep folder up to its grandparent', 'c', 'a', true],
    ['a folder into itself', 'a', 'a', false],
    ['a folder into its child', 'a', 'b', false],
    ['a folder into its grandchild', 'a', 'c', false],
  ] as const)('canMoveInto: %s → %s', (_what, itemId, targetId, allowed) => {
    expect(canMoveInto(itemId, targetId, parents)).toBe(allowed);
  });

  it('canMoveInto stops on a loop in stored parents instead of walking forever', () => {
    const looped = new Map<string, string | null>([
      ['x', 'y'],
      ['y', 'x'],
    ]);
    expect(canMoveInto('z', 'x', looped)).toBe(false);
  });

  const reader = principal('inv-reader', 'investor');
  it.each([
    ['the grant’s investor, interest accepted', reader, 'accepted', true],
    ['the grant’s investor, interest withdrawn', reader, 'withdrawn', false],
    ['the grant’s investor, interest declined', reader, 'declined', false],
    ['the grant’s investor, interest pending again', reader, 'pending', false],
    ['the grant’s investor, interest gone', reader, null, false],
    ['another investor', principal('inv-other', 'investor'), 'accepted', false],
    ['a founder with the investor’s id', principal(reader.accountId, 'user'), 'accepted', false],
  ] as const)('canReadRoom: %s → %s', (_who, who, interestStatus, allowed) => {
    expect(canReadRoom(who, [{ investorId: reader.accountId, interestStatus }])).toBe(allowed);
  });

  it.each([
    ['its founder, accepted', founder, 'accepted', true],
    ['its founder, pending', founder, 'pending', false],
    ['its founder, declined', founder, 'declined', false],
    ['its founder, withdrawn', founder, 'withdrawn', false],
    ['another founder, accepted', principal('usr-other', 'user'), 'accepted', false],
    ['an investor with the founder’s id', principal(founder.accountId, 'investor'), 'accepted', false],
  ] as const)('canGrantTo: %s → %s', (_who, who, status, allowed) => {
    expect(canGrantTo(who, { deckFounderId: founder.accountId, status })).toBe(allowed);
  });
});
