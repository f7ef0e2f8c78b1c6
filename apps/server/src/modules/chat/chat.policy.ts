import type { Principal } from '@/core/identity/principal';

/** What the chat policies read of a room: its kind, its creator and who is in it. */
export type RoomSubject = { type: 'private' | 'group' | 'bot'; createdBy: string | null; participantIds: string[] };

/** Only a room's participants read it, post to it, or learn that it exists. */
export const canReadRoom = (principal: Principal, room: Pick<RoomSubject, 'participantIds'>) =>
  room.participantIds.includes(principal.accountId);

/** Either side opens a private room with an account it is tied to (docs/chat.md). */
export const canOpenPrivateRoom = (principal: Principal, otherId: string, ties: ReadonlySet<string>) =>
  otherId !== principal.accountId && ties.has(otherId);

/** A group's creator must be tied to every other participant. */
export const canCreateGroupRoom = (principal: Principal, participantIds: string[], ties: ReadonlySet<string>) =>
  participantIds.length > 0 && participantIds.every((id) => id !== principal.accountId && ties.has(id));

/**
 * Whether a participant may post, from the ties it has now: in a private room, while tied to the
 * other participant; in a group, a member while tied to the creator, the creator while tied to
 * at least one member. A tie that ends (withdrawn, declined, account deleted) leaves the room
 * readable and closed to new messages.
 */
export function canPostToRoom(principal: Principal, room: RoomSubject, ties: ReadonlySet<string>): boolean {
  if (!canReadRoom(principal, room)) return false;
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
