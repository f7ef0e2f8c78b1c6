import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { deckPdf, readyDeck, uploadFile } from '../../../test/decks';

let ctx: TestContext;

/** The smallest PNG header the picture check accepts. */
const tinyPng = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const pictureTicketUrl = '/api/users/profile/picture/upload';

beforeAll(async () => {
  ctx = await build();
});

afterAll(async () => {
  await ctx.close();
});

describe('founder profile', () => {
  it('reads and updates the profile; a new name shows in me at once', async () => {
    const founder = await signUp(ctx, 'user', 'Nadia Founder');
    const headers = authHeaders(founder.tokens);
    const read = await ctx.app.fastify.inject({ method: 'GET', url: '/api/users/profile', headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ profile: { id: founder.user.id, name: 'Nadia Founder', headline: null } });

    const updated = await ctx.app.fastify.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers,
      payload: { name: 'Nadia K.', headline: 'Climate hardware', website: 'https://nadia.example' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ profile: { name: 'Nadia K.', website: 'https://nadia.example' } });
    const me = await ctx.app.fastify.inject({ method: 'GET', url: '/api/v1/users/me', headers });
    expect(me.json()).toMatchObject({ user: { name: 'Nadia K.' } });
  });

  it('refuses an invalid website and unknown fields without changing anything', async () => {
    const founder = await signUp(ctx, 'user');
    const headers = authHeaders(founder.tokens);
    const before = await ctx.sql('select * from accounts where id = $1', [founder.user.id]);
    for (const payload of [{ website: 'not a url' }, { email: 'takeover@example.test' }, { name: '' }]) {
      const reply = await ctx.app.fastify.inject({ method: 'PUT', url: '/api/users/profile', headers, payload });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect(await ctx.sql('select * from accounts where id = $1', [founder.user.id])).toEqual(before);
  });

  it('deletes the account only with the right password, ending its sessions', async () => {
    const founder = await signUp(ctx, 'user');
    const headers = authHeaders(founder.tokens);
    const wrong = await ctx.app.fastify.inject({
      method: 'DELETE',
      url: '/api/users/profile',
      headers,
      payload: { password: 'not-my-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await ctx.sql('select id from accounts where id = $1', [founder.user.id])).toHaveLength(1);
    const deleted = await ctx.app.fastify.inject({
      method: 'DELETE',
      url: '/api/users/profile',
      headers,
      payload: { password: founder.password },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await ctx.sql('select id from accounts where id = $1', [founder.user.id])).toHaveLength(0);
    expect(await ctx.sql('select id from sessions where account_id = $1', [founder.user.id])).toHaveLength(0);
    const me = await ctx.app.fastify.inject({ method: 'GET', url: '/api/v1/users/me', headers });
    expect(me.statusCode).toBe(401);
  });

  it('deletes every file of a deleted account at once: issued URLs stop serving, nothing stays on disk', async () => {
    const founder = await signUp(ctx, 'user');
    const headers = authHeaders(founder.tokens);
    const deck = await readyDeck(ctx, founder);
    const abandoned = await uploadFile(ctx, founder, await deckPdf(1));
    expect(abandoned.put.statusCode).toBe(200);
    const picture = await uploadFile(ctx, founder, tinyPng, { fileType: 'image/png', ticketUrl: pictureTicketUrl });
    const set = await ctx.app.fastify.inject({
      method: 'PUT',
      url: '/api/users/profile/picture',
      headers,
      payload: { key: picture.ticket.key },
    });
    const urls = [deck.fileUrl ?? '', set.json().profile.pictureUrl as string];
    for (const url of urls) expect((await ctx.app.fastify.inject({ method: 'GET', url })).statusCode).toBe(200);
    const ownFolders = ['decks', 'pictures'].map((kind) =>
      path.join(ctx.config.dataDir, 'uploads', kind, founder.user.id),
    );
    expect(ownFolders.flatMap((folder) => (existsSync(folder) ? readdirSync(folder) : []))).toHaveLength(3);

    const deleted = await ctx.app.fastify.inject({
      method: 'DELETE',
      url: '/api/users/profile',
      headers,
      payload: { password: founder.password },
    });
    expect(deleted.statusCode).toBe(204);
    for (const url of urls) expect((await ctx.app.fastify.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(ownFolders.flatMap((folder) => (existsSync(folder) ? readdirSync(folder) : []))).toEqual([]);
    expect(await ctx.sql('select key from uploads where owner_id = $1', [founder.user.id])).toEqual([]);
  });
});

describe('investor info', () => {
  it('answers null, creates once, refuses a second create, and updates', async () => {
    const investor = await signUp(ctx, 'investor');
    const headers = authHeaders(investor.tokens);
    const empty = await ctx.app.fastify.inject({ method: 'GET', url: '/api/v1/investors/info', headers });
    expect(empty.json()).toEqual({ info: null });

    const payload = {
      firm: 'Harbor Capital',
      thesis: 'Developer tools that pay for themselves.',
      sectors: ['Developer Tools', 'SaaS'],
      stages: ['Seed'],
      chequeSizeMin: 50_000,
      chequeSizeMax: 250_000,
      location: 'Berlin',
    };
    const created = await ctx.app.fastify.inject({ method: 'POST', url: '/api/v1/investors/info', headers, payload });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      info: { investorId: investor.user.id, firm: 'Harbor Capital', stages: ['Seed'] },
    });

    const again = await ctx.app.fastify.inject({ method: 'POST', url: '/api/v1/investors/info', headers, payload });
    expect(again.statusCode).toBe(409);

    const updated = await ctx.app.fastify.inject({
      method: 'PUT',
      url: '/api/v1/investors/info',
      headers,
      payload: { ...payload, firm: 'Harbor Capital II', stages: ['Seed', 'Series A'] },
    });
    expect(updated.statusCode).toBe(200);
    const read = await ctx.app.fastify.inject({ method: 'GET', url: '/api/v1/investors/info', headers });
    expect(read.json()).toMatchObject({ info: { firm: 'Harbor Capital II', stages: ['Seed', 'Series A'] } });
  });

  it('refuses unknown sectors and a minimum cheque above the maximum, storing nothing', async () => {
    const investor = await signUp(ctx, 'investor');
    const headers = authHeaders(investor.tokens);
    for (const payload of [
      { firm: 'X', sectors: ['Crypto Casinos'] },
      { firm: 'X', chequeSizeMin: 500_000, chequeSizeMax: 10_000 },
      { firm: '' },
      { firm: 'X', chequeSizeMin: -5 },
    ]) {
      const reply = await ctx.app.fastify.inject({ method: 'POST', url: '/api/v1/investors/info', headers, payload });
      expect(reply.statusCode).toBe(400);
    }
    expect(await ctx.sql('select * from investor_infos where investor_id = $1', [investor.user.id])).toEqual([]);
  });
});

describe('profile picture', () => {
  const png = tinyPng;

  it('sets an uploaded picture, serves it by a signed URL, and deletes the one it replaces', async () => {
    const founder = await signUp(ctx, 'user');
    const headers = authHeaders(founder.tokens);
    const first = await uploadFile(ctx, founder, png, { fileType: 'image/png', ticketUrl: pictureTicketUrl });
    expect(first.put.statusCode).toBe(200);
    const set = await ctx.app.fastify.inject({
      method: 'PUT',
      url: '/api/users/profile/picture',
      headers,
      payload: { key: first.ticket.key },
    });
    expect(set.statusCode).toBe(200);
    const pictureUrl = set.json().profile.pictureUrl as string;
    const served = await ctx.app.fastify.inject({ method: 'GET', url: pictureUrl });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    const second = await uploadFile(ctx, founder, png, { fileType: 'image/png', ticketUrl: pictureTicketUrl });
    await ctx.app.fastify.inject({
      method: 'PUT',
      url: '/api/users/profile/picture',
      headers,
      payload: { key: second.ticket.key },
    });
    const gone = await ctx.app.fastify.inject({ method: 'GET', url: pictureUrl });
    expect(gone.statusCode).toBe(404);
    const [row] = await ctx.sql('select picture_key from accounts where id = $1', [founder.user.id]);
    expect(row?.picture_key).toBe(second.ticket.key);
  });

  it('refuses a PDF as a picture, an oversized picture and a deck key, changing nothing', async () => {
    const founder = await signUp(ctx, 'user');
    const headers = authHeaders(founder.tokens);
    const asPdf = await ctx.app.fastify.inject({
      method: 'GET',
      url: `${pictureTicketUrl}?fileType=application/pdf&fileSize=1000`,
      headers,
    });
    expect(asPdf.statusCode).toBe(415);
    const huge = await ctx.app.fastify.inject({
      method: 'GET',
      url: `${pictureTicketUrl}?fileType=image/jpeg&fileSize=${6 * 1024 * 1024}`,
      headers,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toMatch(/at most 5 MB/);
    const disguised = await uploadFile(ctx, founder, Buffer.from('GIF89a not allowed here'), {
      fileType: 'image/png',
      ticketUrl: pictureTicketUrl,
    });
    expect(disguised.put.statusCode).toBe(415);
    const deck = await uploadFile(ctx, founder, await deckPdf(1));
    const asPicture = await ctx.app.fastify.inject({
      method: 'PUT',
      url: '/api/users/profile/picture',
      headers,
      payload: { key: deck.ticket.key },
    });
    expect(asPicture.statusCode).toBe(404);
    const [row] = await ctx.sql('select picture_key from accounts where id = $1', [founder.user.id]);
    expect(row?.picture_key).toBeNull();
  });
});
