import type { Principal } from '@/core/identity/principal';

/** What the data-room policies read of a room. */
export type RoomSubject = { founderId: string };

/**
 * Only a room's own founder sees, changes and fills it; anyone else is answered as if it did not
 * exist (404), as every founder call on a deck is.
 */
export const canManageRoom = (principal: Principal, room: RoomSubject) =>
  principal.role === 'user' && room.founderId === principal.accountId;

/** A grant as the read policy sees it: whose it is, and the state of the interest it came through. */
export type GrantAccess = { investorId: string; interestStatus: string | null };

/** A grant gives access only while the interest it came through is still accepted. */
export const isGrantLive = (grant: GrantAccess) => grant.interestStatus === 'accepted';

/**
 * An investor reads a room only through a grant of theirs whose interest is still accepted, so a
 * withdrawn or declined interest ends the access on the very next call, whatever the grant rows
 * say. Anyone else is answered 404.
 */
export const canReadRoom = (principal: Principal, grants: readonly GrantAccess[]) =>
  principal.role === 'investor' &&
  grants.some((grant) => grant.investorId === principal.accountId && isGrantLive(grant));

/** A grant goes only to an accepted interest in one of the granting founder's own decks. */
export const canGrantTo = (principal: Principal, interest: { deckFounderId: string; status: string }) =>
  principal.role === 'user' && interest.deckFounderId === principal.accountId && interest.status === 'accepted';

/** What a move reads: each folder's parent, to walk up from the target. */
export type FolderParents = ReadonlyMap<string, string | null>;

/**
 * Whether `itemId` may move into `targetId` (null: the top): never into itself or anything under
 * it, which would cut the subtree off the room.
 */
export function canMoveInto(itemId: string, targetId: string | null, parents: FolderParents): boolean {
  let cursor = targetId;
  const seen = new Set<string>();
  while (cursor !== null) {
    if (cursor === itemId || seen.has(cursor)) return false;
    seen.add(cursor);
    cursor = parents.get(cursor) ?? null;
  }
  return true;
}
