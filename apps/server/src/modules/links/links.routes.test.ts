import { Writable } from 'node:stream';
import { founderDeckPaths } from '@deckvalid/contract/api-paths';
import {
  type DeckLink,
  deckLinkPaths,
  type LinkViewing,
  type LinkVisitor,
  linkLimits,
  linkSocketEvents,
  linkViewingSchema,
  type PublicLink,
  publicLinkPaths,
  type SharedDecksResponse,
  sharedDeckPaths,
} from '@deckvalid/contract/links';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovableClock } from '@/lib/clock';
import { type SignedUp, signUp, uniqueEmail } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { ChatClients, collect, listen } from '../../../test/chat';
import { deckPdf, readyDeck } from '../../../test/decks';
import { inboxOf } from '../../../test/inbox';
import { aFounderWithLink, askAccess, asVisitor, createLink, passGate } from '../../../test/links';
import { pdfText } from '../../../test/pdf-text';
import { until } from '../../../test/poll';
import { codeOf } from '../../../test/smtp-sink';

const clock = new MovableClock();
/** Every log line the app writes, at debug level: no slug or token may appear in one. */
const logLines: string[] = [];
let ctx: TestContext;
let founder: SignedUp;
let otherFounder: SignedUp;
let investor: SignedUp;
let deckId: string;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  ctx = await build({ logLevel: 'debug' }, { clock, logStream });
  [founder, otherFounder, investor] = await Promise.all([
    signUp(ctx, 'user', 'Ada Founder'),
    signUp(ctx, 'user', 'Otto Other'),
    signUp(ctx, 'investor', 'Ivy Investor'),
  ]);
  deckId = (await readyDeck(ctx, founder, { pdf: await deckPdf(4) })).id;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

const manage = (caller: SignedUp, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.fastify.inject({ method, url, headers: authHeaders(caller.tokens), ...(payload ? { payload } : {}) });

const fileOf = (slug: string, token: string) =>
  asVisitor(ctx, token, { method: 'GET', url: publicLinkPaths.file(slug) });

async function visitorsOf(link: DeckLink): Promise<LinkVisitor[]> {
  const reply = await manage(founder, 'GET', deckLinkPaths.visitors(deckId, link.id));
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { data: LinkVisitor[] }).data;
}

