import type { ChatLeaveReason, ChatRoom, MuteChatRoomResponse } from '@deckvalid/contract/chat';
import { chatLimits } from '@deckvalid/contract/chat';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import { canAddMembers, canLeaveRoom, canMuteRoom, canRemoveMember, canRenameRoom } from './chat.policy';
import type { ChatRepository, Membership } from './chat.repository';
import { type ChatService, memberIdsOf, subjectOf, type TieReader } from './chat.service';

/** A membership that ended, as the sockets announce it: to the one who left, and to who stays. */
export type RoomLeft = {
  chatRoomId: string;
  accountId: string;
  reason: ChatLeaveReason;
  /** The members who stay, whose room lists change. */
  remainingIds: string[];
};

/**
 * Who is in a room, and until when (docs/chat.md, "Membership"): memberships end when the tie
 * they depend on ends, when a group's creator removes someone, or when someone leaves; a member
 * mutes a room for themself. Ending a membership is a row update that keeps the history up to the
 * leave readable to them; the caller fans the answer out (the sockets leave the room at once).
 */
/** Why a private room is not left: it belongs to the tie between two people. */
const privateRoomStays =
  'A private conversation cannot be left: it closes when the interest behind it ends. Mute it to silence it.';
/** Why the copilot room is not left: it is the investor's own, with nobody else in it. */
const copilotRoomStays =
  'Your copilot conversation cannot be left: it is yours alone and keeps what you asked. Mute it to silence it.';

export class ChatMembershipService {
  constructor(
    private readonly repo: ChatRepository,
    private readonly ties: TieReader,
    private readonly chat: Pick<ChatService, 'requireMember' | 'requireReader' | 'getRoom'>,
  ) {}

  /**
   * A tie between a founder and another account ended: an interest withdrawn or declined (the
   * other is the investor), or a mentorship (the mentor). Unless something still ties them, every
   * membership that depended on this tie ends: the other's in the founder's groups and in their
   * private room, the founder's in the other's groups. Groups made by someone else depend on
   * ties to that someone, and stay.
   */
  async tieEnded(founderId: string, otherId: string): Promise<RoomLeft[]> {
    // Read after the change's commit: a second interest (another deck) keeps them tied.
    if ((await this.ties.tiesOf(founderId, [otherId])).has(otherId)) return [];
    const memberships = await this.repo.findMembershipsOfTie(founderId, otherId);
    return this.end(memberships, 'tie_ended');
  }

  /** DELETE …/rooms/{roomId}/members/{accountId}: the group's creator takes a member out. */
  async removeMember(principal: Principal, roomId: string, accountId: string): Promise<RoomLeft> {
    const room = await this.chat.requireMember(principal, roomId);
    if (!memberIdsOf(room).includes(accountId)) {
      throw new AppError('NOT_FOUND', 'That person is not in this conversation.');
    }
    if (!canRemoveMember(principal, subjectOf(room), accountId)) {
      throw new AppError(
        'FORBIDDEN',
        accountId === principal.accountId
          ? 'To leave the group, use Leave instead.'
          : 'Only the person who created this group can remove people from it.',
      );
    }
    const [left] = await this.end([{ roomId, accountId }], 'removed');
    // Someone else ended it a moment ago (they left, or the tie ended): nothing left to do.
    if (!left) throw new AppError('NOT_FOUND', 'That person is not in this conversation.');
    return left;
  }

  /**
   * POST …/rooms/{roomId}/leave: the caller leaves a group. Leaving a room already left answers
   * alike and changes nothing (a retried call). A private room is not left: it closes with its tie.
   */
  async leaveRoom(principal: Principal, roomId: string): Promise<RoomLeft | undefined> {
    const room = await this.chat.requireReader(principal, roomId);
    if (!memberIdsOf(room).includes(principal.accountId)) return undefined;
    if (!canLeaveRoom(principal, subjectOf(room))) {
      throw new AppError('CONFLICT', room.type === 'bot' ? copilotRoomStays : privateRoomStays);
    }
    const [left] = await this.end([{ roomId, accountId: principal.accountId }], 'left');
    return left;
  }

