import { randomBytes } from 'node:crypto';
import { founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import type { AuthResponse } from '@deckvalid/contract/auth';
import type { UploadTicket } from '@deckvalid/contract/uploads';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { authHeaders } from './accounts';

/**
 * A real 16:9 PDF deck for browser tests: a heading per slide naming the company, one line of
 * body text (`lines[n]` on slide n, else `body`), and optionally incompressible padding so the
 * upload and the download take a moment (and pdf.js reads it in ranges above 128 KB).
 */
export async function samplePdf({
  company,
  slides,
  body,
  lines = {},
  paddingBytes = 0,
}: {
  company: string;
  slides: number;
  body: string;
  lines?: Record<number, string>;
  paddingBytes?: number;
}): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let slide = 1; slide <= slides; slide += 1) {
    const page = document.addPage([960, 540]);
    page.drawText(`${company} slide ${slide}`, { x: 48, y: 420, size: 36, font });
    page.drawText(lines[slide] ?? body, { x: 48, y: 340, size: 20, font });
  }
  if (paddingBytes > 0) {
    // Random bytes do not compress, so the file keeps about this size.
    await document.attach(randomBytes(paddingBytes), 'appendix.bin', { mimeType: 'application/octet-stream' });
  }
  return Buffer.from(await document.save());
}

type Account = { tokens: AuthResponse['tokens'] };
type Server = { baseUrl: string };

/** A deck's details as the submit form sends them; tests override what they look for. */
export type DeckDetails = {
  company: string;
  title: string;
  pitch?: string;
  sector?: string;
  stage?: string;
  amountSought?: number;
  location?: string;
  slides?: number;
  body?: string;
  /** Slide n's own line of text instead of `body` (see samplePdf). */
  lines?: Record<number, string>;
};

/**
 * Submits a deck the way the submit form does (ticket → PUT the bytes → create) and waits until
 * it is ready; answers its id. Runs in `beforeAll` as well as in tests, so it polls by itself.
 */
export async function submitReadyDeck(server: Server, founder: Account, details: DeckDetails): Promise<string> {
  const headers = authHeaders(founder.tokens);
  const pdf = await samplePdf({
    company: details.company,
    slides: details.slides ?? 3,
    body: details.body ?? 'Solar forecasts for small grids.',
    lines: details.lines,
  });
  // A copy on a plain ArrayBuffer: fetch's body type does not take a Buffer's ArrayBufferLike view.
  const bytes = new Uint8Array(pdf);
  const ticketReply = await fetch(
    `${server.baseUrl}${founderDeckPaths.uploadTicket}?fileType=application/pdf&fileSize=${bytes.byteLength}`,
    { headers },
  );
  if (!ticketReply.ok) throw new Error(`upload ticket answered ${ticketReply.status}`);
  const ticket = (await ticketReply.json()) as UploadTicket;
  const put = await fetch(new URL(ticket.uploadUrl, server.baseUrl), {
    method: ticket.method,
    headers: ticket.headers,
    body: bytes,
  });
  if (!put.ok) throw new Error(`the upload PUT answered ${put.status}`);
  const created = await fetch(`${server.baseUrl}${founderDeckPaths.pitchDecks}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      key: ticket.key,
      company: details.company,
      title: details.title,
      pitch: details.pitch ?? 'Solar forecasts that keep small grids balanced.',
      sector: details.sector ?? 'Climate',
      stage: details.stage ?? 'Seed',
      amountSought: details.amountSought ?? 900_000,
      location: details.location ?? 'Lisbon',
    }),
  });
  if (created.status !== 201) throw new Error(`creating the deck answered ${created.status}: ${await created.text()}`);
  const { pitchDeck } = (await created.json()) as { pitchDeck: { id: string } };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const reply = await fetch(`${server.baseUrl}${founderDeckPaths.pitchDeck(pitchDeck.id)}`, { headers });
    const { status } = ((await reply.json()) as { pitchDeck: { status: string } }).pitchDeck;
    if (status === 'ready') return pitchDeck.id;
    if (status === 'failed' || Date.now() > deadline) throw new Error(`the deck is ${status}, not ready`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The investor shows interest in a deck through the API (pending); answers the interest's id. */
export async function showInterest(server: Server, investor: Account, deckId: string, note: string): Promise<string> {
  const reply = await fetch(`${server.baseUrl}${investorDeckPaths.interests(deckId)}`, {
    method: 'POST',
    headers: { ...authHeaders(investor.tokens), 'content-type': 'application/json' },
    body: JSON.stringify({ note }),
  });
  if (reply.status !== 201) throw new Error(`showing interest answered ${reply.status}: ${await reply.text()}`);
  return ((await reply.json()) as { interest: { id: string } }).interest.id;
}

/** The founder accepts an interest through the API: the investor then follows the deck's milestones. */
export async function acceptInterest(server: Server, founder: Account, deckId: string, interestId: string) {
  const reply = await fetch(`${server.baseUrl}${founderDeckPaths.interest(deckId, interestId)}`, {
    method: 'PATCH',
    headers: { ...authHeaders(founder.tokens), 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'accepted' }),
  });
  if (reply.status !== 200) throw new Error(`accepting the interest answered ${reply.status}: ${await reply.text()}`);
}
