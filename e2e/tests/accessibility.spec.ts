import { founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import type { UploadTicket } from '@deckvalid/contract/uploads';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createAccount, signIn } from '../support/accounts';
import { type Browser, type BrowserContext, launchBrowser, type Page, viewports } from '../support/browser';
import { samplePdf } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
let investor: Awaited<ReturnType<typeof createAccount>>;
let deckId = '';

/** A small three-slide deck; the screens only need one ready deck to show. */
const deckPdf = async () =>
  // A copy on a plain ArrayBuffer: fetch's body type does not take a Buffer's ArrayBufferLike view.
  new Uint8Array(await samplePdf({ company: 'Lumenfield', slides: 3, body: 'Solar forecasts for small grids.' }));

/**
 * Submits a deck the way the submit form does (ticket → PUT the bytes → create), waits until it
 * is ready, and has the investor show interest so My investors has a row to check.
 */
async function submitReadyDeck(): Promise<string> {
  const headers = authHeaders(founder.tokens);
  const bytes = await deckPdf();
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
      company: 'Lumenfield',
      title: 'Lumenfield seed round',
      pitch: 'Solar forecasts that keep small grids balanced.',
      sector: 'Climate',
      stage: 'Seed',
      amountSought: 900_000,
      location: 'Lisbon',
    }),
  });
  if (created.status !== 201) throw new Error(`creating the deck answered ${created.status}: ${await created.text()}`);
  const { pitchDeck } = (await created.json()) as { pitchDeck: { id: string } };
  // expect.poll belongs to tests; this runs in beforeAll.
  const deadline = Date.now() + 20_000;
  for (;;) {
    const reply = await fetch(`${server.baseUrl}${founderDeckPaths.pitchDeck(pitchDeck.id)}`, { headers });
    const { status } = ((await reply.json()) as { pitchDeck: { status: string } }).pitchDeck;
    if (status === 'ready') break;
    if (status === 'failed' || Date.now() > deadline) throw new Error(`the deck is ${status}, not ready`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const interest = await fetch(`${server.baseUrl}${investorDeckPaths.interests(pitchDeck.id)}`, {
    method: 'POST',
    headers: { ...authHeaders(investor.tokens), 'content-type': 'application/json' },
    body: JSON.stringify({ note: 'Can we see the pilot numbers?' }),
  });
  if (interest.status !== 201) throw new Error(`showing interest answered ${interest.status}`);
  return pitchDeck.id;
}

type AxeWindow = Window & { axe: typeof axe };

/** Waits for transitions that end (fade-ins would skew contrast) but not for endless spinners. */
async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/** Runs axe-core on the page as it stands and fails on any violation of moderate impact or worse. */
async function expectNoViolations(page: Page, screen: string) {
  await settle(page);
  await page.addScriptTag({ content: axe.source });
  const results = await page.evaluate(() =>
    (window as unknown as AxeWindow).axe.run(document, { resultTypes: ['violations'] }),
  );
  const found = results.violations
    .filter((violation) => violation.impact !== 'minor')
    .map(
      (violation) =>
        `[${violation.impact}] ${violation.id}: ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
  // Soft: one screen's violations should not hide the next screen's.
  expect.soft(found, `${screen} at ${page.viewportSize()?.width}px`).toEqual([]);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  [founder, investor] = await Promise.all([
    createAccount(server, 'user', 'Ines Founder'),
    createAccount(server, 'investor', 'Ravi Investor'),
  ]);
  deckId = await submitReadyDeck();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])('accessibility at %s width', (viewport) => {
  let visitorContext: BrowserContext;
  let founderContext: BrowserContext;
  let investorContext: BrowserContext;
  let visitorPage: Page;
  let founderPage: Page;
  let investorPage: Page;

  beforeAll(async () => {
    // bypassCSP: the product's `script-src 'self'` (rightly) refuses axe's inline script tag.
    const open = () => browser.newContext({ baseURL: server.baseUrl, viewport: viewports[viewport], bypassCSP: true });
    [visitorContext, founderContext, investorContext] = await Promise.all([open(), open(), open()]);
    visitorPage = await visitorContext.newPage();
    founderPage = await signIn(founderContext, founder, 'user');
    investorPage = await signIn(investorContext, investor, 'investor');
  });

  afterAll(async () => {
    await visitorContext?.close();
    await founderContext?.close();
    await investorContext?.close();
  });

  it('landing, sign-in and investor sign-up', async () => {
    await visitorPage.goto('/');
    await visitorPage.getByRole('heading', { level: 1 }).waitFor();
    await expectNoViolations(visitorPage, '/');

    await visitorPage.goto('/login');
    await visitorPage.getByRole('button', { name: 'Sign in' }).waitFor();
    await expectNoViolations(visitorPage, '/login');

    await visitorPage.goto('/signup/investor');
    await visitorPage.getByLabel('Email').waitFor();
    await expectNoViolations(visitorPage, '/signup/investor');
  });

  it('founder home and submit', async () => {
    const page = founderPage;
    await page.goto('/founder');
    await page.getByTestId('founder-welcome').waitFor();
    await expectNoViolations(page, '/founder');

    await page.goto('/founder/submit');
    await page.getByTestId('deck-dropzone').waitFor();
    await expectNoViolations(page, '/founder/submit');
  });

  it('founder deck list, deck view and my investors', async () => {
    const page = founderPage;
    await page.goto('/founder/pitchdecks');
    await page.locator(`[data-testid="deck-card"][data-status="ready"]`).waitFor();
    await expectNoViolations(page, '/founder/pitchdecks');

    await page.goto(`/founder/view/${deckId}`);
    await page.locator('[data-testid="deck-viewer"][data-state="ready"]').waitFor({ timeout: 20_000 });
    await page.getByTestId('deck-analytics').waitFor();
    await page.getByTestId('deck-interests').waitFor();
    await expectNoViolations(page, '/founder/view/{id}');

    await page.goto('/founder/my-investors');
    await page.getByTestId('interest-row').waitFor();
    await expectNoViolations(page, '/founder/my-investors');
  });

  it('investor browse and deck', async () => {
    const page = investorPage;
    await page.goto('/investor');
    await page.getByTestId('deck-card').first().waitFor();
    await expectNoViolations(page, '/investor');

    await page.goto(`/investor/pitchdecks/${deckId}`);
    await page.locator('[data-testid="deck-viewer"][data-state="ready"]').waitFor({ timeout: 20_000 });
    await page.getByTestId('my-interest-status').waitFor();
    await expectNoViolations(page, '/investor/pitchdecks/{id}');
  });
});
