import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Double, startS3Server } from '../../apps/server/test/s3-server';
import { createAccount, signIn } from '../support/accounts';
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

/**
 * The deck flow with STORAGE_DRIVER=s3: the browser PUTs the PDF straight to a presigned URL on
 * another origin and pdf.js reads it back from there, so the CSP, the bucket's CORS rule and the
 * uploader's signed headers all have to agree. decks.spec.ts covers the rest of the flow locally.
 */

let double: S3Double;
let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
let investor: Awaited<ReturnType<typeof createAccount>>;
let deckBytes: Buffer;

/** A word that appears only inside the PDF: finding it proves the server read the file back from S3. */
const hiddenWord = `brinewort${Date.now().toString(36)}`;

/** What went wrong in a page that a test would not otherwise see: console errors and failed requests. */
type BrowserTrouble = { page: string; kind: 'console' | 'requestfailed' | 'pageerror'; text: string };
const troubles: BrowserTrouble[] = [];
/** Every request the pages sent to the bucket, as `METHOD status range`. */
const bucketRequests: string[] = [];

beforeAll(async () => {
  // The CORS rule names the product's exact origin, as a real bucket would. The rule is read per
  // request, so the origin joins it once the product has a port: choosing a port up front and
  // starting the double and the mail sink after could hand the same port to one of them.
  const allowedOrigins: string[] = [];
  double = await startS3Server({ cors: { allowedOrigins } });
  server = await startServer({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: double.endpoint,
    S3_BUCKET: double.bucket,
    S3_REGION: double.region,
    S3_ACCESS_KEY_ID: double.accessKeyId,
    S3_SECRET_ACCESS_KEY: double.secretAccessKey,
  });
  allowedOrigins.push(new URL(server.baseUrl).origin);
  browser = await launchBrowser();
  [founder, investor, deckBytes] = await Promise.all([
    createAccount(server, 'user', 'Sol Founder'),
    createAccount(server, 'investor', 'Mara Investor'),
    deckPdf(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await double?.close();
});

/**
 * Three slides and about 300 KB of incompressible padding: over pdf.js's 128 KB threshold, so it
 * may read the file in Range requests, which cross-origin need the bucket to expose its headers.
 */
const deckPdf = () =>
  samplePdf({
    company: 'Saltmarsh',
    slides: 3,
    body: 'Seaweed packaging.',
    lines: { 2: `Grown on ${hiddenWord} flats.` },
    paddingBytes: 300_000,
  });

/** Records console errors, uncaught errors and failed requests of a page, and its requests to the bucket. */
function watch(page: Page, name: string): Page {
  page.on('console', (message) => {
    if (message.type() === 'error') troubles.push({ page: name, kind: 'console', text: message.text() });
  });
  page.on('pageerror', (error) => troubles.push({ page: name, kind: 'pageerror', text: error.message }));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // pdf.js cancels its whole-file stream once Range requests serve it; that abort is expected.
    if (failure === 'net::ERR_ABORTED') return;
    troubles.push({ page: name, kind: 'requestfailed', text: `${request.method()} ${request.url()} ${failure}` });
  });
  page.on('requestfinished', async (request) => {
    if (!request.url().startsWith(double.endpoint)) return;
    const status = (await request.response())?.status() ?? 0;
    bucketRequests.push(`${request.method()} ${status} ${(await request.allHeaders()).range ?? 'whole'}`);
  });
  return page;
}

/** A cross-origin or policy refusal, whichever words Chromium uses for it. */
const isCspOrCors = (trouble: BrowserTrouble) =>
  /content security policy|CORS|Access-Control|cross-origin|ERR_FAILED|BLOCKED/i.test(trouble.text);

describe('a deck stored in S3, in the browser', () => {
  let deckId = '';
  let founderContext: BrowserContext;
  let investorContext: BrowserContext;

  beforeAll(async () => {
    founderContext = await newContext(browser, server.baseUrl);
    investorContext = await newContext(browser, server.baseUrl);
  });

  afterAll(async () => {
    await founderContext?.close();
    await investorContext?.close();
  });

  it('the founder uploads straight to the bucket and reads the deck back from it', async () => {
    const page = watch(await signIn(founderContext, founder, 'user'), 'founder');
    await page.goto('/founder/submit');
    await page
      .getByLabel('Pitch deck PDF')
      .setInputFiles({ name: 'saltmarsh.pdf', mimeType: 'application/pdf', buffer: deckBytes });
    await page.getByRole('figure', { name: /Preview of the first page/ }).waitFor();
    await page.getByLabel('Company').fill('Saltmarsh');
    await page.getByLabel('Title').fill('Saltmarsh pre-seed');
    await page.getByLabel('One-line pitch').fill('Packaging grown from seaweed, compostable in weeks.');
    await page.getByLabel('Sector').selectOption('Climate');
    await page.getByLabel('Stage').selectOption('Pre-seed');
    await page.getByLabel('Amount sought (USD)').fill('750000');
    await page.getByLabel('Location').fill('Galway');
    await screenshot(page, 'deck-s3-submit-filled');
    await page.getByRole('button', { name: 'Submit deck' }).click();
    await page.waitForURL((url) => url.pathname === '/founder/pitchdecks', { timeout: 15_000 });

    const card = page.getByTestId('deck-card').filter({ hasText: 'Saltmarsh pre-seed' });
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 20_000 }).toBe('ready');
    deckId = (await card.getAttribute('data-deck-id')) ?? '';
    expect(deckId).toMatch(/^dck-/);
    // The bytes the browser chose are the bytes the bucket holds, under the type it was signed for.
    const stored = [...double.objects.values()].filter((object) => object.body.equals(deckBytes));
    expect(stored).toEqual([{ body: deckBytes, contentType: 'application/pdf' }]);
    expect(bucketRequests.filter((line) => line.startsWith('PUT 200'))).toHaveLength(1);
    await screenshot(page, 'deck-s3-list');

    await page.goto(`/founder/view/${deckId}`);
    const viewer = page.getByTestId('deck-viewer');
    await expect.poll(() => viewer.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    expect(await viewer.getAttribute('data-page-count')).toBe('3');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => viewer.getAttribute('data-page')).toBe('2');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'deck-s3-founder-view');
  });

  it('an investor finds it by a word inside the PDF and reads it from the bucket', async () => {
    const page = watch(await signIn(investorContext, investor, 'investor'), 'investor');
    await page.getByLabel('Search decks').fill(hiddenWord);
    const card = page.getByTestId('deck-card');
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    expect(await card.getAttribute('data-deck-id')).toBe(deckId);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'deck-s3-investor-search');

    // A slow downlink, so pdf.js asks for the end of the file (its cross-reference table) in a
    // Range request before the whole-file stream gets there: the cross-origin range path.
    const cdp = await investorContext.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 100 * 1024,
      uploadThroughput: -1,
    });
    const rangeReadsBefore = bucketRequests.filter((line) => line.startsWith('GET 206')).length;
    await card.click();
    await page.waitForURL((url) => url.pathname === `/investor/pitchdecks/${deckId}`);
    const viewer = page.getByTestId('deck-viewer');
    await expect.poll(() => viewer.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(bucketRequests.filter((line) => line.startsWith('GET 206')).length).toBeGreaterThan(rangeReadsBefore);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => viewer.getAttribute('data-page')).toBe('2');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'deck-s3-investor-view');
  });

  it('no page met a CSP or CORS refusal on the way', () => {
    console.info(`bucket requests from the browser:\n  ${bucketRequests.join('\n  ')}`);
    expect(troubles.filter(isCspOrCors)).toEqual([]);
    // Reads went to the bucket, not through the server: the viewer and thumbnails fetched from it.
    expect(bucketRequests.filter((line) => /^GET 20[06] /.test(line)).length).toBeGreaterThan(0);
    expect(bucketRequests.filter((line) => !/^(PUT 200|GET 20[06]) /.test(line))).toEqual([]);
  });
});
