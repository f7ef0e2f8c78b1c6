import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { investorDeckPaths } from '@deckvalid/contract/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createAccount, signIn } from '../support/accounts';
import { type Browser, launchBrowser, newContext, type Page } from '../support/browser';
import { submitReadyDeck } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

/**
 * The company page: an investor who read a deck follows the search card's Company tag
 * to the founder's company and sees its stock chart drawn from that reading; the deck page's
 * company name leads there too. The demo (SEED_DEMO) gives the screenshots Ledgerleaf with its two
 * rounds, interests in every status and a milestone the demo investor follows.
 */

const screenshotsDir = path.resolve(import.meta.dirname, '../../docs/screenshots');

async function saveScreenshot(page: Page, name: string) {
  mkdirSync(screenshotsDir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage: true });
}

/** The demo investor who is accepted on Ledgerleaf (apps/server/src/seed/demo.ts). */
const ravi = { email: 'ravi@demo.pitchlane.local', password: 'demo-investor-pass-2026' };

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
let investor: Awaited<ReturnType<typeof createAccount>>;
let deckId = '';

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '1' });
  browser = await launchBrowser();
  [founder, investor] = await Promise.all([
    createAccount(server, 'user', 'Ines Duarte'),
    createAccount(server, 'investor', 'Theo Brandt'),
  ]);
  deckId = await submitReadyDeck(server, founder, { company: 'Saltmarsh Grid', title: 'Saltmarsh seed round' });
  // Theo reads the deck for 40 seconds: one view, the stock chart's first point.
  const read = await fetch(`${server.baseUrl}${investorDeckPaths.views(deckId)}`, {
    method: 'POST',
    headers: { ...authHeaders(investor.tokens), 'content-type': 'application/json' },
    body: JSON.stringify({
      sessionId: crypto.randomUUID(),
      pages: [
        { page: 1, seconds: 25 },
        { page: 2, seconds: 15 },
      ],
    }),
  });
  if (read.status !== 204) throw new Error(`the view report answered ${read.status}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the company page', () => {
  it('an investor who read a deck opens its company from the search card and sees the chart of that reading', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await signIn(context, investor, 'investor');
    await page.getByLabel('Search decks').fill('Saltmarsh');
    await expect.poll(() => page.getByTestId('deck-card').count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('link', { name: 'Company page: Saltmarsh Grid' }).click();
    await page.waitForURL((url) => url.pathname === `/investor/company/${founder.user.id}`);

    await page.getByTestId('company-page').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Saltmarsh Grid');
    const chart = page.getByTestId('company-stock');
    expect(await chart.textContent()).toContain('1 views');
    // The chart is an svg with both series: reading time as a line, interests as bars.
    const svg = chart.locator('svg.recharts-surface').first();
    await svg.waitFor();
    expect(await svg.locator('.recharts-line').count()).toBe(1);
    expect(await svg.locator('.recharts-bar').count()).toBe(1);
    // One week since the deck went live: the line is its one point, at Theo's 40 seconds.
    expect(await svg.locator('.recharts-line-dot').count()).toBe(1);
    expect(await chart.locator('tbody tr').first().textContent()).toContain('40 s');
    // No other investor's name reaches the page: the count only.
    expect(await page.getByTestId('company-interested').textContent()).toContain('0');

    // The deck's own page leads back to its company through the company name.
    await page.getByRole('link', { name: 'Open deck' }).click();
    await page.waitForURL((url) => url.pathname === `/investor/pitchdecks/${deckId}`);
    await page.getByTestId('deck-company-link').click();
    await page.waitForURL((url) => url.pathname === `/investor/company/${founder.user.id}`);
    await page.getByTestId('company-page').waitFor();
    await context.close();
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`shows the demo company to its accepted investor, with the milestone they follow (${viewport})`, async () => {
      const context = await newContext(browser, server.baseUrl, viewport);
      const page = await signIn(context, ravi, 'investor');
      await page.getByLabel('Search decks').fill('Ledgerleaf');
      // Both of Ledgerleaf's rounds; either card's company name leads to the one company.
      await expect.poll(() => page.getByTestId('deck-card').count(), { timeout: 15_000 }).toBe(2);
      await page.getByTestId('deck-card-company').first().click();
      await page.getByTestId('company-page').waitFor({ timeout: 15_000 });
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Ledgerleaf');
      expect(await page.getByTestId('company-deck').count()).toBe(2);
      expect(await page.getByTestId('company-milestones').textContent()).toContain('tasks done');
      await page.getByTestId('company-stock').locator('svg.recharts-surface').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.waitForLoadState('networkidle');
      // Recharts draws its line in with an animation; the picture waits for it.
      await page.waitForTimeout(1_600);
      await saveScreenshot(page, `company-page-${viewport === 'desktop' ? 1280 : 390}`);
      await context.close();
    });
  }
});
