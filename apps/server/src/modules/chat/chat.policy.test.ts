import { describe, expect, it } from 'vitest';
import { principal } from '../../../test/principals';
import {
  canAddMembers,
  canAskInBotRoom,
  canChangeOwnMessage,
  canCreateGroupRoom,
  canJoinRoom,
  canLeaveRoom,
  canMuteRoom,
  canOpenBotRoom,
  canOpenPrivateRoom,
  canPostToRoom,
  canReactToMessage,
  canReadRoom,
  canRemoveMember,
  canRenameRoom,
  type MessageSubject,
  type RoomSubject,
} from './chat.policy';

const founder = principal('usr-founder', 'user');
const investor = principal('inv-tied', 'investor');
const lapsed = principal('inv-lapsed', 'investor');
const stranger = principal('inv-stranger', 'investor');
/** An investor who was in the group and left it (or was removed, or their tie ended). */
const former = principal('inv-former', 'investor');
/** An investor tied to the founder and in none of the founder's rooms yet. */
const newcomer = principal('inv-newcomer', 'investor');
/** A founder in an investor's group. */
const otherFounder = principal('usr-other', 'user');

/** Who each account is tied to now (pending or accepted interests). */
const tiesOf: Record<string, Set<string>> = {
  // The former member is tied again (a new interest), so their creator may add them back.
  [founder.accountId]: new Set([investor.accountId, former.accountId, newcomer.accountId]),
  [investor.accountId]: new Set([founder.accountId]),
  [lapsed.accountId]: new Set(),
  [stranger.accountId]: new Set(),
};
const ties = (who: { accountId: string }) => tiesOf[who.accountId] ?? new Set<string>();

const privateRoom: RoomSubject = {
  type: 'private',
  createdBy: investor.accountId,
  participantIds: [investor.accountId, founder.accountId],
  formerIds: [],
};
const lapsedRoom: RoomSubject = {
  type: 'private',
  createdBy: lapsed.accountId,
  participantIds: [lapsed.accountId, founder.accountId],
  formerIds: [],
};
/** A founder's group with a tied and a lapsed investor. */
const group: RoomSubject = {
  type: 'group',
  createdBy: founder.accountId,
  participantIds: [founder.accountId, investor.accountId, lapsed.accountId],
  formerIds: [former.accountId],
};
/** An investor's group with two founders. */
const investorsGroup: RoomSubject = {
  type: 'group',
  createdBy: investor.accountId,
  participantIds: [investor.accountId, founder.accountId, otherFounder.accountId],
  formerIds: [],
};
/** A private room the investor's side left when the tie ended: the founder stays, alone. */
const endedRoom: RoomSubject = {
  type: 'private',
  createdBy: founder.accountId,
  participantIds: [founder.accountId],
  formerIds: [former.accountId],
};
/** A founder's group its creator left. */
const creatorLeftGroup: RoomSubject = {
  ...group,
  participantIds: [investor.accountId],
  formerIds: [founder.accountId],
};
/** A group whose creator's account is gone. */
const orphanGroup: RoomSubject = {
  ...group,
  createdBy: null,
  participantIds: [investor.accountId, lapsed.accountId],
};

