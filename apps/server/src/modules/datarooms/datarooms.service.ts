import type { Readable } from 'node:stream';
import {
  type AddFileBody,
  type CreateDataRoomBody,
  type CreateFolderBody,
  type DataRoom,
  type DataRoomItem,
  type DataRoomWithTree,
  dataRoomLimits,
  type UpdateDataRoomBody,
  type UpdateItemBody,
} from '@deckvalid/contract/datarooms';
import type { UploadTicket, UploadTicketQuery } from '@deckvalid/contract/uploads';
import { maxDeckPages } from '@deckvalid/contract/uploads';
import type { Principal } from '@/core/identity/principal';
import type { Clock } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import type { RunLimits } from '@/lib/worker-pool';
import { canManageRoom, canMoveInto } from './datarooms.policy';
import type { DataRoomsRepository, Item, Room } from './datarooms.repository';

export const roomNotFound = () =>
  new AppError('NOT_FOUND', 'This data room does not exist.', { reason: 'DATA_ROOM_NOT_FOUND' });
export const itemNotFound = () =>
  new AppError('NOT_FOUND', 'This folder or file is not in the data room.', { reason: 'DATA_ROOM_ITEM_NOT_FOUND' });

const invalidField = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ path, message }], in: 'body' });

/** What the data rooms ask of the storage module: the signed-upload flow decks use, and reads. */
export type RoomFiles = {
  issueTicket(principal: Principal, kind: 'document', query: UploadTicketQuery): Promise<UploadTicket>;
  checkUploaded(principal: Principal, kind: 'document', key: string): Promise<{ size: number; contentType: string }>;
  forget(key: string): Promise<void>;
  read(key: string): Promise<Buffer>;
  readStream(key: string): Promise<{ stream: Readable; size: number }>;
};

/** What the data rooms ask of the decks' PDF pool: a parse on a worker thread, never on the event loop. */
export type RoomPdfReader = {
  parse(
    data: Uint8Array,
    maxPages: number,
    limits: RunLimits,
  ): Promise<{ ok: true; pageCount: number } | { ok: false; reason: string }>;
};

/**
 * How long adding a PDF to a room may wait for a PDF worker behind the decks being read. The
 * founder's request waits for the answer; past this it is refused at once as busy, with the wait
 * in seconds, and the uploaded file stays for the retry.
 */
const roomPdfMaxWaitMs = 10_000;

const roomPdfLimits: RunLimits = {
  maxWaitMs: roomPdfMaxWaitMs,
  overloaded: (retryAfterMs) => {
    const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    return new AppError(
      'UNAVAILABLE',
      `We are reading many documents right now; add this file again in ${retryAfterSeconds} s.`,
      { retryAfterSeconds },
    );
  },
};

/**
 * A room's file and what to send it as: streamed from storage, so a 50 MB file is never held in
 * memory on its way out.
 */
export type RoomFile = { stream: Readable; size: number; mime: string; name: string; isInline: boolean };

export const roomDto = (room: Room): DataRoom => ({
  id: room.id,
  name: room.name,
  itemCount: room.itemCount,
  createdAt: room.createdAt.toISOString(),
  updatedAt: room.updatedAt.toISOString(),
});

export const itemDto = (item: Item): DataRoomItem => ({
  id: item.id,
  parentId: item.parentId,
  kind: item.kind,
  name: item.name,
  size: item.size,
  mime: item.mime,
  status: item.status,
  pageCount: item.pageCount,
  createdAt: item.createdAt.toISOString(),
  updatedAt: item.updatedAt.toISOString(),
});

/** A room's file for whoever may read the room: a PDF to view inline, anything else to download. */
export async function readRoomFile(
  deps: { repo: DataRoomsRepository; files: RoomFiles },
  roomId: string,
  itemId: string,
): Promise<RoomFile> {
  const item = await deps.repo.findItem(roomId, itemId);
  if (item?.kind !== 'file' || !item.fileKey || !item.mime) throw itemNotFound();
  const { stream, size } = await deps.files.readStream(item.fileKey);
  return {
    stream,
    size,
    mime: item.mime,
    name: item.name,
    isInline: item.mime === 'application/pdf',
  };
}

const fileKeysOf = (items: readonly Item[]) => items.flatMap((item) => (item.fileKey === null ? [] : [item.fileKey]));

