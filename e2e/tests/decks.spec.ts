import { founderDeckPaths } from '@deckvalid/contract/api-paths';
import type { DeckAnalytics } from '@deckvalid/contract/pitchdecks';
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

/** A word that appears nowhere but on page 3 of the deck this test submits. */
const hiddenWord = `quillmorph${Date.now().toString(36)}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  [founder, investor] = await Promise.all([
    createAccount(server, 'user', 'Ines Founder'),
    createAccount(server, 'investor', 'Ravi Investor'),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A five-slide deck with the hidden word on slide 3, padded so the upload takes a moment. */
const deckPdf = () =>
  samplePdf({
    company: 'Harborlight',
    slides: 5,
    body: 'Ports, tides and ships.',
    lines: { 3: `Our moat: the ${hiddenWord} dataset.` },
    paddingBytes: 1_500_000,
  });

describe('a deck from submission to a withdrawn interest', () => {
  let deckId = '';
  let founderContext: BrowserContext;
  let investorContext: BrowserContext;
  let founderPage: Page;
  let investorPage: Page;

  beforeAll(async () => {
    founderContext = await newContext(browser, server.baseUrl);
    investorContext = await newContext(browser, server.baseUrl);
    founderPage = await signIn(founderContext, founder, 'user');
    investorPage = await signIn(investorContext, investor, 'investor');
  });

  afterAll(async () => {
    await founderContext?.close();
    await investorContext?.close();
  });

  it('the founder submits a PDF, watches the upload progress, and sees the deck become ready', async () => {
    const page = founderPage;
    await page.goto('/founder/submit');
    await screenshot(page, 'deck-submit-empty');
    // A slow uplink, so the progress bar has time to move.
    const cdp = await founderContext.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 600 * 1024,
    });
    const seen = new Set<number>();
    await page
      .getByLabel('Pitch deck PDF')
      .setInputFiles({ name: 'harborlight.pdf', mimeType: 'application/pdf', buffer: await deckPdf() });
    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    await progress.waitFor();
    for (let poll = 0; poll < 200; poll += 1) {
      const value = Number(await progress.getAttribute('aria-valuenow').catch(() => null));
      if (Number.isFinite(value)) seen.add(value);
      if (value >= 100) break;
      await page.waitForTimeout(50);
    }
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(
      [...seen].some((value) => value > 0 && value < 100),
      `progress values seen: ${[...seen].join(', ')}`,
    ).toBe(true);
    expect(Math.max(...seen)).toBe(100);
    await page.getByRole('figure', { name: /Preview of the first page/ }).waitFor();

    await page.getByLabel('Company').fill('Harborlight');
    await page.getByLabel('Title').fill('Harborlight seed round');
    await page.getByLabel('One-line pitch').fill('Tide forecasts that cut berth waiting time.');
    await page.getByLabel('Sector').selectOption('Climate');
    await page.getByLabel('Stage').selectOption('Seed');
    await page.getByLabel('Amount sought (USD)').fill('1500000');
    await page.getByLabel('Location').fill('Rotterdam');
    await screenshot(page, 'deck-submit-filled');
    await page.getByRole('button', { name: 'Submit deck' }).click();
    await page.waitForURL((url) => url.pathname === '/founder/pitchdecks', { timeout: 15_000 });

    const card = page.getByTestId('deck-card').filter({ hasText: 'Harborlight seed round' });
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 20_000 }).toBe('ready');
    await expect.poll(() => card.getByTestId('deck-status').textContent()).toBe('Ready');
    deckId = (await card.getAttribute('data-deck-id')) ?? '';
    expect(deckId).toMatch(/^dck-/);
    await screenshot(page, 'deck-list');

    await page.goto(`/founder/view/${deckId}`);
    const viewer = page.getByTestId('deck-viewer');
    await expect.poll(() => viewer.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    expect(await viewer.getAttribute('data-page-count')).toBe('5');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => viewer.getAttribute('data-page')).toBe('2');
    await screenshot(page, 'deck-founder-view');
  });

  it('an investor finds it by a word inside the deck, reads it and shows interest', async () => {
    const page = investorPage;
    await page.goto('/investor');
    await page.getByLabel('Search decks').fill(hiddenWord);
    const card = page.getByTestId('deck-card');
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    expect(await card.getAttribute('data-deck-id')).toBe(deckId);
    expect(await card.getByTestId('deck-card-excerpt').locator('mark').textContent()).toBe(hiddenWord);
    await screenshot(page, 'deck-investor-search');

    await card.click();
    await page.waitForURL((url) => url.pathname === `/investor/pitchdecks/${deckId}`);
    const viewer = page.getByTestId('deck-viewer');
    await expect.poll(() => viewer.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => viewer.getAttribute('data-page')).toBe('3');
    await page.waitForTimeout(1_500);

    await page.getByRole('button', { name: 'Show interest' }).click();
    await page.getByLabel('Note').fill('The tide data moat is compelling. Can we see the pilot numbers?');
    await page.getByRole('button', { name: 'Send interest' }).click();
    await expect.poll(() => page.getByTestId('my-interest-status').textContent()).toBe('Pending');
    await screenshot(page, 'deck-investor-view');
    // Leaving the page sends the viewer's last report.
    await page.goto('/investor');
  });

  it('the founder sees the reading time and accepts the interest', async () => {
    const page = founderPage;
    const headers = authHeaders(founder.tokens);
    await expect
      .poll(
        async () => {
          const reply = await fetch(`${server.baseUrl}${founderDeckPaths.analytics(deckId)}`, { headers });
          const { analytics } = (await reply.json()) as { analytics: DeckAnalytics };
          return analytics.viewerCount === 1 && (analytics.pages[2]?.seconds ?? 0) >= 1;
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    await page.goto('/founder/my-investors');
    const row = page.getByTestId('interest-row').filter({ hasText: 'Ravi Investor' });
    await row.waitFor();
    expect(await row.getByTestId('interest-note').textContent()).toContain('tide data moat');
    await screenshot(page, 'deck-my-investors');
    await row.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => row.getByTestId('interest-status').textContent()).toBe('Accepted');

    await page.goto(`/founder/view/${deckId}`);
    await page.getByTestId('deck-analytics').waitFor();
    await screenshot(page, 'deck-founder-analytics');
  });

  it('the investor sees the acceptance and withdraws', async () => {
    const page = investorPage;
    await page.goto(`/investor/pitchdecks/${deckId}`);
    await expect.poll(() => page.getByTestId('my-interest-status').textContent(), { timeout: 15_000 }).toBe('Accepted');
    await page.getByRole('button', { name: 'Withdraw interest' }).click();
    await page.getByRole('button', { name: 'Yes, withdraw' }).click();
    await expect.poll(() => page.getByTestId('my-interest-status').textContent()).toBe('Withdrawn');
    await page.getByRole('button', { name: 'Show interest again' }).waitFor();
    await screenshot(page, 'deck-investor-withdrawn');
  });

  // Two sign-ins, four founder pages and a deck in the viewer: more than a minute on a busy machine.
  it('shows the same screens at 390 px', async () => {
    const founderMobile = await newContext(browser, server.baseUrl, 'mobile');
    const investorMobile = await newContext(browser, server.baseUrl, 'mobile');
    try {
      const founderPhone = await signIn(founderMobile, founder, 'user');
      for (const [path, name] of [
        ['/founder/submit', 'deck-submit-empty'],
        ['/founder/pitchdecks', 'deck-list'],
        [`/founder/view/${deckId}`, 'deck-founder-view'],
        ['/founder/my-investors', 'deck-my-investors'],
      ] as const) {
        await founderPhone.goto(path);
        await founderPhone.waitForLoadState('networkidle');
        await screenshot(founderPhone, name);
      }
      const investorPhone = await signIn(investorMobile, investor, 'investor');
      await investorPhone.goto(`/investor?q=${hiddenWord}`);
      await investorPhone.getByTestId('deck-card').waitFor();
      await screenshot(investorPhone, 'deck-investor-search');
      await investorPhone.goto(`/investor/pitchdecks/${deckId}`);
      await expect
        .poll(() => investorPhone.getByTestId('deck-viewer').getAttribute('data-state'), { timeout: 20_000 })
        .toBe('ready');
      await screenshot(investorPhone, 'deck-investor-view');
    } finally {
      await founderMobile.close();
      await investorMobile.close();
    }
  }, 150_000);

  it('the founder deletes the deck; investors no longer find it', async () => {
    const page = founderPage;
    await page.goto(`/founder/view/${deckId}`);
    await page.getByRole('button', { name: 'Delete deck' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this deck?' });
    await dialog.waitFor();
    // Let the modal's fade-in finish before the picture.
    await page.waitForTimeout(400);
    await screenshot(page, 'deck-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete deck' }).click();
    await page.waitForURL((url) => url.pathname === '/founder/pitchdecks');
    await page.getByTestId('empty-state').waitFor();

    await investorPage.goto(`/investor?q=${hiddenWord}`);
    await investorPage.getByTestId('deck-list-empty').waitFor();
    expect(await investorPage.getByTestId('deck-card').count()).toBe(0);
  });
});
