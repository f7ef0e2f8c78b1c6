import { founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import type { FounderPitchDeck, InvestorPitchDeck } from '@deckvalid/contract/pitchdecks';
import type { UploadTicket } from '@deckvalid/contract/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createAccount, signIn } from '../support/accounts';
import {
  type Browser,
  type BrowserContext,
  launchBrowser,
  newContext,
  type Page,
  screenshot,
} from '../support/browser';
import { samplePdf } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
let investor: Awaited<ReturnType<typeof createAccount>>;
let deckId = '';

/** Version 1 has three slides, version 2 five: the page count tells which one a viewer shows. */
const versionPdf = (slides: number) =>
  samplePdf({ company: 'Saltmarsh', slides, body: `Version with ${slides} slides.`, paddingBytes: 200_000 });

/** The founder's deck, through the API: the browser part of this file starts at the deck page. */
async function createDeckThroughApi(): Promise<string> {
  const headers = authHeaders(founder.tokens);
  const pdf = await versionPdf(3);
  const ticketReply = await fetch(
    `${server.baseUrl}${founderDeckPaths.uploadTicket}?fileType=application/pdf&fileSize=${pdf.byteLength}`,
    { headers },
  );
  const ticket = (await ticketReply.json()) as UploadTicket;
  const put = await fetch(new URL(ticket.uploadUrl, server.baseUrl), {
    method: 'PUT',
    headers: ticket.headers,
    body: new Uint8Array(pdf),
  });
  expect(put.status).toBe(200);
  const created = await fetch(`${server.baseUrl}${founderDeckPaths.pitchDecks}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      key: ticket.key,
      company: 'Saltmarsh',
      title: 'Saltmarsh seed round',
      pitch: 'Coastal flood sensors that pay for themselves.',
      sector: 'Climate',
      stage: 'Seed',
      amountSought: 900_000,
      location: 'Hamburg',
    }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { pitchDeck: FounderPitchDeck }).pitchDeck.id;
}

async function investorSees(id: string): Promise<InvestorPitchDeck | null> {
  const reply = await fetch(`${server.baseUrl}${investorDeckPaths.pitchDeck(id)}`, {
    headers: authHeaders(investor.tokens),
  });
  return reply.ok ? ((await reply.json()) as { pitchDeck: InvestorPitchDeck }).pitchDeck : null;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  [founder, investor] = await Promise.all([
    createAccount(server, 'user', 'Vera Founder'),
    createAccount(server, 'investor', 'Ivo Investor'),
  ]);
  deckId = await createDeckThroughApi();
  // expect.poll is for tests only; the deck must be live before any of them starts.
  const deadline = Date.now() + 20_000;
  while ((await investorSees(deckId))?.pageCount !== 3) {
    if (Date.now() > deadline) throw new Error('version 1 did not become ready within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('deck versions and details', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser, server.baseUrl);
    page = await signIn(context, founder, 'user');
  });

  afterAll(async () => {
    await context?.close();
  });

  const versionRow = (number: number) => page.locator(`[data-testid="deck-version"][data-version="${number}"]`);

  it('the founder uploads a second version, sees it go live, and can still open version 1', async () => {
    await page.goto(`/founder/view/${deckId}`);
    const viewer = page.getByTestId('deck-viewer');
    await expect.poll(() => viewer.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    expect(await viewer.getAttribute('data-page-count')).toBe('3');
    await expect.poll(() => versionRow(1).getByTestId('live-badge').count()).toBe(1);

    await page.getByRole('button', { name: 'Upload new version' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload version 2' });
    await dialog.waitFor();
    await dialog
      .getByLabel('Pitch deck PDF')
      .setInputFiles({ name: 'saltmarsh-v2.pdf', mimeType: 'application/pdf', buffer: await versionPdf(5) });
    await dialog.getByRole('figure', { name: /Preview of the first page/ }).waitFor({ timeout: 15_000 });
    await expect.poll(() => dialog.getByText('Uploaded', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    await dialog.getByRole('button', { name: 'Submit version' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Version 2 goes live by itself (the page polls while it processes); version 1 stays listed.
    await expect.poll(() => versionRow(2).getAttribute('data-status'), { timeout: 30_000 }).toBe('ready');
    await expect.poll(() => versionRow(2).getByTestId('live-badge').count(), { timeout: 10_000 }).toBe(1);
    expect(await versionRow(1).getAttribute('data-status')).toBe('ready');
    expect(await versionRow(1).getByTestId('live-badge').count()).toBe(0);
    await expect.poll(() => viewer.getAttribute('data-page-count'), { timeout: 20_000 }).toBe('5');
    expect((await investorSees(deckId))?.version).toBe(2);
    // Version 2 is ready: the upload's "investors keep seeing version 1" toast is gone (issue 18).
    await expect.poll(() => page.getByText(/keep seeing version 1/).count()).toBe(0);
    await screenshot(page, 'versions');

    // An older version opens in the viewer, with its own analytics, and the page says so.
    await page.getByRole('button', { name: 'Show version 1' }).click();
    await page.getByTestId('older-version-notice').waitFor();
    await expect.poll(() => viewer.getAttribute('data-page-count'), { timeout: 20_000 }).toBe('3');
    // The header counts the pages of the version on screen, not the live version's five (issue 18).
    expect(await page.getByTestId('deck-page-count').textContent()).toBe('3 pages');
    await screenshot(page, 'versions-older');
    await page.getByRole('button', { name: 'Show the live version' }).click();
    await expect.poll(() => viewer.getAttribute('data-page-count'), { timeout: 20_000 }).toBe('5');
  });

  it('the founder edits the details with the submit form’s messages, and investors find the new title', async () => {
    await page.goto(`/founder/view/${deckId}`);
    // Keyboard: the action opens from Enter, Escape closes the dialog.
    await page.getByRole('button', { name: 'Edit details' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit deck details' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Edit details' }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Saltmarsh seed round');
    await dialog.getByLabel('Title').fill('   ');
    await dialog.getByLabel('Amount sought (USD)').fill('500');
    await dialog.getByRole('button', { name: 'Save details' }).click();
    await dialog.getByText('Enter a title.').waitFor();
    await dialog.getByText('Enter at least $1,000.').waitFor();
    await screenshot(page, 'versions-edit-invalid');

    await dialog.getByLabel('Title').fill('Saltmarsh Series A');
    await dialog.getByLabel('Amount sought (USD)').fill('2000000');
    await dialog.getByRole('button', { name: 'Save details' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 })
      .toBe('Saltmarsh Series A');

    const search = await fetch(
      `${server.baseUrl}${investorDeckPaths.pitchDecks}?q=${encodeURIComponent('Saltmarsh Series A')}`,
      { headers: authHeaders(investor.tokens) },
    );
    const hits = ((await search.json()) as { data: InvestorPitchDeck[] }).data;
    expect(hits.map((hit) => [hit.id, hit.title, hit.amountSought])).toEqual([
      [deckId, 'Saltmarsh Series A', 2_000_000],
    ]);
  });

  it('fits a 390 px screen', async () => {
    const mobile = await newContext(browser, server.baseUrl, 'mobile');
    try {
      const mobilePage = await signIn(mobile, founder, 'user');
      await mobilePage.goto(`/founder/view/${deckId}`);
      const viewer = mobilePage.getByTestId('deck-viewer');
      await expect.poll(() => viewer.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
      await mobilePage.getByTestId('deck-versions').waitFor();
      const overflow = await mobilePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(mobilePage, 'versions');
      await mobilePage.getByRole('button', { name: 'Upload new version' }).click();
      await mobilePage.getByRole('dialog', { name: 'Upload version 3' }).waitFor();
      await screenshot(mobilePage, 'versions-upload');
    } finally {
      await mobile.close();
    }
  });
});
