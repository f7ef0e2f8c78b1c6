import { crc32 } from 'node:zlib';
import {
  type DataRoomGrant,
  type DataRoomItem,
  type DataRoomWithTree,
  dataRoomGrantPaths,
  dataRoomPaths,
} from '@deckvalid/contract/datarooms';
import { expect } from 'vitest';
import { type SignedUp, signUp } from './accounts';
import { authHeaders, type TestContext } from './build';
import { decideInterest, showInterest } from './chat';
import { deckPdf, readyDeck, uploadFile } from './decks';

/** Creates a data room for a founder (201 expected). */
export async function createDataRoom(
  ctx: TestContext,
  founder: SignedUp,
  name = 'Series A',
): Promise<DataRoomWithTree> {
  const reply = await ctx.app.fastify.inject({
    method: 'POST',
    url: dataRoomPaths.rooms,
    headers: authHeaders(founder.tokens),
    payload: { name },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return (reply.json() as { room: DataRoomWithTree }).room;
}

/** Creates a folder in a room, at the top or in `parentId` (201 expected). */
export async function createFolder(
  ctx: TestContext,
  founder: SignedUp,
  roomId: string,
  name: string,
  parentId?: string,
): Promise<DataRoomItem> {
  const reply = await ctx.app.fastify.inject({
    method: 'POST',
    url: dataRoomPaths.folders(roomId),
    headers: authHeaders(founder.tokens),
    payload: { name, ...(parentId ? { parentId } : {}) },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return (reply.json() as { item: DataRoomItem }).item;
}

/** A founder with a room holding `Legal/Contracts` and `Financials` folders. */
export async function aFounderWithDataRoom(ctx: TestContext) {
  const founder = await signUp(ctx, 'user', 'Ada Founder');
  const room = await createDataRoom(ctx, founder);
  const legal = await createFolder(ctx, founder, room.id, 'Legal');
  const contracts = await createFolder(ctx, founder, room.id, 'Contracts', legal.id);
  const financials = await createFolder(ctx, founder, room.id, 'Financials');
  return { founder, room, folders: { legal, contracts, financials } };
}

/**
 * A small XLSX as a spreadsheet program writes it: a ZIP archive (entries stored, CRC-32 over
 * each) holding the workbook's parts. The server recognises it by the archive's first bytes.
 */
export function spreadsheetFile(): Buffer {
  const entries = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ],
    [
      'xl/workbook.xml',
      '<?xml version="1.0"?><workbook><sheets><sheet name="Cap table" sheetId="1"/></sheets></workbook>',
    ],
  ] as const;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** MIME type of an XLSX file, as browsers announce it. */
export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Uploads `bytes` through the room's ticket and adds it as a file named `name`; answers the raw
 * reply, so refusals can be asserted.
 */
export async function addRoomFile(
  ctx: TestContext,
  founder: SignedUp,
  roomId: string,
  bytes: Uint8Array | Buffer,
  {
    name = 'Deck.pdf',
    parentId,
    fileType = 'application/pdf',
  }: { name?: string; parentId?: string; fileType?: string } = {},
) {
  const { ticket, put } = await uploadFile(ctx, founder, bytes, { ticketUrl: dataRoomPaths.uploadTicket, fileType });
  expect(put.statusCode, put.body).toBeLessThan(300);
  return ctx.app.fastify.inject({
    method: 'POST',
    url: dataRoomPaths.files(roomId),
    headers: authHeaders(founder.tokens),
    payload: { key: ticket.key, name, ...(parentId ? { parentId } : {}) },
  });
}

/**
 * A founder with a ready deck and a room holding one PDF, and an investor whose interest in the
 * deck is pending (`accept: false`) or accepted and given the room.
 */
export async function aRoomGrantedToInvestor(ctx: TestContext, { accept = true }: { accept?: boolean } = {}) {
  const world = await aFounderWithDataRoom(ctx);
  const deck = await readyDeck(ctx, world.founder);
  const file = (await addRoomFile(ctx, world.founder, world.room.id, await deckPdf(2))).json().item as DataRoomItem;
  const investor = await signUp(ctx, 'investor', 'Ivy Investor');
  const interest = await showInterest(ctx, investor, deck.id);
  if (!accept) return { ...world, deck, file, investor, interest, grant: null };
  await decideInterest(ctx, world.founder, deck.id, interest.id, 'accepted');
  const reply = await ctx.app.fastify.inject({
    method: 'POST',
    url: dataRoomGrantPaths.grants(world.room.id),
    headers: authHeaders(world.founder.tokens),
    payload: { interestId: interest.id },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return { ...world, deck, file, investor, interest, grant: reply.json().grant as DataRoomGrant };
}

/** A founder's room holding a `Financials` folder with a 3-page PDF, and a spreadsheet at the top. */
export async function aRoomWithDocuments(ctx: TestContext) {
  const founder = await signUp(ctx, 'user', 'Ada Founder');
  const room = await createDataRoom(ctx, founder, 'Series A diligence');
  const financials = await createFolder(ctx, founder, room.id, 'Financials');
  const added = await addRoomFile(ctx, founder, room.id, await deckPdf(3), {
    name: 'Model.pdf',
    parentId: financials.id,
  });
  expect(added.statusCode, added.body).toBe(201);
  const sheet = await addRoomFile(ctx, founder, room.id, spreadsheetFile(), {
    name: 'Cap table.xlsx',
    fileType: xlsxType,
  });
  expect(sheet.statusCode, sheet.body).toBe(201);
  return {
    founder,
    room,
    financials,
    pdf: (added.json() as { item: DataRoomItem }).item,
    spreadsheet: (sheet.json() as { item: DataRoomItem }).item,
  };
}
