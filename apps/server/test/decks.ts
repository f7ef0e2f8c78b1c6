import { founderDeckPaths } from '@deckvalid/contract/api-paths';
import type { CreatePitchDeckBody, FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import type { UploadTicket } from '@deckvalid/contract/uploads';
import { expect } from 'vitest';
import { samplePdf } from '@/lib/sample-pdf';
import type { SignedUp } from './accounts';
import { authHeaders, type TestContext } from './build';

/** A real PDF of `pages` slides; slide n's text says `Slide n` and any `words` given for it. */
export function deckPdf(pages: number, words: Record<number, string> = {}): Promise<Uint8Array> {
  return samplePdf(
    Array.from({ length: pages }, (_, index) => ({
      heading: `Slide ${index + 1}`,
      body: [words[index + 1] ?? 'Market, traction and team.'],
    })),
  );
}

/**
 * Asks for an upload ticket for a file of `declaredSize` bytes (the real size unless given) and
 * PUTs `bytes` to its signed URL; answers the ticket and the PUT's answer.
 */
export async function uploadFile(
  ctx: TestContext,
  account: SignedUp,
  bytes: Uint8Array | Buffer,
  {
    fileType = 'application/pdf',
    ticketUrl = founderDeckPaths.uploadTicket as string,
    declaredSize,
  }: { fileType?: string; ticketUrl?: string; declaredSize?: number } = {},
) {
  const ticketReply = await ctx.app.fastify.inject({
    method: 'GET',
    url: `${ticketUrl}?fileType=${encodeURIComponent(fileType)}&fileSize=${Math.max(1, declaredSize ?? bytes.byteLength)}`,
    headers: authHeaders(account.tokens),
  });
  expect(ticketReply.statusCode).toBe(200);
  const ticket = ticketReply.json() as UploadTicket;
  const put = await ctx.app.fastify.inject({
    method: 'PUT',
    url: ticket.uploadUrl,
    headers: ticket.headers,
    payload: Buffer.from(bytes),
  });
  return { ticket, put };
}

export const deckDetails = (overrides: Partial<CreatePitchDeckBody> = {}): Omit<CreatePitchDeckBody, 'key'> => ({
  company: 'Tidewater Labs',
  title: 'Tidewater seed round',
  pitch: 'Sensors that tell port operators when the tide will delay a ship.',
  sector: 'Climate',
  stage: 'Seed',
  amountSought: 1_500_000,
  location: 'Rotterdam',
  website: 'https://tidewater.example',
  ...overrides,
});

/** Uploads a PDF and creates a deck from it (status processing). */
export async function createDeck(
  ctx: TestContext,
  founder: SignedUp,
  { pdf, details = {} }: { pdf?: Uint8Array; details?: Partial<CreatePitchDeckBody> } = {},
): Promise<FounderPitchDeck> {
  const { ticket, put } = await uploadFile(ctx, founder, pdf ?? (await deckPdf(3)));
  expect(put.statusCode).toBe(200);
  const reply = await ctx.app.fastify.inject({
    method: 'POST',
    url: founderDeckPaths.pitchDecks,
    headers: authHeaders(founder.tokens),
    payload: { key: ticket.key, ...deckDetails(details) },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return (reply.json() as { pitchDeck: FounderPitchDeck }).pitchDeck;
}

/** Waits until background processing has finished and answers the deck as its founder sees it. */
export async function processed(ctx: TestContext, founder: SignedUp, id: string): Promise<FounderPitchDeck> {
  await ctx.app.background.drain();
  const reply = await ctx.app.fastify.inject({
    method: 'GET',
    url: founderDeckPaths.pitchDeck(id),
    headers: authHeaders(founder.tokens),
  });
  expect(reply.statusCode).toBe(200);
  return (reply.json() as { pitchDeck: FounderPitchDeck }).pitchDeck;
}

/** A founder's ready deck, processed. */
export async function readyDeck(
  ctx: TestContext,
  founder: SignedUp,
  options: { pdf?: Uint8Array; details?: Partial<CreatePitchDeckBody> } = {},
): Promise<FounderPitchDeck> {
  const deck = await createDeck(ctx, founder, options);
  const done = await processed(ctx, founder, deck.id);
  expect(done.status).toBe('ready');
  return done;
}

/** Uploads a PDF and submits it as a new version of the founder's deck (201, processing after the answer). */
export async function addVersion(
  ctx: TestContext,
  founder: SignedUp,
  id: string,
  pdf: Uint8Array,
): Promise<FounderPitchDeck> {
  const { ticket, put } = await uploadFile(ctx, founder, pdf);
  expect(put.statusCode).toBe(200);
  const reply = await ctx.app.fastify.inject({
    method: 'POST',
    url: founderDeckPaths.versions(id),
    headers: authHeaders(founder.tokens),
    payload: { key: ticket.key },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return (reply.json() as { pitchDeck: FounderPitchDeck }).pitchDeck;
}
