import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn } from '../support/accounts';
import { type Browser, launchBrowser, newContext, type Page } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';

/**
 * Founder trends: the demo founder's reading history spans twelve days
 * (apps/server/src/seed/demo-history.ts), so the 30-day range counts a view the 7-day one does
 * not; a founder without decks gets the way to submit one. Screenshots at 1280 and 390 px.
 */

const screenshotsDir = path.resolve(import.meta.dirname, '../../docs/screenshots');

async function saveScreenshot(page: Page, name: string) {
  mkdirSync(screenshotsDir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage: true });
}

const maya = { email: 'founder@demo.pitchlane.local', password: 'demo-founder-pass-2026' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '1' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const viewsOf = (page: Page) => page.getByTestId('trends-total-views').getByTestId('trends-total-value').textContent();

describe('the founder trends page', () => {
  it('changes its figures when the range changes', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await signIn(context, maya, 'user');
    await page.goto('/founder/trends');
    await page.getByTestId('trends-decks').waitFor({ timeout: 15_000 });
    const month = Number(await viewsOf(page));
    expect(month).toBeGreaterThan(0);
    expect(await page.getByTestId('trends-deck-row').count()).toBe(2);
    await page.getByTestId('trends-reading-chart').locator('svg .recharts-line').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_600);
    await saveScreenshot(page, 'founder-trends-1280');

    const period = await page.getByTestId('trends-period').textContent();
    await page.getByText('7 days', { exact: true }).click();
    await expect.poll(() => page.getByTestId('trends-period').textContent()).not.toBe(period);
    // The reading twelve days ago is in the 30 days and not in the last 7.
    await expect.poll(async () => Number(await viewsOf(page))).toBeLessThan(month);
    await context.close();
  });

  it('reads on a phone', async () => {
    const context = await newContext(browser, server.baseUrl, 'mobile');
    const page = await signIn(context, maya, 'user');
    await page.goto('/founder/trends');
    await page.getByTestId('trends-decks').waitFor({ timeout: 15_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_600);
    await saveScreenshot(page, 'founder-trends-390');
    await context.close();
  });

  it('greets a founder without decks with the way to submit one', async () => {
    const newcomer = await createAccount(server, 'user', 'Nina Newcomer');
    const context = await newContext(browser, server.baseUrl);
    const page = await signIn(context, newcomer, 'user');
    await page.goto('/founder/trends');
    await page.getByTestId('trends-empty').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('link', { name: 'Submit a pitch deck' }).count()).toBeGreaterThan(0);
    await context.close();
  });
});