/** `rootId` and everything under it, from the room's flat tree. */
function subtreeOf(rootId: string, items: readonly Item[]): Item[] {
  const childrenOf = new Map<string | null, Item[]>();
  for (const item of items) childrenOf.set(item.parentId, [...(childrenOf.get(item.parentId) ?? []), item]);
  const root = items.find((item) => item.id === rootId);
  const found: Item[] = root ? [root] : [];
  for (let index = 0; index < found.length; index++) {
    found.push(...(childrenOf.get(found[index]?.id ?? null) ?? []));
  }
  return found;
}

/**
 * A founder's data rooms, their folders and files. Every call first loads the room and asks the policy,
 * so another account's room answers 404 exactly as a missing one does.
 */
export class DataRoomsService {
  constructor(
    private readonly deps: { repo: DataRoomsRepository; clock: Clock; files: RoomFiles; pdf: RoomPdfReader },
  ) {}

  private async requireOwnRoom(principal: Principal, roomId: string): Promise<Room> {
    const room = await this.deps.repo.findById(roomId);
    if (!room || !canManageRoom(principal, room)) throw roomNotFound();
    return room;
  }

  private async withTree(room: Room): Promise<DataRoomWithTree> {
    const items = await this.deps.repo.listItemsByRoomId(room.id);
    return { ...roomDto(room), items: items.map(itemDto) };
  }

  /** The founder's own room, or the same 404 as a missing one: the links module shares only those. */
  async requireOwn(principal: Principal, roomId: string): Promise<{ id: string; name: string }> {
    const room = await this.requireOwnRoom(principal, roomId);
    return { id: room.id, name: room.name };
  }

  // The three reads below check no principal: the links module calls them for a visitor whose
  // viewer token it has checked against the room's link.

  /** A room's folders and files, as a visitor of its link sees them. */
  async itemsForVisitor(roomId: string): Promise<DataRoomItem[]> {
    return (await this.deps.repo.listItemsByRoomId(roomId)).map(itemDto);
  }

  /** One file of the room; 404 for a folder or for anything not in this room. */
  async fileItemForVisitor(roomId: string, itemId: string): Promise<DataRoomItem> {
    const item = await this.deps.repo.findItem(roomId, itemId);
    if (item?.kind !== 'file') throw itemNotFound();
    return itemDto(item);
  }

  /** A file's bytes, and whether it may show inline (a PDF) or only download. */
  readFileForVisitor(roomId: string, itemId: string): Promise<RoomFile> {
    return readRoomFile(this.deps, roomId, itemId);
  }

  async create(principal: Principal, body: CreateDataRoomBody): Promise<DataRoomWithTree> {
    if (principal.role !== 'user') throw roomNotFound();
    if ((await this.deps.repo.countByFounderId(principal.accountId)) >= dataRoomLimits.roomsPerFounder) {
      throw new AppError('CONFLICT', `You can have at most ${dataRoomLimits.roomsPerFounder} data rooms.`);
    }
    const id = newId('room');
    await this.deps.repo.insert({ id, founderId: principal.accountId, name: body.name, at: this.deps.clock.now() });
    return this.withTree(await this.requireOwnRoom(principal, id));
  }

  async list(principal: Principal): Promise<DataRoom[]> {
    return (await this.deps.repo.listByFounderId(principal.accountId)).map(roomDto);
  }

  async get(principal: Principal, roomId: string): Promise<DataRoomWithTree> {
    return this.withTree(await this.requireOwnRoom(principal, roomId));
  }

  async rename(principal: Principal, roomId: string, body: UpdateDataRoomBody): Promise<DataRoomWithTree> {
    await this.requireOwnRoom(principal, roomId);
    await this.deps.repo.rename(roomId, body.name, this.deps.clock.now());
    return this.get(principal, roomId);
  }

  async delete(principal: Principal, roomId: string): Promise<void> {
    await this.requireOwnRoom(principal, roomId);
    const keys = fileKeysOf(await this.deps.repo.listItemsByRoomId(roomId));
    await this.deps.repo.delete(roomId);
    await this.forgetFiles(keys);
  }

  /** Files go after their rows: a failed delete of a stored file leaves an orphan the sweep removes, never a row without its file. */
  private async forgetFiles(keys: string[]): Promise<void> {
    for (const key of keys) await this.deps.files.forget(key);
  }

  /** A parent must be a folder of the same room; a file or another room's folder is refused. */
  private async requireFolder(roomId: string, parentId: string | null | undefined): Promise<string | null> {
    if (parentId === undefined || parentId === null) return null;
    const parent = await this.deps.repo.findItem(roomId, parentId);
    if (parent?.kind !== 'folder') throw invalidField('parentId', 'Choose a folder of this data room.');
    return parent.id;
  }

