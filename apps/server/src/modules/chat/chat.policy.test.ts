import { describe, expect, it } from 'vitest';
import { principal } from '../../../test/principals';
import { canCreateGroupRoom, canOpenPrivateRoom, canPostToRoom, canReadRoom, type RoomSubject } from './chat.policy';

const founder = principal('usr-founder', 'user');
const investor = principal('inv-tied', 'investor');
const lapsed = principal('inv-lapsed', 'investor');
const stranger = principal('inv-stranger', 'investor');

/** Who each account is tied to now (pending or accepted interests). */
const tiesOf: Record<string, Set<string>> = {
  [founder.accountId]: new Set([investor.accountId]),
  [investor.accountId]: new Set([founder.accountId]),
  [lapsed.accountId]: new Set(),
  [stranger.accountId]: new Set(),
};
const ties = (who: { accountId: string }) => tiesOf[who.accountId] ?? new Set<string>();

const privateRoom: RoomSubject = {
  type: 'private',
  createdBy: investor.accountId,
  participantIds: [investor.accountId, founder.accountId],
};
const lapsedRoom: RoomSubject = {
  type: 'private',
  createdBy: lapsed.accountId,
  participantIds: [lapsed.accountId, founder.accountId],
};
/** A founder's group with a tied and a lapsed investor. */
const group: RoomSubject = {
  type: 'group',
  createdBy: founder.accountId,
  participantIds: [founder.accountId, investor.accountId, lapsed.accountId],
};
/** A group whose creator's account is gone. */
const orphanGroup: RoomSubject = { ...group, createdBy: null, participantIds: [investor.accountId, lapsed.accountId] };

describe('chat policy', () => {
  it.each([
    ['a participant', investor, privateRoom, true],
    ['the other participant', founder, privateRoom, true],
    ['a stranger', stranger, privateRoom, false],
    ['a group member', lapsed, group, true],
  ] as const)('canReadRoom: %s → %s', (_who, who, room, allowed) => {
    expect(canReadRoom(who, room)).toBe(allowed);
  });

  it.each([
    ['a tied account', founder, investor.accountId, true],
    ['from the other side', investor, founder.accountId, true],
    ['an untied account', founder, stranger.accountId, false],
    ['oneself', founder, founder.accountId, false],
  ] as const)('canOpenPrivateRoom with %s → %s', (_what, who, otherId, allowed) => {
    expect(canOpenPrivateRoom(who, otherId, ties(who))).toBe(allowed);
  });

  it.each([
    ['everyone tied', [investor.accountId], true],
    ['one untied', [investor.accountId, stranger.accountId], false],
    ['oneself included', [investor.accountId, founder.accountId], false],
    ['nobody', [], false],
  ] as const)('canCreateGroupRoom with %s → %s', (_what, participantIds, allowed) => {
    expect(canCreateGroupRoom(founder, [...participantIds], ties(founder))).toBe(allowed);
  });

  it.each([
    ['private, both tied: the investor', investor, privateRoom, true],
    ['private, both tied: the founder', founder, privateRoom, true],
    ['private, tie ended: the investor', lapsed, lapsedRoom, false],
    ['private, tie ended: the founder', founder, lapsedRoom, false],
    ['private, a stranger', stranger, privateRoom, false],
    ['group, its creator tied to a member', founder, group, true],
    ['group, a member tied to the creator', investor, group, true],
    ['group, a member whose tie ended', lapsed, group, false],
    ['group, its creator gone', investor, orphanGroup, false],
    ['a bot room', investor, { ...privateRoom, type: 'bot' }, false],
  ] as const)('canPostToRoom: %s → %s', (_what, who, room, allowed) => {
    expect(canPostToRoom(who, room, ties(who))).toBe(allowed);
  });
});
