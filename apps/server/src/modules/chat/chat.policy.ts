import type { Principal } from '@/core/identity/principal';

/**
 * What the chat policies read of a room: its kind, its creator, who is in it now and who was and
 * left (docs/chat.md, "Membership").
 */
export type RoomSubject = {
  type: 'private' | 'group' | 'bot';
  createdBy: string | null;
  /** Members now: they hear the room, post to it (while tied), join it and type in it. */
  participantIds: string[];
  /** Members whose membership ended: they read the history up to their leave, nothing more. */
  formerIds: string[];
};

/**
 * Who reads a room's history and learns that it exists: its members, and those who left it (up
 * to their leave). Anyone else gets the 404 of a missing room.
 */
export const canReadRoom = (principal: Principal, room: Pick<RoomSubject, 'participantIds' | 'formerIds'>) =>
  room.participantIds.includes(principal.accountId) || room.formerIds.includes(principal.accountId);

/** Only members take part: join the room (presence), type, mark read, hear its messages. */
export const canJoinRoom = (principal: Principal, room: Pick<RoomSubject, 'participantIds'>) =>
  room.participantIds.includes(principal.accountId);

/** Either side opens a private room with an account it is tied to (docs/chat.md). */
export const canOpenPrivateRoom = (principal: Principal, otherId: string, ties: ReadonlySet<string>) =>
  otherId !== principal.accountId && ties.has(otherId);

/** A group's creator must be tied to every other participant. */
export const canCreateGroupRoom = (principal: Principal, participantIds: string[], ties: ReadonlySet<string>) =>
  participantIds.length > 0 && participantIds.every((id) => id !== principal.accountId && ties.has(id));

/**
 * Whether a member may post, from the ties it has now: in a private room, while tied to the
 * other member; in a group, a member while tied to the creator, the creator while tied to at
 * least one member. A tie that ends (withdrawn, declined, account deleted) closes the room to
 * new messages; those who left never post.
 */
export function canPostToRoom(principal: Principal, room: RoomSubject, ties: ReadonlySet<string>): boolean {
  if (!canJoinRoom(principal, room)) return false;
  const others = room.participantIds.filter((id) => id !== principal.accountId);
  switch (room.type) {
    case 'private':
      return others.length === 1 && ties.has(others[0] as string);
    case 'group':
      return room.createdBy === principal.accountId
        ? others.some((id) => ties.has(id))
        : room.createdBy !== null && ties.has(room.createdBy);
    case 'bot':
      return false;
  }
}

/**
 * A group's creator, while a member, takes another member out. Nobody else removes anyone: the
 * creator chose who is in the group, and members of a founder's group are not tied to each other.
 */
export const canRemoveMember = (principal: Principal, room: RoomSubject, memberId: string) =>
  room.type === 'group' &&
  room.createdBy === principal.accountId &&
  canJoinRoom(principal, room) &&
  memberId !== principal.accountId &&
  room.participantIds.includes(memberId);

/**
 * Any member leaves a group, its creator included. A private room has no leaving: it closes with
 * the tie behind it (and muting silences it meanwhile).
 */
export const canLeaveRoom = (principal: Principal, room: RoomSubject) =>
  room.type === 'group' && canJoinRoom(principal, room);

/** A member mutes a room for themself; it changes nothing for the others. */
export const canMuteRoom = (principal: Principal, room: RoomSubject) => canJoinRoom(principal, room);

/**
 * A group's creator, while a member, renames it: they named it. Members do not, for the reason
 * they do not remove anyone: the group is the creator's, and its members may not know each other.
 */
export const canRenameRoom = (principal: Principal, room: RoomSubject) =>
  room.type === 'group' && room.createdBy === principal.accountId && canJoinRoom(principal, room);

/**
 * A group's creator, while a member, adds people they are tied to now and who are not in the
 * group: the rule a group is created by (its creator tied to everyone in it), applied to each
 * newcomer. One who left or was removed may be added back.
 */
export const canAddMembers = (
  principal: Principal,
  room: RoomSubject,
  memberIds: string[],
  ties: ReadonlySet<string>,
) =>
  canRenameRoom(principal, room) &&
  memberIds.length > 0 &&
  memberIds.every((id) => id !== principal.accountId && ties.has(id) && !room.participantIds.includes(id));

/** Only investors have a copilot room (spec §2: only investors see the AI copilot card). */
export const canOpenBotRoom = (principal: Principal) => principal.role === 'investor';

/**
 * The copilot answers in a bot room only its own investor, while a member: no one else learns
 * that it exists (404), and nobody posts to it through the chat's send (`canPostToRoom`), only
 * through the copilot's ask, which stores question and answer together.
 */
export const canAskInBotRoom = (principal: Principal, room: RoomSubject) =>
  canOpenBotRoom(principal) &&
  room.type === 'bot' &&
  room.createdBy === principal.accountId &&
  canJoinRoom(principal, room);

/** What the message policies read of a message. */
export type MessageSubject = { senderId: string | null; deletedAt: Date | null };

/**
 * Only its author edits or deletes a message, while a member of its room, and not once it is
 * deleted. Nobody else does, a group's creator included: a message says what its author said.
 * A room closed to new messages (its tie ended) still lets its members take back what they wrote.
 */
export const canChangeOwnMessage = (principal: Principal, room: RoomSubject, message: MessageSubject) =>
  canJoinRoom(principal, room) && message.senderId === principal.accountId && message.deletedAt === null;

/** Every member reacts to a message of the room (their own included), while it is not deleted. */
export const canReactToMessage = (principal: Principal, room: RoomSubject, message: MessageSubject) =>
  canJoinRoom(principal, room) && message.deletedAt === null;