  private async requireRoomWithSpace(principal: Principal, roomId: string): Promise<Room> {
    const room = await this.requireOwnRoom(principal, roomId);
    if (room.itemCount >= dataRoomLimits.itemsPerRoom) {
      throw new AppError('CONFLICT', `A data room can hold at most ${dataRoomLimits.itemsPerRoom} folders and files.`);
    }
    return room;
  }

  /** A signed upload for a room's file: the decks' flow and checks (type, 50 MB, daily cap). */
  async uploadTicket(principal: Principal, query: UploadTicketQuery): Promise<UploadTicket> {
    return this.deps.files.issueTicket(principal, 'document', query);
  }

  /**
   * Places an uploaded file in the room. A PDF is read in the decks' PDF pool before the answer,
   * so one that cannot be read is refused here with the reason (400) and nothing is kept, rather
   * than landing in the room as a failed item the founder must find and delete. When the PDF
   * workers are too busy to answer within `roomPdfMaxWaitMs`, it is refused at once as busy.
   */
  async addFile(principal: Principal, roomId: string, body: AddFileBody): Promise<DataRoomItem> {
    await this.requireRoomWithSpace(principal, roomId);
    const parentId = await this.requireFolder(roomId, body.parentId);
    const { size, contentType } = await this.deps.files.checkUploaded(principal, 'document', body.key);
    let pageCount: number | null = null;
    if (contentType === 'application/pdf') {
      const bytes = await this.deps.files.read(body.key);
      const result = await this.deps.pdf.parse(
        new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        maxDeckPages,
        roomPdfLimits,
      );
      if (!result.ok) {
        await this.deps.files.forget(body.key);
        throw new AppError('VALIDATION_FAILED', result.reason, {
          reason: 'PDF_UNREADABLE',
          fields: [{ path: 'key', message: result.reason }],
          in: 'body',
        });
      }
      pageCount = result.pageCount;
    }
    const at = this.deps.clock.now();
    const item = await this.deps.repo.insertItem({
      id: newId('item'),
      roomId,
      parentId,
      kind: 'file',
      name: body.name,
      fileKey: body.key,
      size,
      mime: contentType,
      status: contentType === 'application/pdf' ? 'ready' : null,
      pageCount,
      createdAt: at,
      updatedAt: at,
    });
    return itemDto(item);
  }

  /** The founder's file: a PDF to view inline, anything else to download. */
  async file(principal: Principal, roomId: string, itemId: string): Promise<RoomFile> {
    await this.requireOwnRoom(principal, roomId);
    return readRoomFile(this.deps, roomId, itemId);
  }

  async createFolder(principal: Principal, roomId: string, body: CreateFolderBody): Promise<DataRoomItem> {
    await this.requireRoomWithSpace(principal, roomId);
    const parentId = await this.requireFolder(roomId, body.parentId);
    const at = this.deps.clock.now();
    const item = await this.deps.repo.insertItem({
      id: newId('item'),
      roomId,
      parentId,
      kind: 'folder',
      name: body.name,
      createdAt: at,
      updatedAt: at,
    });
    return itemDto(item);
  }

  async updateItem(principal: Principal, roomId: string, itemId: string, body: UpdateItemBody): Promise<DataRoomItem> {
    await this.requireOwnRoom(principal, roomId);
    const item = await this.deps.repo.findItem(roomId, itemId);
    if (!item) throw itemNotFound();
    const changes: { name?: string; parentId?: string | null; at: Date } = { at: this.deps.clock.now() };
    if (body.name !== undefined) changes.name = body.name;
    if (body.parentId !== undefined) {
      const target = await this.requireFolder(roomId, body.parentId);
      const tree = await this.deps.repo.listItemsByRoomId(roomId);
      const parents = new Map(tree.map((each) => [each.id, each.parentId] as const));
      if (!canMoveInto(item.id, target, parents)) {
        throw invalidField('parentId', 'A folder cannot move into itself or one of its own folders.');
      }
      changes.parentId = target;
    }
    return itemDto(await this.deps.repo.updateItem(item.id, changes));
  }

  async deleteItem(principal: Principal, roomId: string, itemId: string): Promise<void> {
    await this.requireOwnRoom(principal, roomId);
    const item = await this.deps.repo.findItem(roomId, itemId);
    if (!item) throw itemNotFound();
    const keys = fileKeysOf(subtreeOf(item.id, await this.deps.repo.listItemsByRoomId(roomId)));
    await this.deps.repo.deleteItem(item.id);
    await this.forgetFiles(keys);
  }
}