  /**
   * PATCH …/rooms/{roomId}: the group's creator renames it. Answers the room as the caller sees
   * it now, and who should read their lists again.
   */
  async renameRoom(
    principal: Principal,
    roomId: string,
    name: string,
  ): Promise<{ room: ChatRoom; memberIds: string[] }> {
    const room = await this.chat.requireMember(principal, roomId);
    if (!canRenameRoom(principal, subjectOf(room))) {
      throw new AppError(
        'FORBIDDEN',
        room.type === 'group'
          ? 'Only the person who created this group can rename it.'
          : 'A private conversation is named after the other person and cannot be renamed.',
      );
    }
    await this.repo.renameGroup(roomId, name);
    return { room: await this.chat.getRoom(principal, roomId), memberIds: memberIdsOf(room) };
  }

  /**
   * POST …/rooms/{roomId}/members: the group's creator adds people an interest ties them to now
   * (the rule a group is created by). Someone who left or was removed may be added back; a
   * current member is a 409, as repeating the call would be.
   */
  async addMembers(
    principal: Principal,
    roomId: string,
    participantIds: string[],
  ): Promise<{ room: ChatRoom; addedIds: string[]; memberIds: string[] }> {
    const ids = [...new Set(participantIds)];
    const room = await this.chat.requireMember(principal, roomId);
    const subject = subjectOf(room);
    if (room.type !== 'group' || room.createdBy !== principal.accountId) {
      throw new AppError(
        'FORBIDDEN',
        room.type === 'group'
          ? 'Only the person who created this group can add people to it.'
          : 'A private conversation holds two people; start a group to talk with more.',
      );
    }
    const already = ids.filter((id) => subject.participantIds.includes(id));
    if (already.length > 0) {
      throw new AppError('CONFLICT', 'Some of these people are already in the group.', { accountIds: already });
    }
    if (subject.participantIds.length - 1 + ids.length > chatLimits.groupParticipants) {
      throw new AppError(
        'VALIDATION_FAILED',
        `A group holds at most ${chatLimits.groupParticipants} people besides you.`,
      );
    }
    const ties = await this.ties.tiesOf(principal.accountId, ids);
    if (!canAddMembers(principal, subject, ids, ties)) {
      throw new AppError(
        'FORBIDDEN',
        'You can add only founders or investors an interest ties you to (pending or accepted).',
      );
    }
    const addedIds = await this.repo.addMembers(roomId, ids);
    const after = await this.chat.getRoom(principal, roomId);
    return { room: after, addedIds, memberIds: after.participants.map((participant) => participant.id) };
  }

  /** PUT …/rooms/{roomId}/mute: no unread count (nor notification) of this room for the caller. */
  async muteRoom(principal: Principal, roomId: string, isMuted: boolean): Promise<MuteChatRoomResponse> {
    const room = await this.chat.requireMember(principal, roomId);
    if (!canMuteRoom(principal, subjectOf(room)) || !(await this.repo.setMuted(roomId, principal.accountId, isMuted))) {
      // Their membership ended between the read and the update.
      throw new AppError('FORBIDDEN', 'You are no longer in this conversation.');
    }
    return { chatRoomId: roomId, muted: isMuted };
  }

  private async end(memberships: Membership[], reason: ChatLeaveReason): Promise<RoomLeft[]> {
    const ended = await this.repo.endMemberships(memberships, reason);
    if (ended.length === 0) return [];
    const rooms = await this.repo.findRoomsByIds([...new Set(ended.map((membership) => membership.roomId))]);
    return ended.map(({ roomId, accountId }) => {
      const room = rooms.get(roomId);
      return { chatRoomId: roomId, accountId, reason, remainingIds: room ? memberIdsOf(room) : [] };
    });
  }
}
