import { type DataRoom, type DataRoomWithTree, dataRoomLimits, dataRoomPaths } from '@deckvalid/contract/datarooms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import {
  addRoomFile,
  aFounderWithDataRoom,
  createDataRoom,
  createFolder,
  spreadsheetFile,
  xlsxType,
} from '../../../test/datarooms';
import { deckPdf, uploadFile } from '../../../test/decks';

let ctx: TestContext;
let investor: SignedUp;
let otherFounder: SignedUp;
let otherInvestor: SignedUp;

beforeAll(async () => {
  ctx = await build();
  [investor, otherFounder, otherInvestor] = await Promise.all([
    signUp(ctx, 'investor', 'Ivy Investor'),
    signUp(ctx, 'user', 'Otto Other'),
    signUp(ctx, 'investor', 'Oona Other'),
  ]);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

const treeOf = async (founder: SignedUp, roomId: string) => {
  const reply = await callAs(ctx, founder, 'GET', dataRoomPaths.room(roomId));
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { room: DataRoomWithTree }).room;
};

describe('data rooms: the founder’s rooms', () => {
  it('creates, lists, reads, renames and deletes a room', async () => {
    const founder = await signUp(ctx, 'user', 'Ada Founder');
    const room = await createDataRoom(ctx, founder, '  Series A  ');
    expect(room).toMatchObject({ name: 'Series A', itemCount: 0, items: [] });

    const list = await callAs(ctx, founder, 'GET', dataRoomPaths.rooms);
    expect(list.statusCode).toBe(200);
    expect((list.json() as { data: DataRoom[] }).data.map((each) => each.id)).toEqual([room.id]);

    const renamed = await callAs(ctx, founder, 'PATCH', dataRoomPaths.room(room.id), { name: 'Seed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as { room: DataRoomWithTree }).room.name).toBe('Seed');

    expect((await callAs(ctx, founder, 'DELETE', dataRoomPaths.room(room.id))).statusCode).toBe(204);
    expect((await callAs(ctx, founder, 'GET', dataRoomPaths.room(room.id))).statusCode).toBe(404);
    expect((await callAs(ctx, founder, 'GET', dataRoomPaths.rooms)).json()).toEqual({ data: [] });
  });

  it.each([
    ['an empty name', { name: '   ' }],
    ['a missing name', {}],
    ['a name over the limit', { name: 'x'.repeat(dataRoomLimits.nameLength + 1) }],
    ['a NUL character', { name: 'Deal\u0000room' }],
    ['a lone surrogate', { name: 'Deal \ud800 room' }],
  ])('refuses %s with VALIDATION_FAILED', async (_what, payload) => {
    const founder = await signUp(ctx, 'user', 'Ada Founder');
    const reply = await callAs(ctx, founder, 'POST', dataRoomPaths.rooms, payload);
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('data rooms: folders', () => {
  it('nests folders and shows the tree, folders by name', async () => {
    const { founder, room, folders } = await aFounderWithDataRoom(ctx);
    const tree = await treeOf(founder, room.id);
    expect(tree.itemCount).toBe(3);
    expect(tree.items.map((item) => [item.name, item.parentId, item.kind, item.size, item.status])).toEqual([
      ['Contracts', folders.legal.id, 'folder', null, null],
      ['Financials', null, 'folder', null, null],
      ['Legal', null, 'folder', null, null],
    ]);
  });

  it('renames and moves a folder, to another folder and back to the top', async () => {
    const { founder, room, folders } = await aFounderWithDataRoom(ctx);
    const moved = await callAs(ctx, founder, 'PATCH', dataRoomPaths.item(room.id, folders.contracts.id), {
      name: 'Agreements',
      parentId: folders.financials.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().item).toMatchObject({ name: 'Agreements', parentId: folders.financials.id });

    const top = await callAs(ctx, founder, 'PATCH', dataRoomPaths.item(room.id, folders.contracts.id), {
      parentId: null,
    });
    expect(top.statusCode, top.body).toBe(200);
    expect(top.json().item).toMatchObject({ name: 'Agreements', parentId: null });
  });

  it('refuses to move a folder into itself or one of its own folders', async () => {
    const { founder, room, folders } = await aFounderWithDataRoom(ctx);
    for (const target of [folders.legal.id, folders.contracts.id]) {
      const reply = await callAs(ctx, founder, 'PATCH', dataRoomPaths.item(room.id, folders.legal.id), {
        parentId: target,
      });
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { fields: [{ path: 'parentId' }] },
      });
    }
  });

  it('refuses an empty change, and a parent that is not a folder of this room', async () => {
    const { founder, room, folders } = await aFounderWithDataRoom(ctx);
    const empty = await callAs(ctx, founder, 'PATCH', dataRoomPaths.item(room.id, folders.legal.id), {});
    expect(empty.statusCode).toBe(400);

    const elsewhere = await createDataRoom(ctx, founder, 'Elsewhere');
    const foreign = await createFolder(ctx, founder, elsewhere.id, 'Foreign');
    const intoForeign = await callAs(ctx, founder, 'POST', dataRoomPaths.folders(room.id), {
      name: 'Stray',
      parentId: foreign.id,
    });
    expect(intoForeign.statusCode).toBe(400);
    expect(intoForeign.json().error.details.fields[0].path).toBe('parentId');

    const unknown = await callAs(ctx, founder, 'PATCH', dataRoomPaths.item(room.id, 'item-unknown'), { name: 'X' });
    expect(unknown.statusCode).toBe(404);
    const foreignItem = await callAs(ctx, founder, 'DELETE', dataRoomPaths.item(room.id, foreign.id));
    expect(foreignItem.statusCode).toBe(404);
  });

  it('deleting a folder deletes everything under it, and nothing beside it', async () => {
    const { founder, room, folders } = await aFounderWithDataRoom(ctx);
    const deeper = await createFolder(ctx, founder, room.id, 'Signed', folders.contracts.id);
    expect((await callAs(ctx, founder, 'DELETE', dataRoomPaths.item(room.id, folders.legal.id))).statusCode).toBe(204);
    const tree = await treeOf(founder, room.id);
    expect(tree.items.map((item) => item.id)).toEqual([folders.financials.id]);
    expect((await callAs(ctx, founder, 'DELETE', dataRoomPaths.item(room.id, deeper.id))).statusCode).toBe(404);
  });

  it('deleting the room deletes its folders', async () => {
    const { founder, room, folders } = await aFounderWithDataRoom(ctx);
    expect((await callAs(ctx, founder, 'DELETE', dataRoomPaths.room(room.id))).statusCode).toBe(204);
    expect(
      (await callAs(ctx, founder, 'PATCH', dataRoomPaths.item(room.id, folders.legal.id), { name: 'X' })).statusCode,
    ).toBe(404);
  });
});

describe('data rooms: files', () => {
  it('adds a PDF in a folder, reads its pages in the PDF pool, and serves it inline', async () => {
    const { founder, room, folders } = await aFounderWithDataRoom(ctx);
    const pdf = await deckPdf(4);
    const added = await addRoomFile(ctx, founder, room.id, pdf, { name: 'Deck v3.pdf', parentId: folders.legal.id });
    expect(added.statusCode, added.body).toBe(201);
    const item = added.json().item;
    expect(item).toMatchObject({
      kind: 'file',
      name: 'Deck v3.pdf',
      parentId: folders.legal.id,
      size: pdf.byteLength,
      mime: 'application/pdf',
      status: 'ready',
      pageCount: 4,
    });
    expect((await treeOf(founder, room.id)).items.map((each) => each.id)).toContain(item.id);

    const file = await callAs(ctx, founder, 'GET', dataRoomPaths.file(room.id, item.id));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe("inline; filename*=UTF-8''Deck%20v3.pdf");
    expect(Buffer.compare(file.rawPayload, Buffer.from(pdf))).toBe(0);
  });

  it('refuses a PDF that cannot be read with a 400 naming the reason, and keeps nothing', async () => {
    const { founder, room } = await aFounderWithDataRoom(ctx);
    const corrupt = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x41)]);
    const reply = await addRoomFile(ctx, founder, room.id, corrupt);
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { reason: 'PDF_UNREADABLE', fields: [{ path: 'key' }] },
    });
    expect((await treeOf(founder, room.id)).items.filter((item) => item.kind === 'file')).toEqual([]);
  });

  it('adds a spreadsheet and a CSV as files to download, unread and without pages', async () => {
    const { founder, room, folders } = await aFounderWithDataRoom(ctx);
    const sheet = spreadsheetFile();
    const added = await addRoomFile(ctx, founder, room.id, sheet, {
      name: 'Cap table.xlsx',
      parentId: folders.financials.id,
      fileType: xlsxType,
    });
    expect(added.statusCode, added.body).toBe(201);
    const item = added.json().item;
    expect(item).toMatchObject({ kind: 'file', mime: xlsxType, size: sheet.byteLength, status: null, pageCount: null });
    const file = await callAs(ctx, founder, 'GET', dataRoomPaths.file(room.id, item.id));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Cap%20table.xlsx");
    expect(Buffer.compare(file.rawPayload, sheet)).toBe(0);

    const csv = Buffer.from('holder,shares\nAda,6000000\n');
    const addedCsv = await addRoomFile(ctx, founder, room.id, csv, { name: 'Cap table.csv', fileType: 'text/csv' });
    expect(addedCsv.statusCode, addedCsv.body).toBe(201);
    expect(addedCsv.json().item).toMatchObject({ mime: 'text/csv', status: null });
  });

  it('refuses a file that is not what its type says (415, nothing kept) and a type rooms do not take', async () => {
    const { founder, room } = await aFounderWithDataRoom(ctx);
    // The stored bytes are checked as they arrive (and again when the file is added, for stores
    // the browser writes to directly).
    for (const [bytes, fileType] of [
      [Buffer.from('not a zip at all'), xlsxType],
      [Buffer.from([0x61, 0x00, 0x62]), 'text/csv'],
    ] as const) {
      const { put } = await uploadFile(ctx, founder, bytes, { ticketUrl: dataRoomPaths.uploadTicket, fileType });
      expect(put.statusCode, put.body).toBe(415);
      expect(put.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect((await treeOf(founder, room.id)).items.filter((item) => item.kind === 'file')).toEqual([]);

    const program = await callAs(
      ctx,
      founder,
      'GET',
      `${dataRoomPaths.uploadTicket}?fileType=application%2Fx-msdownload&fileSize=10`,
    );
    expect(program.statusCode).toBe(415);
    expect(program.json().error.message).toMatch(/^Data-room files must be a PDF, a spreadsheet/);
  });

  it('refuses a file over 50 MB with 413 before any byte moves', async () => {
    const { founder } = await aFounderWithDataRoom(ctx);
    const reply = await callAs(
      ctx,
      founder,
      'GET',
      `${dataRoomPaths.uploadTicket}?fileType=application%2Fpdf&fileSize=${dataRoomLimits.fileBytes + 1}`,
    );
    expect(reply.statusCode).toBe(413);
    expect(reply.json().error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: { maxBytes: dataRoomLimits.fileBytes },
    });
  });

  it('refuses a key that is not this founder’s upload, and a file in another founder’s room', async () => {
    const { founder, room } = await aFounderWithDataRoom(ctx);
    const foreign = await callAs(ctx, founder, 'POST', dataRoomPaths.files(room.id), {
      key: 'decks/usr-0000000000000000/upl-0000000000000000.pdf',
      name: 'Stolen.pdf',
    });
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.statusCode).toBeLessThan(500);

    const theirs = await createDataRoom(ctx, otherFounder, 'Theirs');
    const intoTheirs = await addRoomFile(ctx, founder, theirs.id, await deckPdf(1));
    expect(intoTheirs.statusCode).toBe(404);
  });

  it('serves a file only to its founder; another founder and investors get 404 or 403', async () => {
    const { founder, room } = await aFounderWithDataRoom(ctx);
    const item = (await addRoomFile(ctx, founder, room.id, await deckPdf(1))).json().item;
    const url = dataRoomPaths.file(room.id, item.id);
    expect((await callAs(ctx, null, 'GET', url)).statusCode).toBe(401);
    expect((await callAs(ctx, otherFounder, 'GET', url)).statusCode).toBe(404);
    expect((await callAs(ctx, investor, 'GET', url)).statusCode).toBe(403);
    expect((await callAs(ctx, otherInvestor, 'GET', url)).statusCode).toBe(403);
    expect((await callAs(ctx, founder, 'GET', dataRoomPaths.file(room.id, room.id))).statusCode).toBe(404);
  });

  it('deleting a folder deletes the files under it, stored bytes included', async () => {
    const { founder, room, folders } = await aFounderWithDataRoom(ctx);
    const item = (await addRoomFile(ctx, founder, room.id, await deckPdf(1), { parentId: folders.contracts.id })).json()
      .item;
    const [stored] = await ctx.sql<{ file_key: string }>('select file_key from data_room_items where id = $1', [
      item.id,
    ]);
    expect((await callAs(ctx, founder, 'DELETE', dataRoomPaths.item(room.id, folders.legal.id))).statusCode).toBe(204);
    expect((await callAs(ctx, founder, 'GET', dataRoomPaths.file(room.id, item.id))).statusCode).toBe(404);
    expect(await ctx.sql('select key from uploads where key = $1', [stored?.file_key])).toEqual([]);
  });
});

describe('data rooms: who may call what', () => {
  type Caller = 'nobody' | 'founder' | 'investor' | 'other founder' | 'other investor';
  const callers: Caller[] = ['nobody', 'founder', 'investor', 'other founder', 'other investor'];
  type Route = {
    name: string;
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    url: (room: string, item: string) => string;
    payload?: object;
    owner: number;
    /** What another founder gets: 404 on someone else's room, their own answer on their own list. */
    other: number;
  };
  const routes: Route[] = [
    {
      name: 'create room',
      method: 'POST',
      url: () => dataRoomPaths.rooms,
      payload: { name: 'R' },
      owner: 201,
      other: 201,
    },
    { name: 'list rooms', method: 'GET', url: () => dataRoomPaths.rooms, owner: 200, other: 200 },
    { name: 'read room', method: 'GET', url: (room) => dataRoomPaths.room(room), owner: 200, other: 404 },
    {
      name: 'rename room',
      method: 'PATCH',
      url: (room) => dataRoomPaths.room(room),
      payload: { name: 'R2' },
      owner: 200,
      other: 404,
    },
    {
      name: 'create folder',
      method: 'POST',
      url: (room) => dataRoomPaths.folders(room),
      payload: { name: 'F' },
      owner: 201,
      other: 404,
    },
    {
      name: 'change item',
      method: 'PATCH',
      url: (room, item) => dataRoomPaths.item(room, item),
      payload: { name: 'G' },
      owner: 200,
      other: 404,
    },
    {
      name: 'delete item',
      method: 'DELETE',
      url: (room, item) => dataRoomPaths.item(room, item),
      owner: 204,
      other: 404,
    },
    { name: 'delete room', method: 'DELETE', url: (room) => dataRoomPaths.room(room), owner: 204, other: 404 },
  ];
  const expected = (route: Route, caller: Caller) => {
    if (caller === 'nobody') return 401;
    if (caller === 'investor' || caller === 'other investor') return 403;
    return caller === 'founder' ? route.owner : route.other;
  };
  const cases = routes.flatMap((route) =>
    callers.map((caller) => [route.name, caller, expected(route, caller), route] as const),
  );

  it.each(cases)('%s as %s → %i', async (_name, caller, status, route) => {
    const { founder, room, folders } = await aFounderWithDataRoom(ctx);
    const who: Record<Caller, SignedUp | null> = {
      nobody: null,
      founder,
      investor,
      'other founder': otherFounder,
      'other investor': otherInvestor,
    };
    const reply = await callAs(
      ctx,
      who[caller],
      route.method,
      route.url(room.id, folders.financials.id),
      route.payload,
    );
    expect(reply.statusCode, reply.body).toBe(status);
    if (caller !== 'founder' && route.other === 404) {
      // A refused caller changed nothing.
      expect((await treeOf(founder, room.id)).items).toHaveLength(3);
    }
  });
});
