import {
  type CreateLinkBody,
  type CreateRoomLinkBody,
  type DeckLink,
  deckLinkPaths,
  type LinkAccessBody,
  type LinkAccessResponse,
  publicLinkPaths,
  roomLinkPaths,
} from '@deckvalid/contract/links';
import type { FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import { expect } from 'vitest';
import { type SignedUp, signUp, uniqueEmail } from './accounts';
import { authHeaders, type TestContext } from './build';
import { deckPdf, readyDeck } from './decks';
import { codeOf } from './smtp-sink';

/** Creates a share link on a founder's deck (201 expected); settings default as the API does. */
export async function createLink(
  ctx: TestContext,
  founder: SignedUp,
  deckId: string,
  settings: Partial<Omit<CreateLinkBody, 'expiresAt'>> & { expiresAt?: string | null } = {},
): Promise<DeckLink> {
  const reply = await ctx.app.fastify.inject({
    method: 'POST',
    url: deckLinkPaths.links(deckId),
    headers: authHeaders(founder.tokens),
    payload: { name: 'Northwind – Ravi', ...settings },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return (reply.json() as { link: DeckLink }).link;
}

/** Creates a share link to a founder's data room (201 expected); settings default as the API does. */
export async function createRoomLink(
  ctx: TestContext,
  founder: SignedUp,
  roomId: string,
  settings: Partial<Omit<CreateRoomLinkBody, 'expiresAt'>> = {},
): Promise<DeckLink> {
  const reply = await ctx.app.fastify.inject({
    method: 'POST',
    url: roomLinkPaths.links(roomId),
    headers: authHeaders(founder.tokens),
    payload: { name: 'Diligence – Ravi', ...settings },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return (reply.json() as { link: DeckLink }).link;
}

/** A founder, a ready deck of `pages` pages, and a link on it with `settings`. */
export async function aFounderWithLink(
  ctx: TestContext,
  settings: Parameters<typeof createLink>[3] = {},
  { pages = 3 }: { pages?: number } = {},
): Promise<{ founder: SignedUp; deck: FounderPitchDeck; link: DeckLink }> {
  const founder = await signUp(ctx, 'user', 'Ada Founder');
  const deck = await readyDeck(ctx, founder, { pdf: await deckPdf(pages) });
  const link = await createLink(ctx, founder, deck.id, settings);
  return { founder, deck, link };
}

/** POST …/access with `body`, answered as it came. */
export function askAccess(ctx: TestContext, slug: string, body: LinkAccessBody = {}) {
  return ctx.app.fastify.inject({ method: 'POST', url: publicLinkPaths.access(slug), payload: body });
}

/**
 * Passes a link's gate as `email` (a fresh address unless given), with whatever else the link
 * asks for: the passcode given, agreement accepted, and the mailed code read from the SMTP sink.
 */
export async function passGate(
  ctx: TestContext,
  link: DeckLink,
  { email = uniqueEmail('visitor'), passcode }: { email?: string; passcode?: string } = {},
): Promise<LinkAccessResponse & { email: string }> {
  const body: LinkAccessBody = {
    ...(link.requireEmail ? { email } : {}),
    ...(passcode !== undefined ? { passcode } : {}),
    ...(link.agreement !== null ? { agreed: true } : {}),
  };
  let reply = await askAccess(ctx, link.slug, body);
  if (link.verifyEmail) {
    expect(reply.json().error?.code, reply.body).toBe('CODE_SENT');
    const mail = await ctx.sink.waitFor((message) => message.to.includes(email) && /your code/.test(message.subject));
    ctx.sink.messages.splice(ctx.sink.messages.indexOf(mail), 1);
    reply = await askAccess(ctx, link.slug, { ...body, code: codeOf(mail) });
  }
  expect(reply.statusCode, reply.body).toBe(200);
  return { ...(reply.json() as LinkAccessResponse), email };
}

/** A visitor's call with a viewer token. */
export function asVisitor(
  ctx: TestContext,
  viewerToken: string,
  request: { method: 'GET' | 'POST'; url: string; payload?: unknown },
) {
  return ctx.app.fastify.inject({
    method: request.method,
    url: request.url,
    headers: { authorization: `Bearer ${viewerToken}` },
    ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
  });
}
