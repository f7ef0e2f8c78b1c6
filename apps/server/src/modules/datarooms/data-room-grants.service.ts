import type { CreateGrantBody, DataRoom, DataRoomGrant, DataRoomWithTree } from '@deckvalid/contract/datarooms';
import type { Principal } from '@/core/identity/principal';
import type { Clock } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { canGrantTo, canManageRoom, canReadRoom, isGrantLive } from './datarooms.policy';
import type { DataRoomsRepository, Grant, Room } from './datarooms.repository';
import { itemDto, type RoomFile, type RoomFiles, readRoomFile, roomDto, roomNotFound } from './datarooms.service';

/** What the data rooms ask of the interests module: an interest's state and parties, by id. */
export type RoomInterests = {
  describe(interestId: string): Promise<{ status: string; investorId: string; deckFounderId: string } | undefined>;
};

const interestNotFound = () =>
  new AppError('NOT_FOUND', 'This interest is not one in your decks.', { reason: 'INTEREST_NOT_FOUND' });
const grantNotFound = () =>
  new AppError('NOT_FOUND', 'This investor does not have the data room.', { reason: 'GRANT_NOT_FOUND' });

const grantDto = (grant: Grant): DataRoomGrant => ({
  id: grant.id,
  roomId: grant.roomId,
  interestId: grant.interestId,
  investorId: grant.investorId,
  createdAt: grant.createdAt.toISOString(),
});

/**
 * Giving a room to an investor inside the platform, and the investor's read-only side. The
 * interest's state is asked on every read, so withdrawing or declining ends access at once; the
 * module also deletes the grant rows when those events arrive, so they do not linger.
 */
export class DataRoomGrantsService {
  constructor(
    private readonly deps: { repo: DataRoomsRepository; clock: Clock; interests: RoomInterests; files: RoomFiles },
  ) {}

  async grant(principal: Principal, roomId: string, body: CreateGrantBody): Promise<DataRoomGrant> {
    const room = await this.deps.repo.findById(roomId);
    if (!room || !canManageRoom(principal, room)) throw roomNotFound();
    const interest = await this.deps.interests.describe(body.interestId);
    if (!interest || interest.deckFounderId !== principal.accountId) throw interestNotFound();
    if (!canGrantTo(principal, interest)) {
      throw new AppError('CONFLICT', 'Only an investor whose interest you accepted can be given a data room.', {
        reason: 'INTEREST_NOT_ACCEPTED',
        status: interest.status,
      });
    }
    const grant = await this.deps.repo.insertGrant({
      id: newId('grant'),
      roomId,
      interestId: body.interestId,
      investorId: interest.investorId,
      at: this.deps.clock.now(),
    });
    return grantDto(grant);
  }

  /**
   * The room's grants whose interest is still accepted: the same test an investor's read passes,
   * so the founder's list never shows access the investor no longer has.
   */
  async list(principal: Principal, roomId: string): Promise<DataRoomGrant[]> {
    const room = await this.deps.repo.findById(roomId);
    if (!room || !canManageRoom(principal, room)) throw roomNotFound();
    const live: DataRoomGrant[] = [];
    for (const grant of await this.deps.repo.listGrantsByRoomId(room.id)) {
      const interest = await this.deps.interests.describe(grant.interestId);
      if (isGrantLive({ investorId: grant.investorId, interestStatus: interest?.status ?? null })) {
        live.push(grantDto(grant));
      }
    }
    return live;
  }

  async revoke(principal: Principal, roomId: string, grantId: string): Promise<void> {
    const room = await this.deps.repo.findById(roomId);
    if (!room || !canManageRoom(principal, room)) throw roomNotFound();
    const grant = await this.deps.repo.findGrant(roomId, grantId);
    if (!grant) throw grantNotFound();
    await this.deps.repo.deleteGrant(grant.id);
  }

  /** Ends the grants of an interest that is no longer accepted (event subscriber). */
  async endForInterest(interestId: string): Promise<number> {
    return this.deps.repo.deleteGrantsByInterestId(interestId);
  }

  /** The investor's grants whose interest is still accepted, room by room. */
  private async liveGrantRoomIds(principal: Principal, roomId?: string): Promise<string[]> {
    if (principal.role !== 'investor') return [];
    const grants = await this.deps.repo.listGrantsByInvestorId(principal.accountId, roomId);
    const live: string[] = [];
    for (const grant of grants) {
      const interest = await this.deps.interests.describe(grant.interestId);
      const access = { investorId: grant.investorId, interestStatus: interest?.status ?? null };
      if (canReadRoom(principal, [access]) && !live.includes(grant.roomId)) live.push(grant.roomId);
    }
    return live;
  }

  private async requireReadableRoom(principal: Principal, roomId: string): Promise<Room> {
    const [live] = await this.liveGrantRoomIds(principal, roomId);
    const room = live === undefined ? undefined : await this.deps.repo.findById(live);
    if (!room) throw roomNotFound();
    return room;
  }

  async listGranted(principal: Principal): Promise<DataRoom[]> {
    const rooms: DataRoom[] = [];
    for (const roomId of await this.liveGrantRoomIds(principal)) {
      const room = await this.deps.repo.findById(roomId);
      if (room) rooms.push(roomDto(room));
    }
    return rooms;
  }

  async getGranted(principal: Principal, roomId: string): Promise<DataRoomWithTree> {
    const room = await this.requireReadableRoom(principal, roomId);
    const items = await this.deps.repo.listItemsByRoomId(room.id);
    return { ...roomDto(room), items: items.map(itemDto) };
  }

  async fileGranted(principal: Principal, roomId: string, itemId: string): Promise<RoomFile> {
    const room = await this.requireReadableRoom(principal, roomId);
    return readRoomFile(this.deps, room.id, itemId);
  }
}