describe('a founder’s links', () => {
  it('creates a link with the defaults, a random slug and no passcode in the answer; the passcode is stored hashed', async () => {
    const reply = await manage(founder, 'POST', deckLinkPaths.links(deckId), {
      name: 'Northwind – Ravi',
      passcode: 'open sesame',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const { link } = reply.json() as { link: DeckLink };
    expect(link).toMatchObject({
      name: 'Northwind – Ravi',
      pitchDeckId: deckId,
      requireEmail: true,
      verifyEmail: false,
      allowDownload: false,
      watermark: false,
      notify: true,
      hasPasscode: true,
      version: null,
      state: 'active',
      visitCount: 0,
      visitorCount: 0,
    });
    // 192 random bits, base64url.
    expect(link.slug).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.url).toBe(`${ctx.config.publicUrl}/s/${link.slug}`);
    expect(reply.body).not.toContain('open sesame');
    const [stored] = await ctx.sql<{ passcode_hash: string }>('select passcode_hash from deck_links where id = $1', [
      link.id,
    ]);
    expect(stored?.passcode_hash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    ['an expiry already past', { expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt'],
    ['a passcode over 128 characters', { passcode: 'x'.repeat(linkLimits.passcodeLength + 1) }, 'passcode'],
    ['a list entry that is no address or domain', { allowList: ['not a domain'] }, 'allowList.0'],
    ['verification without an email', { requireEmail: false, verifyEmail: true }, 'verifyEmail'],
    ['a watermark without an email', { requireEmail: false, watermark: true }, 'watermark'],
    ['a version the deck does not have', { version: 9 }, 'version'],
    ['a field the API does not know', { colour: 'red' }, 'body'],
  ])('refuses %s with a 400 naming the field', async (_what, settings, field) => {
    const reply = await manage(founder, 'POST', deckLinkPaths.links(deckId), { name: 'Bad', ...settings });
    expect(reply.statusCode, reply.body).toBe(400);
    const fields = (reply.json().error.details?.fields ?? []) as { path: string }[];
    expect(fields.map((entry) => entry.path).join(' ')).toContain(field);
  });

  it('takes addresses, @domains and domains in the lists, lower case', async () => {
    const link = await createLink(ctx, founder, deckId, {
      allowList: ['Ravi@Northwind.VC', '@example.com', 'fund.example.org'],
      denyList: ['rival.example'],
    });
    expect(link.allowList).toEqual(['ravi@northwind.vc', '@example.com', 'fund.example.org']);
    expect(link.denyList).toEqual(['rival.example']);
  });

  it('answers 404 for another founder’s deck and its links, and 403 for an investor', async () => {
    const link = await createLink(ctx, founder, deckId);
    for (const [method, url] of [
      ['POST', deckLinkPaths.links(deckId)],
      ['GET', deckLinkPaths.links(deckId)],
      ['PATCH', deckLinkPaths.link(deckId, link.id)],
      ['DELETE', deckLinkPaths.link(deckId, link.id)],
      ['GET', deckLinkPaths.visitors(deckId, link.id)],
    ] as const) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : { name: 'Mine now' };
      expect((await manage(otherFounder, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
      expect((await manage(investor, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    // A link id under another deck of the same founder is not found either.
    const otherDeck = await readyDeck(ctx, founder);
    expect((await manage(founder, 'GET', deckLinkPaths.visitors(otherDeck.id, link.id))).statusCode).toBe(404);
  });

  it('lists the deck’s links with their visits and visitors, and changes settings', async () => {
    const link = await createLink(ctx, founder, deckId, { name: 'Counted' });
    const returning = uniqueEmail('returning');
    await passGate(ctx, link, { email: returning });
    await passGate(ctx, link, { email: returning });
    await passGate(ctx, link);
    const listed = (await manage(founder, 'GET', deckLinkPaths.links(deckId))).json() as { data: DeckLink[] };
    const counted = listed.data.find((entry) => entry.id === link.id);
    expect(counted).toMatchObject({ visitCount: 3, visitorCount: 2 });
    expect(counted?.lastVisitAt).not.toBeNull();

    const patched = await manage(founder, 'PATCH', deckLinkPaths.link(deckId, link.id), {
      name: 'Counted, renamed',
      allowDownload: true,
      version: 1,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().link).toMatchObject({ name: 'Counted, renamed', allowDownload: true, version: 1 });
    const past = await manage(founder, 'PATCH', deckLinkPaths.link(deckId, link.id), {
      expiresAt: '2001-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    const empty = await manage(founder, 'PATCH', deckLinkPaths.link(deckId, link.id), {});
    expect(empty.statusCode).toBe(400);
  });
});

describe('the gate', () => {
  it('describes the link to anyone: what it asks for, and nothing of its settings beyond that', async () => {
    const link = await createLink(ctx, founder, deckId, {
      verifyEmail: true,
      passcode: 'lighthouse',
      agreement: 'I will keep this deck confidential.',
      allowDownload: true,
    });
    const reply = await ctx.app.fastify.inject({ method: 'GET', url: publicLinkPaths.link(link.slug) });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((reply.json() as { link: PublicLink }).link).toEqual({
      kind: 'deck',
      title: 'Tidewater seed round',
      company: 'Tidewater Labs',
      pageCount: 4,
      requires: { email: true, verifyEmail: true, passcode: true, agreement: true },
      agreement: 'I will keep this deck confidential.',
      allowDownload: true,
      watermark: false,
    });
    expect(reply.body).not.toContain('lighthouse');
  });

  it('answers 404 for an address nobody made, and 400 for one that cannot be a link', async () => {
    const unknown = await ctx.app.fastify.inject({ method: 'GET', url: publicLinkPaths.link('A'.repeat(32)) });
    expect(unknown.statusCode).toBe(404);
    expect((await askAccess(ctx, 'A'.repeat(32), { email: uniqueEmail() })).statusCode).toBe(404);
    const malformed = await ctx.app.fastify.inject({ method: 'GET', url: publicLinkPaths.link('short') });
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses each requirement in turn, names it, then lets the visitor in and records the agreement', async () => {
    const link = await createLink(ctx, founder, deckId, {
      verifyEmail: true,
      passcode: 'lighthouse',
      agreement: 'I will keep this deck confidential.',
      allowList: ['@northwind.vc'],
      denyList: ['mole@northwind.vc'],
    });
    const email = `ravi.${Date.now()}@northwind.vc`;
    const codeOfReply = async (body: object) => (await askAccess(ctx, link.slug, body)).json().error?.code;
    expect(await codeOfReply({})).toBe('EMAIL_REQUIRED');
    expect(await codeOfReply({ email: 'ravi@elsewhere.example' })).toBe('EMAIL_NOT_ALLOWED');
    expect(await codeOfReply({ email: 'mole@northwind.vc' })).toBe('EMAIL_NOT_ALLOWED');
    expect(await codeOfReply({ email })).toBe('PASSCODE_REQUIRED');
    const wrong = await askAccess(ctx, link.slug, { email, passcode: 'harbour' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('PASSCODE_WRONG');
    expect(await codeOfReply({ email, passcode: 'lighthouse' })).toBe('AGREEMENT_REQUIRED');
    expect(await codeOfReply({ email, passcode: 'lighthouse', agreed: false })).toBe('AGREEMENT_REQUIRED');
    // All else met: a code goes to the address.
    expect(await codeOfReply({ email, passcode: 'lighthouse', agreed: true })).toBe('CODE_SENT');
    const mail = await ctx.sink.waitFor((message) => message.to.includes(email));
    expect(mail.subject).not.toMatch(/\d{6}/);
    const code = codeOf(mail);
    const otherCode = code === '000000' ? '111111' : '000000';
    expect(await codeOfReply({ email, passcode: 'lighthouse', agreed: true, code: otherCode })).toBe('CODE_WRONG');
    const passed = await askAccess(ctx, link.slug, { email, passcode: 'lighthouse', agreed: true, code });
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json()).toEqual({ viewerToken: expect.any(String), expiresAt: expect.any(String) });
    // A code works once.
    expect(await codeOfReply({ email, passcode: 'lighthouse', agreed: true, code })).toBe('CODE_WRONG');

    const [visitor] = await visitorsOf(link);
    expect(visitor).toMatchObject({ email, isEmailVerified: true, visits: 1, downloaded: false });
    // Agreed with the pass that let them in: its time, beside their email.
    expect(visitor?.agreedAt).toBe(visitor?.firstSeenAt);
  });

  it('lets anyone in without an email when the link asks for none', async () => {
    const link = await createLink(ctx, founder, deckId, { requireEmail: false });
    const reply = await askAccess(ctx, link.slug, {});
    expect(reply.statusCode, reply.body).toBe(200);
    const [visitor] = await visitorsOf(link);
    expect(visitor).toMatchObject({ email: null, visits: 1 });
  });

  it('limits wrong guesses to 10 per link and visitor, in the database, with Retry-After, until the window ends', async () => {
    const link = await createLink(ctx, founder, deckId, { passcode: 'lighthouse' });
    const email = uniqueEmail('guesser');
    for (let guess = 0; guess < linkLimits.wrongGuesses; guess += 1) {
      const reply = await askAccess(ctx, link.slug, { email, passcode: `wrong-${guess}` });
      expect(reply.json().error.code).toBe('PASSCODE_WRONG');
    }
    const limited = await askAccess(ctx, link.slug, { email, passcode: 'lighthouse' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = await ctx.sql<{ wrong: number }>(
      'select wrong from deck_link_guesses where link_id = $1 and visitor_key = $2',
      [link.id, email],
    );
    expect(row?.wrong).toBe(linkLimits.wrongGuesses);
    // Another visitor on the same link is not held up.
    expect((await askAccess(ctx, link.slug, { email: uniqueEmail(), passcode: 'lighthouse' })).statusCode).toBe(200);
    clock.advance(linkLimits.guessWindowMinutes * 60_000 + 1_000);
    expect((await askAccess(ctx, link.slug, { email, passcode: 'lighthouse' })).statusCode).toBe(200);
  });

  it('limits wrong codes the same way', async () => {
    const link = await createLink(ctx, founder, deckId, { verifyEmail: true });
    const email = uniqueEmail('coder');
    expect((await askAccess(ctx, link.slug, { email })).json().error.code).toBe('CODE_SENT');
    const code = codeOf(await ctx.sink.waitFor((message) => message.to.includes(email)));
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let guess = 0; guess < linkLimits.wrongGuesses; guess += 1) {
      expect((await askAccess(ctx, link.slug, { email, code: wrongCode })).json().error.code).toBe('CODE_WRONG');
    }
    expect((await askAccess(ctx, link.slug, { email, code })).statusCode).toBe(429);
  });

  it('answers 410 for a link ended or expired, and 404 once its deck is deleted', async () => {
    const ended = await createLink(ctx, founder, deckId);
    expect((await manage(founder, 'DELETE', deckLinkPaths.link(deckId, ended.id))).statusCode).toBe(204);
    const gone = await ctx.app.fastify.inject({ method: 'GET', url: publicLinkPaths.link(ended.slug) });
    expect(gone.statusCode).toBe(410);
    expect((await askAccess(ctx, ended.slug, { email: uniqueEmail() })).statusCode).toBe(410);
    // An ended link cannot be changed back on; it stays listed, ended.
    expect((await manage(founder, 'PATCH', deckLinkPaths.link(deckId, ended.id), { name: 'Again' })).statusCode).toBe(
      409,
    );
    const listed = (await manage(founder, 'GET', deckLinkPaths.links(deckId))).json() as { data: DeckLink[] };
    expect(listed.data.find((entry) => entry.id === ended.id)?.state).toBe('ended');

    const expiring = await createLink(ctx, founder, deckId, {
      expiresAt: new Date(clock.now().getTime() + 60 * 60_000).toISOString(),
    });
    expect((await ctx.app.fastify.inject({ method: 'GET', url: publicLinkPaths.link(expiring.slug) })).statusCode).toBe(
      200,
    );
    clock.advance(61 * 60_000);
    expect((await ctx.app.fastify.inject({ method: 'GET', url: publicLinkPaths.link(expiring.slug) })).statusCode).toBe(
      410,
    );

    const doomedDeck = await readyDeck(ctx, founder);
    const onDoomed = await createLink(ctx, founder, doomedDeck.id);
    const { viewerToken } = await passGate(ctx, onDoomed);
    expect((await fileOf(onDoomed.slug, viewerToken)).statusCode).toBe(200);
    await manage(founder, 'DELETE', founderDeckPaths.pitchDeck(doomedDeck.id));
    expect((await ctx.app.fastify.inject({ method: 'GET', url: publicLinkPaths.link(onDoomed.slug) })).statusCode).toBe(
      404,
    );
    expect((await fileOf(onDoomed.slug, viewerToken)).statusCode).toBe(404);
  });
});

describe('the viewer token', () => {
  it('serves the PDF with a token, and nothing without one or with another link’s', async () => {
    const link = await createLink(ctx, founder, deckId);
    const other = await createLink(ctx, founder, deckId);
    const { viewerToken } = await passGate(ctx, link);
    const file = await fileOf(link.slug, viewerToken);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await pdfText(file.rawPayload)).length).toBe(4);

    expect((await ctx.app.fastify.inject({ method: 'GET', url: publicLinkPaths.file(link.slug) })).statusCode).toBe(
      401,
    );
    expect((await fileOf(link.slug, 'x'.repeat(43))).statusCode).toBe(401);
    expect((await fileOf(other.slug, viewerToken)).statusCode).toBe(401);
  });

  it('downloads only where the link allows it, and records the download', async () => {
    const closed = await createLink(ctx, founder, deckId);
    const closedPass = await passGate(ctx, closed);
    const refused = await asVisitor(ctx, closedPass.viewerToken, {
      method: 'GET',
      url: publicLinkPaths.download(closed.slug),
    });
    expect(refused.statusCode).toBe(403);

    const open = await createLink(ctx, founder, deckId, { allowDownload: true });
    const { viewerToken, email } = await passGate(ctx, open);
    const download = await asVisitor(ctx, viewerToken, { method: 'GET', url: publicLinkPaths.download(open.slug) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="Tidewater Labs - Tidewater seed round\.pdf"/,
    );
    const [visitor] = await visitorsOf(open);
    expect(visitor).toMatchObject({ email, downloaded: true, downloads: 1 });
  });

  it('stamps the visitor’s email, the date and “Confidential” on every page of a watermarked download, as text', async () => {
    const pages = 12;
    const watermarkedDeck = await readyDeck(ctx, founder, { pdf: await deckPdf(pages) });
    const link = await createLink(ctx, founder, watermarkedDeck.id, { watermark: true, allowDownload: true });
    const { viewerToken, email } = await passGate(ctx, link);
    const download = await asVisitor(ctx, viewerToken, { method: 'GET', url: publicLinkPaths.download(link.slug) });
    expect(download.statusCode).toBe(200);
    const texts = await pdfText(download.rawPayload);
    expect(texts).toHaveLength(pages);
    const day = clock.now().toISOString().slice(0, 10);
    for (const [index, text] of texts.entries()) {
      expect(text, `page ${index + 1}`).toContain(email);
      expect(text, `page ${index + 1}`).toContain('Confidential');
      expect(text, `page ${index + 1}`).toContain(day);
      expect(text, `page ${index + 1}`).toContain(`Slide ${index + 1}`);
    }
    // The viewer's file carries it too.
    const shown = await pdfText((await fileOf(link.slug, viewerToken)).rawPayload);
    expect(shown.every((text) => text.includes(email))).toBe(true);
  });

  it('ends when the link ends mid-visit, and when it expires', async () => {
    const link = await createLink(ctx, founder, deckId, {
      expiresAt: new Date(clock.now().getTime() + 2 * 60 * 60_000).toISOString(),
    });
    const first = await passGate(ctx, link);
    // Never past the link's own expiry.
    expect(new Date(first.expiresAt).getTime()).toBeLessThanOrEqual(new Date(link.expiresAt ?? '').getTime());
    expect((await fileOf(link.slug, first.viewerToken)).statusCode).toBe(200);
    clock.advance(2 * 60 * 60_000 + 1_000);
    expect((await fileOf(link.slug, first.viewerToken)).statusCode).toBe(410);

    const ending = await createLink(ctx, founder, deckId);
    const second = await passGate(ctx, ending);
    expect((await fileOf(ending.slug, second.viewerToken)).statusCode).toBe(200);
    await manage(founder, 'DELETE', deckLinkPaths.link(deckId, ending.id));
    expect((await fileOf(ending.slug, second.viewerToken)).statusCode).toBe(410);
    const report = await asVisitor(ctx, second.viewerToken, {
      method: 'POST',
      url: publicLinkPaths.views(ending.slug),
      payload: { sessionId: crypto.randomUUID(), pages: [{ page: 1, seconds: 1 }] },
    });
    expect(report.statusCode).toBe(410);
  });

  it('ends when a settings change would refuse it, and stands through one it would pass', async () => {
    const link = await createLink(ctx, founder, deckId, { passcode: 'lighthouse' });
    const inside = await passGate(ctx, link, { email: `ravi.${Date.now()}@northwind.vc`, passcode: 'lighthouse' });
    const outside = await passGate(ctx, link, { email: `eve.${Date.now()}@rival.example`, passcode: 'lighthouse' });
    const patch = (body: object) => manage(founder, 'PATCH', deckLinkPaths.link(deckId, link.id), body);

    expect((await patch({ name: 'Renamed', allowDownload: true })).statusCode).toBe(200);
    expect((await fileOf(link.slug, inside.viewerToken)).statusCode).toBe(200);
    expect((await fileOf(link.slug, outside.viewerToken)).statusCode).toBe(200);

    // A tighter allow list ends the token of whoever it leaves out, only theirs.
    expect((await patch({ allowList: ['@northwind.vc'] })).statusCode).toBe(200);
    expect((await fileOf(link.slug, inside.viewerToken)).statusCode).toBe(200);
    const refused = await fileOf(link.slug, outside.viewerToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.details.reason).toBe('VIEWER_TOKEN_INVALID');

    // A new agreement, verification turned on, or a new passcode: tokens granted before end.
    const agreementLink = await createLink(ctx, founder, deckId);
    const reader = await passGate(ctx, agreementLink);
    await manage(founder, 'PATCH', deckLinkPaths.link(deckId, agreementLink.id), { agreement: 'Keep it secret.' });
    expect((await fileOf(agreementLink.slug, reader.viewerToken)).statusCode).toBe(401);

    const verifyLink = await createLink(ctx, founder, deckId);
    const unverified = await passGate(ctx, verifyLink);
    await manage(founder, 'PATCH', deckLinkPaths.link(deckId, verifyLink.id), { verifyEmail: true });
    expect((await fileOf(verifyLink.slug, unverified.viewerToken)).statusCode).toBe(401);

    expect((await patch({ passcode: 'new-lighthouse' })).statusCode).toBe(200);
    expect((await fileOf(link.slug, inside.viewerToken)).statusCode).toBe(401);
    const again = await passGate(ctx, link, { email: `ravi.${Date.now()}@northwind.vc`, passcode: 'new-lighthouse' });
    expect((await fileOf(link.slug, again.viewerToken)).statusCode).toBe(200);
  });

  it('records reading time per page for the founder, with investors’ limits', async () => {
    const link = await createLink(ctx, founder, deckId);
    const { viewerToken, email } = await passGate(ctx, link);
    const sessionId = crypto.randomUUID();
    const report = (pages: { page: number; seconds: number }[], session = sessionId, token = viewerToken) =>
      asVisitor(ctx, token, {
        method: 'POST',
        url: publicLinkPaths.views(link.slug),
        payload: { sessionId: session, pages },
      });
    expect(
      (
        await report([
          { page: 1, seconds: 3 },
          { page: 2, seconds: 2 },
        ])
      ).statusCode,
    ).toBe(204);
    expect((await report([{ page: 2, seconds: 1.5 }])).statusCode).toBe(204);
    // No page past the deck's last, no more time than has passed, no bigger report than investors may send.
    expect((await report([{ page: 5, seconds: 1 }])).statusCode).toBe(400);
    expect((await report([{ page: 3, seconds: 500 }])).statusCode).toBe(400);
    expect((await report([{ page: 3, seconds: 601 }])).statusCode).toBe(400);
    expect((await report([{ page: 1, seconds: 1 }], crypto.randomUUID(), 'y'.repeat(43))).statusCode).toBe(401);
    // Someone else's session id is not this visitor's to extend.
    const stranger = await passGate(ctx, link);
    expect((await report([{ page: 1, seconds: 0.5 }], sessionId, stranger.viewerToken)).statusCode).toBe(409);

    const visitor = (await visitorsOf(link)).find((entry) => entry.email === email);
    expect(visitor).toMatchObject({
      visits: 1,
      totalSeconds: 6.5,
      furthestPage: 2,
      pages: [
        { page: 1, seconds: 3 },
        { page: 2, seconds: 3.5 },
      ],
      agreedAt: null,
    });
  });
});

describe('decks an investor keeps from links', () => {
  const sharedWith = async (caller: SignedUp) => {
    const reply = await manage(caller, 'GET', sharedDeckPaths.sharedDecks);
    expect(reply.statusCode, reply.body).toBe(200);
    return (reply.json() as SharedDecksResponse).data;
  };
  const read = (link: DeckLink, viewerToken: string, pages: { page: number; seconds: number }[]) =>
    asVisitor(ctx, viewerToken, {
      method: 'POST',
      url: publicLinkPaths.views(link.slug),
      payload: { sessionId: crypto.randomUUID(), pages },
    });

  it('keeps what a visitor read under a proven email for the investor of that email, across links, and nothing under a typed one', async () => {
    const [proving, alsoProving, open] = await Promise.all([
      createLink(ctx, founder, deckId, { verifyEmail: true }),
      createLink(ctx, founder, deckId, { verifyEmail: true }),
      createLink(ctx, founder, deckId),
    ]);
    const email = uniqueEmail('reader');
    const first = await passGate(ctx, proving, { email });
    expect(
      (
        await read(proving, first.viewerToken, [
          { page: 1, seconds: 3 },
          { page: 2, seconds: 2 },
        ])
      ).statusCode,
    ).toBe(204);
    const second = await passGate(ctx, alsoProving, { email });
    expect((await read(alsoProving, second.viewerToken, [{ page: 3, seconds: 1 }])).statusCode).toBe(204);
    // A gate that proves nothing: anyone may type anyone's address into it.
    const typed = uniqueEmail('typed');
    const typedVisit = await passGate(ctx, open, { email: typed });
    expect((await read(open, typedVisit.viewerToken, [{ page: 1, seconds: 1 }])).statusCode).toBe(204);

    const [reader, typedOwner] = await Promise.all([
      signUp(ctx, 'investor', 'Rita Reader', { email }),
      signUp(ctx, 'investor', 'Tom Typed', { email: typed }),
    ]);
    const [kept] = await sharedWith(reader);
    expect(kept).toMatchObject({
      pitchDeck: { id: deckId, pageCount: 4 },
      founderName: 'Ada Founder',
      totalSeconds: 6,
      furthestPage: 3,
    });
    expect(await sharedWith(reader)).toHaveLength(1);
    expect(await sharedWith(typedOwner)).toEqual([]);
    expect(await sharedWith(investor)).toEqual([]);
    expect((await manage(founder, 'GET', sharedDeckPaths.sharedDecks)).statusCode).toBe(403);
  });

  it('leaves out a deck once it is deleted', async () => {
    const { founder: owner, deck, link } = await aFounderWithLink(ctx, { verifyEmail: true });
    const email = uniqueEmail('reader');
    await passGate(ctx, link, { email });
    const reader = await signUp(ctx, 'investor', 'Rita Reader', { email });
    expect((await sharedWith(reader)).map((entry) => entry.pitchDeck.id)).toEqual([deck.id]);
    expect((await manage(owner, 'DELETE', founderDeckPaths.pitchDeck(deck.id))).statusCode).toBe(204);
    expect(await sharedWith(reader)).toEqual([]);
  });
});

describe('telling the founder', () => {
  it('stores and mails the first visit of each visitor when the link says so, and sends “viewing now” each time', async () => {
    const told: LinkViewing[] = [];
    const stop = ctx.app.events.on('link.visited', (visit) => {
      told.push(visit);
    });
    const link = await createLink(ctx, founder, deckId, { name: 'Told link' });
    const quiet = await createLink(ctx, founder, deckId, { name: 'Quiet link', notify: false });
    const email = uniqueEmail('visitor');
    await passGate(ctx, link, { email });
    await passGate(ctx, link, { email });
    await passGate(ctx, quiet, { email });
    await ctx.app.background.drain();
    stop();
    expect(told.map((visit) => [visit.linkName, visit.isFirstVisit])).toEqual([
      ['Told link', true],
      ['Told link', false],
      ['Quiet link', true],
    ]);

    const inbox = await inboxOf(ctx, founder, '?kind=link.first_visit');
    const aboutThis = inbox.data.filter((item) => item.title.includes(email));
    expect(aboutThis).toHaveLength(1);
    expect(aboutThis[0]).toMatchObject({ kind: 'link.first_visit', pitchDeckId: deckId });
    expect(aboutThis[0]?.message).toContain('Told link');

    const aboutVisitor = (message: { to: string[]; body: string }) =>
      message.to.includes(founder.email) && message.body.includes(email);
    const mail = await ctx.sink.waitFor(aboutVisitor);
    expect(mail.body).toContain('Told link');
    await ctx.app.mailer.drain();
    const mails = ctx.sink.messages.filter(aboutVisitor);
    expect(mails).toHaveLength(1);
    expect(linkSocketEvents.viewing).toBe('links:viewing');
  });
});

it('never writes a slug or a viewer token to the log', async () => {
  const link = await createLink(ctx, founder, deckId, { watermark: true });
  const { viewerToken } = await passGate(ctx, link);
  await fileOf(link.slug, viewerToken);
  await ctx.app.fastify.inject({ method: 'GET', url: publicLinkPaths.link(link.slug) });
  const written = logLines.join('\n');
  expect(written).toContain('/api/v1/links/:slug/file');
  expect(written).not.toContain(link.slug);
  expect(written).not.toContain(viewerToken);
});

describe('“someone is viewing now” on the founder’s sockets', () => {
  const clients = new ChatClients(() => baseUrl);
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await listen(ctx);
  });

  afterAll(() => clients.closeAll());

  it('reaches every socket of the deck’s founder as the visitor passes the gate, and no other founder’s', async () => {
    const [phone, laptop, stranger] = await Promise.all([
      clients.open(founder.tokens),
      clients.open(founder.tokens),
      clients.open(otherFounder.tokens),
    ]);
    const onPhone = collect<LinkViewing>(phone, linkSocketEvents.viewing);
    const onLaptop = collect<LinkViewing>(laptop, linkSocketEvents.viewing);
    const onStranger = collect<LinkViewing>(stranger, linkSocketEvents.viewing);
    const link = await createLink(ctx, founder, deckId, { name: 'Live link' });
    const { email } = await passGate(ctx, link);

    await until(() => onPhone.length === 1 && onLaptop.length === 1, 'the viewing news on both sockets');
    for (const told of [onPhone[0], onLaptop[0]]) {
      expect(linkViewingSchema.parse(told)).toMatchObject({
        pitchDeckId: deckId,
        linkId: link.id,
        linkName: 'Live link',
        deckTitle: expect.any(String),
        email,
        isFirstVisit: true,
        notify: true,
      });
    }
    // A second pass, told too (no longer a first visit); the stranger's socket, open all along, heard neither.
    await passGate(ctx, link, { email });
    await until(() => onPhone.length === 2, 'the second viewing news');
    expect(onPhone[1]?.isFirstVisit).toBe(false);
    expect(onStranger).toEqual([]);
  });
});