describe('chat policy', () => {
  it.each([
    ['a participant', investor, privateRoom, true],
    ['the other participant', founder, privateRoom, true],
    ['a stranger', stranger, privateRoom, false],
    ['a group member', lapsed, group, true],
    ['one who left the group (history up to the leave)', former, group, true],
    ['one who left a private room', former, endedRoom, true],
  ] as const)('canReadRoom: %s → %s', (_who, who, room, allowed) => {
    expect(canReadRoom(who, room)).toBe(allowed);
  });

  it.each([
    ['a member', investor, group, true],
    ['a member whose tie ended but who is still in', lapsed, group, true],
    ['one who left', former, group, false],
    ['a stranger', stranger, group, false],
  ] as const)('canJoinRoom (presence, typing, marking read): %s → %s', (_who, who, room, allowed) => {
    expect(canJoinRoom(who, room)).toBe(allowed);
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
    ['group, one who left it', former, group, false],
    ['private, the founder left alone in it', founder, endedRoom, false],
    ['a bot room', investor, { ...privateRoom, type: 'bot' }, false],
  ] as const)('canPostToRoom: %s → %s', (_what, who, room, allowed) => {
    expect(canPostToRoom(who, room, ties(who))).toBe(allowed);
  });

  it.each([
    ['the creator removes a member', founder, group, investor.accountId, true],
    ['the creator removes a member whose tie ended', founder, group, lapsed.accountId, true],
    ['the creator removes themself', founder, group, founder.accountId, false],
    ['the creator removes one who already left', founder, group, former.accountId, false],
    ['the creator removes a stranger', founder, group, stranger.accountId, false],
    ['a member removes another', investor, group, lapsed.accountId, false],
    ['a member removes the creator', investor, group, founder.accountId, false],
    ['one who left removes a member', former, group, investor.accountId, false],
    ['a stranger removes a member', stranger, group, investor.accountId, false],
    ['an investor who created the group removes a founder', investor, investorsGroup, founder.accountId, true],
    [
      'a founder in an investor’s group removes another founder',
      founder,
      investorsGroup,
      otherFounder.accountId,
      false,
    ],
    ['anyone removes from a private room', founder, privateRoom, investor.accountId, false],
  ] as const)('canRemoveMember: %s → %s', (_what, who, room, memberId, allowed) => {
    expect(canRemoveMember(who, room, memberId)).toBe(allowed);
  });

  it.each([
    ['a member leaves a group', investor, group, true],
    ['the creator leaves their group', founder, group, true],
    ['a founder leaves an investor’s group', otherFounder, investorsGroup, true],
    ['one who left leaves again', former, group, false],
    ['a stranger leaves', stranger, group, false],
    ['a member leaves a private room', investor, privateRoom, false],
  ] as const)('canLeaveRoom: %s → %s', (_what, who, room, allowed) => {
    expect(canLeaveRoom(who, room)).toBe(allowed);
  });

  it.each([
    ['a member of a private room', founder, privateRoom, true],
    ['a member of a group', lapsed, group, true],
    ['one who left', former, group, false],
    ['a stranger', stranger, privateRoom, false],
  ] as const)('canMuteRoom: %s → %s', (_what, who, room, allowed) => {
    expect(canMuteRoom(who, room)).toBe(allowed);
  });

  it.each([
    ['the creator renames their group', founder, group, true],
    ['a member renames it', investor, group, false],
    ['one who left renames it', former, group, false],
    ['a stranger renames it', stranger, group, false],
    ['the creator of an investor’s group renames it', investor, investorsGroup, true],
    ['a founder in an investor’s group renames it', founder, investorsGroup, false],
    ['the creator who left renames it', founder, creatorLeftGroup, false],
    ['anyone renames a private room', investor, privateRoom, false],
  ] as const)('canRenameRoom: %s → %s', (_what, who, room, allowed) => {
    expect(canRenameRoom(who, room)).toBe(allowed);
  });

  it.each([
    ['the creator adds a tied newcomer', founder, group, [newcomer.accountId], true],
    ['the creator adds back one who left (tied again)', founder, group, [former.accountId], true],
    ['the creator adds someone untied', founder, group, [stranger.accountId], false],
    [
      'the creator adds a tied newcomer and someone untied',
      founder,
      group,
      [newcomer.accountId, stranger.accountId],
      false,
    ],
    ['the creator adds a current member', founder, group, [investor.accountId], false],
    ['the creator adds themself', founder, group, [founder.accountId], false],
    ['the creator adds nobody', founder, group, [], false],
    ['a member adds their own tie', investor, group, [founder.accountId], false],
    ['a stranger adds someone', stranger, group, [newcomer.accountId], false],
    ['a private room gains a third', founder, privateRoom, [newcomer.accountId], false],
  ] as const)('canAddMembers: %s → %s', (_what, who, room, memberIds, allowed) => {
    expect(canAddMembers(who, room, [...memberIds], ties(who))).toBe(allowed);
  });
});

describe('the copilot room', () => {
  const bot: RoomSubject = {
    type: 'bot',
    createdBy: investor.accountId,
    participantIds: [investor.accountId],
    formerIds: [],
  };
  it.each([
    ['its investor', investor, true, true, true],
    ['another investor', stranger, true, false, false],
    ['a founder', founder, false, false, false],
  ] as const)('%s: opens one %s, asks in this one %s, reads it %s', (_who, who, open, ask, read) => {
    expect(canOpenBotRoom(who)).toBe(open);
    expect(canAskInBotRoom(who, bot)).toBe(ask);
    expect(canReadRoom(who, bot)).toBe(read);
    // Nobody posts to it through the chat's send: questions go through the copilot's ask.
    expect(canPostToRoom(who, bot, new Set())).toBe(false);
  });

  it('is not a bot room because its creator asks: a private or group room never takes copilot asks', () => {
    expect(canAskInBotRoom(investor, { ...bot, type: 'private' })).toBe(false);
    expect(canAskInBotRoom(investor, { ...bot, type: 'group' })).toBe(false);
  });
});

describe('changing messages (docs/chat.md, "Edits, deletions, replies, reactions and mentions")', () => {
  const byFounder: MessageSubject = { senderId: founder.accountId, deletedAt: null };
  const deleted: MessageSubject = { senderId: founder.accountId, deletedAt: new Date('2026-01-01T00:00:00Z') };
  // Who may edit or delete the founder's message in the founder's group, and who may react to it.
  const table: [string, typeof founder, MessageSubject, boolean, boolean][] = [
    ['its author', founder, byFounder, true, true],
    ['another member', investor, byFounder, false, true],
    ['a member whose tie lapsed', lapsed, byFounder, false, true],
    ['a former member', former, byFounder, false, false],
    ['a stranger', stranger, byFounder, false, false],
    ['its author, once deleted', founder, deleted, false, false],
    ['another member, once deleted', investor, deleted, false, false],
  ];
  it.each(table)('%s: edit or delete %s, react %s', (_who, caller, message, mayChange, mayReact) => {
    expect(canChangeOwnMessage(caller, group, message)).toBe(mayChange);
    expect(canReactToMessage(caller, group, message)).toBe(mayReact);
  });

  it('lets the author take back a message in a room closed to new messages', () => {
    expect(canPostToRoom(lapsed, lapsedRoom, ties(lapsed))).toBe(false);
    expect(canChangeOwnMessage(lapsed, lapsedRoom, { senderId: lapsed.accountId, deletedAt: null })).toBe(true);
  });
});
