import { dataRoomPaths } from '@deckvalid/contract/datarooms';
import {
  type DeckLink,
  type LinkViewing,
  type LinkVisitor,
  type PublicLink,
  type PublicLinkRoom,
  publicLinkPaths,
  roomLinkPaths,
} from '@deckvalid/contract/links';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp, uniqueEmail } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { aRoomWithDocuments, spreadsheetFile } from '../../../test/datarooms';
import { inboxOf } from '../../../test/inbox';
import { aFounderWithLink, asVisitor, createRoomLink, passGate } from '../../../test/links';
import { pdfText } from '../../../test/pdf-text';

let ctx: TestContext;
let world: Awaited<ReturnType<typeof aRoomWithDocuments>>;
let otherFounder: SignedUp;

beforeAll(async () => {
  ctx = await build();
  world = await aRoomWithDocuments(ctx);
  otherFounder = await signUp(ctx, 'user', 'Otto Other');
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

const manage = (caller: SignedUp, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.fastify.inject({ method, url, headers: authHeaders(caller.tokens), ...(payload ? { payload } : {}) });

const visit = (token: string, url: string, payload?: object) =>
  asVisitor(ctx, token, { method: payload ? 'POST' : 'GET', url, ...(payload ? { payload } : {}) });

async function visitorsOf(link: DeckLink): Promise<LinkVisitor[]> {
  const reply = await manage(world.founder, 'GET', roomLinkPaths.visitors(world.room.id, link.id));
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { data: LinkVisitor[] }).data;
}

const reading = (itemId: string | undefined, pages: { page: number; seconds: number }[]) => ({
  sessionId: crypto.randomUUID(),
  ...(itemId ? { itemId } : {}),
  pages,
});

describe('a founder’s data room links', () => {
  it('are made, listed and changed on the founder’s own room only, without a version', async () => {
    const link = await createRoomLink(ctx, world.founder, world.room.id, { name: 'Northwind diligence' });
    expect(link).toMatchObject({ dataRoomId: world.room.id, pitchDeckId: null, version: null, state: 'active' });

    const listed = await manage(world.founder, 'GET', roomLinkPaths.links(world.room.id));
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { data: DeckLink[] }).data.map((each) => each.id)).toContain(link.id);

    const changed = await manage(world.founder, 'PATCH', roomLinkPaths.link(world.room.id, link.id), {
      allowDownload: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as { link: DeckLink }).link.allowDownload).toBe(true);

    // A room shows its documents as they are: there is no version to pin.
    const pinned = await manage(world.founder, 'POST', roomLinkPaths.links(world.room.id), { name: 'x', version: 1 });
    expect(pinned.statusCode).toBe(400);
    // Another founder's room, and its links, are not there for anyone else.
    for (const [method, url] of [
      ['GET', roomLinkPaths.links(world.room.id)],
      ['POST', roomLinkPaths.links(world.room.id)],
      ['PATCH', roomLinkPaths.link(world.room.id, link.id)],
      ['DELETE', roomLinkPaths.link(world.room.id, link.id)],
      ['GET', roomLinkPaths.visitors(world.room.id, link.id)],
    ] as const) {
      const reply = await manage(otherFounder, method, url, method === 'GET' ? undefined : { name: 'Mine now' });
      expect(reply.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe('a visitor of a data room link', () => {
  it('sees the room’s name before the gate, then its tree, and opens its PDF in the viewer', async () => {
    const link = await createRoomLink(ctx, world.founder, world.room.id);
    const described = await ctx.app.fastify.inject({ method: 'GET', url: publicLinkPaths.link(link.slug) });
    expect(described.statusCode, described.body).toBe(200);
    expect((described.json() as { link: PublicLink }).link).toMatchObject({
      kind: 'room',
      title: 'Series A diligence',
      company: 'Ada Founder',
      pageCount: 0,
      requires: { email: true },
    });

    const noToken = await ctx.app.fastify.inject({ method: 'GET', url: publicLinkPaths.room(link.slug) });
    expect(noToken.statusCode).toBe(401);

    const { viewerToken } = await passGate(ctx, link);
    const room = await visit(viewerToken, publicLinkPaths.room(link.slug));
    expect(room.statusCode, room.body).toBe(200);
    const tree = (room.json() as { room: PublicLinkRoom }).room;
    expect(tree.name).toBe('Series A diligence');
    expect(tree.items.map((item) => [item.name, item.kind, item.parentId])).toEqual(
      expect.arrayContaining([
        ['Financials', 'folder', null],
        ['Model.pdf', 'file', world.financials.id],
        ['Cap table.xlsx', 'file', null],
      ]),
    );

    const shown = await visit(viewerToken, publicLinkPaths.roomFile(link.slug, world.pdf.id));
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect(await pdfText(shown.rawPayload)).toHaveLength(3);

    // A spreadsheet cannot show in the viewer, and this link allows no downloads.
    const sheetShown = await visit(viewerToken, publicLinkPaths.roomFile(link.slug, world.spreadsheet.id));
    expect(sheetShown.statusCode).toBe(403);
    expect(sheetShown.json().error.details.reason).toBe('DOWNLOAD_ONLY');
    const sheetSaved = await visit(viewerToken, publicLinkPaths.roomDownload(link.slug, world.spreadsheet.id));
    expect(sheetSaved.statusCode).toBe(403);
    // A folder, or an item of another room, is no file here.
    const folder = await visit(viewerToken, publicLinkPaths.roomFile(link.slug, world.financials.id));
    expect(folder.statusCode).toBe(404);
  });

  it('downloads any file when the link allows it; a watermarked link stamps the PDF and keeps other files in', async () => {
    const open = await createRoomLink(ctx, world.founder, world.room.id, { allowDownload: true });
    const { viewerToken } = await passGate(ctx, open);
    const sheet = await visit(viewerToken, publicLinkPaths.roomDownload(open.slug, world.spreadsheet.id));
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/octet-stream');
    expect(sheet.headers['content-disposition']).toContain('attachment');
    expect(Buffer.compare(sheet.rawPayload, spreadsheetFile())).toBe(0);

    const stamped = await createRoomLink(ctx, world.founder, world.room.id, { allowDownload: true, watermark: true });
    const email = uniqueEmail('reader');
    const pass = await passGate(ctx, stamped, { email });
    const pdf = await visit(pass.viewerToken, publicLinkPaths.roomDownload(stamped.slug, world.pdf.id));
    expect(pdf.statusCode, pdf.body).toBe(200);
    const pages = await pdfText(pdf.rawPayload);
    expect(pages).toHaveLength(3);
    for (const page of pages) expect(page).toContain(email);
    const refused = await visit(pass.viewerToken, publicLinkPaths.roomDownload(stamped.slug, world.spreadsheet.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.details.reason).toBe('WATERMARK_UNSUPPORTED');
  });

  it('reports reading per document, and the founder sees each document opened, read and downloaded', async () => {
    const link = await createRoomLink(ctx, world.founder, world.room.id, { allowDownload: true });
    const email = uniqueEmail('diligence');
    const { viewerToken } = await passGate(ctx, link, { email });
    expect((await visit(viewerToken, publicLinkPaths.roomFile(link.slug, world.pdf.id))).statusCode).toBe(200);
    const views = publicLinkPaths.views(link.slug);
    const read = await visit(
      viewerToken,
      views,
      reading(world.pdf.id, [
        { page: 1, seconds: 2 },
        { page: 3, seconds: 1.5 },
      ]),
    );
    expect(read.statusCode, read.body).toBe(204);
    expect((await visit(viewerToken, publicLinkPaths.roomDownload(link.slug, world.spreadsheet.id))).statusCode).toBe(
      200,
    );

    // Reading names its document: none, a page past its end, or a file without pages is refused.
    expect((await visit(viewerToken, views, reading(undefined, [{ page: 1, seconds: 1 }]))).statusCode).toBe(400);
    expect((await visit(viewerToken, views, reading(world.pdf.id, [{ page: 4, seconds: 1 }]))).statusCode).toBe(400);
    const sheetRead = await visit(viewerToken, views, reading(world.spreadsheet.id, [{ page: 1, seconds: 1 }]));
    expect(sheetRead.statusCode).toBe(400);

    const [visitor] = (await visitorsOf(link)).filter((each) => each.email === email);
    expect(visitor?.pages).toEqual([]);
    expect(visitor?.downloads).toBe(1);
    const byName = Object.fromEntries((visitor?.documents ?? []).map((document) => [document.name, document]));
    expect(byName['Model.pdf']).toMatchObject({
      itemId: world.pdf.id,
      opens: 1,
      downloads: 0,
      totalSeconds: 3.5,
      pageCount: 3,
      pages: [
        { page: 1, seconds: 2 },
        { page: 3, seconds: 1.5 },
      ],
    });
    expect(byName['Cap table.xlsx']).toMatchObject({ opens: 0, downloads: 1, totalSeconds: 0, pageCount: null });
  });

  it('is told apart from a deck link: neither token nor call crosses over', async () => {
    const roomLink = await createRoomLink(ctx, world.founder, world.room.id);
    const { link: deckLink } = await aFounderWithLink(ctx);
    const roomPass = await passGate(ctx, roomLink);
    const deckPass = await passGate(ctx, deckLink);

    expect((await visit(roomPass.viewerToken, publicLinkPaths.file(roomLink.slug))).statusCode).toBe(404);
    expect((await visit(deckPass.viewerToken, publicLinkPaths.room(deckLink.slug))).statusCode).toBe(404);
    // A deck link's token opens nothing of the room, and the other way round.
    expect((await visit(deckPass.viewerToken, publicLinkPaths.room(roomLink.slug))).statusCode).toBe(401);
    expect((await visit(roomPass.viewerToken, publicLinkPaths.file(deckLink.slug))).statusCode).toBe(401);
    // A deck link's reading names no document.
    const withItem = await visit(
      deckPass.viewerToken,
      publicLinkPaths.views(deckLink.slug),
      reading(world.pdf.id, [{ page: 1, seconds: 1 }]),
    );
    expect(withItem.statusCode).toBe(400);
  });

  it('ends with the link, and with the room', async () => {
    const link = await createRoomLink(ctx, world.founder, world.room.id);
    const { viewerToken } = await passGate(ctx, link);
    expect((await manage(world.founder, 'DELETE', roomLinkPaths.link(world.room.id, link.id))).statusCode).toBe(204);
    expect((await visit(viewerToken, publicLinkPaths.room(link.slug))).statusCode).toBe(410);

    const doomed = await aRoomWithDocuments(ctx);
    const doomedLink = await createRoomLink(ctx, doomed.founder, doomed.room.id);
    const pass = await passGate(ctx, doomedLink);
    expect((await visit(pass.viewerToken, publicLinkPaths.room(doomedLink.slug))).statusCode).toBe(200);
    expect((await manage(doomed.founder, 'DELETE', dataRoomPaths.room(doomed.room.id))).statusCode).toBe(204);
    expect((await visit(pass.viewerToken, publicLinkPaths.room(doomedLink.slug))).statusCode).toBe(404);
    const described = await ctx.app.fastify.inject({ method: 'GET', url: publicLinkPaths.link(doomedLink.slug) });
    expect(described.statusCode).toBe(404);
  });

  it('tells the founder of a first visit, leading to the room', async () => {
    const told: LinkViewing[] = [];
    const stop = ctx.app.events.on('link.visited', (visit) => {
      told.push(visit);
    });
    const link = await createRoomLink(ctx, world.founder, world.room.id, { name: 'Told room link' });
    const email = uniqueEmail('first');
    await passGate(ctx, link, { email });
    await ctx.app.background.drain();
    stop();
    expect(told).toEqual([
      expect.objectContaining({ linkId: link.id, dataRoomId: world.room.id, pitchDeckId: null, isFirstVisit: true }),
    ]);
    const news = (await inboxOf(ctx, world.founder, '?kind=link.first_visit')).data.find((each) =>
      each.title.includes(email),
    );
    expect(news).toMatchObject({ link: `/founder/datarooms/${world.room.id}`, pitchDeckId: null });
    expect(news?.title).toContain('Series A diligence');
  });
});
