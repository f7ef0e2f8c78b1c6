import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { type Browser, launchBrowser, newContext, type Page, viewports } from '../support/browser';
import { submitReadyDeck } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

/**
 * Browse by thesis: an investor sets sectors, a stage, a ticket size and a place in their info,
 * then finds the deck that fits first, with why on its card, and keeps only such decks with
 * "Matches my thesis". Screenshots at 1280 and 390 px go to SHOTS_DIR (default /tmp/shots).
 */

const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots';

async function shot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
}

let server: RunningServer;
let browser: Browser;
let investor: Awaited<ReturnType<typeof createAccount>>;
const fullReason = 'Matches your thesis: Fintech · Seed · $1.8M within your $0.5–2M · Berlin, Germany';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const founder = await createAccount(server, 'user', 'Ines Duarte');
  investor = await createAccount(server, 'investor', 'Theo Brandt');
  // Submitted oldest first: newest-first browse would put the matching deck last.
  await submitReadyDeck(server, founder, {
    company: 'Tallyo',
    title: 'Cash-flow forecasts for small firms',
    sector: 'Fintech',
    stage: 'Seed',
    amountSought: 1_800_000,
    location: 'Berlin, Germany',
  });
  await submitReadyDeck(server, founder, {
    company: 'Medimo',
    title: 'Clinic scheduling',
    sector: 'Health',
    stage: 'Series A',
    amountSought: 6_000_000,
    location: 'Lisbon',
  });
  await submitReadyDeck(server, founder, {
    company: 'Ledgerleaf',
    title: 'Bookkeeping for farms',
    sector: 'Fintech',
    stage: 'Series A',
    amountSought: 4_000_000,
    location: 'Rotterdam',
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Picks `option` in the MultiSelect labelled `label`. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('browse by thesis', () => {
  it('an investor who sets a thesis sees the fitting deck first, with why, and filters to matches', async () => {
    // bypassCSP: the product's `script-src 'self'` (rightly) refuses axe's inline script tag.
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: viewports.desktop, bypassCSP: true });
    const page = await signIn(context, investor, 'investor');
    // No info yet: browse is newest first, with no thesis line, and the prompt to add the info.
    await expect.poll(() => page.getByTestId('deck-card').count(), { timeout: 15_000 }).toBe(3);
    expect(await page.getByTestId('thesis-fit').count()).toBe(0);
    expect(await page.getByText('Tell founders who you are').count()).toBe(1);
    expect(await page.getByRole('switch', { name: 'Matches my thesis' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Complete your investor info' }).click();
    await page.waitForURL((url) => url.pathname === '/investor/profile');
    await page.getByRole('textbox', { name: /^Firm/ }).fill('Harbour Ventures');
    await pick(page, 'Sectors', 'Fintech');
    await pick(page, 'Stages', 'Seed');
    await page.getByRole('textbox', { name: 'Ticket size from (USD)' }).fill('500000');
    await page.getByRole('textbox', { name: 'Ticket size to (USD)' }).fill('2000000');
    const places = page.getByRole('combobox', { name: 'Places you invest in' });
    await places.fill('Germany');
    await places.press('Enter');
    await shot(page, 'thesis-info');
    await page.getByRole('button', { name: 'Save investor info' }).click();
    await page.getByText('Your investor info is saved.').waitFor();
    // Dismissed, so the screenshots below show the cards rather than the toast over them.
    await page.locator('.mantine-Notification-root').getByRole('button').click();

    await page.getByRole('link', { name: 'Browse decks' }).first().click();
    await page.waitForURL((url) => url.pathname === '/investor');
    const first = page.getByTestId('deck-card').first();
    await expect.poll(() => first.getByTestId('thesis-fit').textContent(), { timeout: 15_000 }).toBe(fullReason);
    expect(await first.textContent()).toContain('Tallyo');
    expect(await first.getByTestId('thesis-fit').getAttribute('data-match')).toBe('true');
    // Ledgerleaf meets the sector only; Medimo nothing, so it says nothing of the thesis.
    const cards = page.getByTestId('deck-card');
    expect(await cards.nth(1).getByTestId('thesis-fit').textContent()).toBe('Fits 1 of 4: Fintech');
    expect(await cards.nth(2).getByTestId('thesis-fit').count()).toBe(0);
    expect(await page.getByTestId('deck-list-count').textContent()).toBe('3 decks, best fit first');
    await shot(page, 'thesis-browse');
    // The thesis lines, full and partial, and the switch read as the rest of the page does. The
    // pointer and focus leave the nav link clicked above: its hover shade is not the page's.
    await page.mouse.move(700, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await axeViolations(page)).toEqual([]);

    // Keyboard, as a person tabbing to it would: Mantine's switch input is drawn as its track.
    await page.getByRole('switch', { name: 'Matches my thesis' }).focus();
    await page.keyboard.press('Space');
    await page.waitForURL((url) => url.searchParams.get('thesis') === 'match');
    await expect.poll(() => page.getByTestId('deck-card').count()).toBe(1);
    expect(await page.getByRole('switch', { name: 'Matches my thesis' }).isChecked()).toBe(true);
    expect(await page.getByTestId('deck-list-count').textContent()).toBe('1 deck matching your thesis');
    expect(await page.getByTestId('thesis-fit').textContent()).toBe(fullReason);
    await shot(page, 'thesis-filter');

    // The deck page says the same.
    await page.getByTestId('deck-card').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/investor/pitchdecks/'));
    await expect.poll(() => page.getByTestId('thesis-fit').textContent(), { timeout: 15_000 }).toBe(fullReason);
    await shot(page, 'thesis-deck');
    await context.close();
  });

  it('reads as well on a phone', async () => {
    const context = await newContext(browser, server.baseUrl, 'mobile');
    const page = await signIn(context, investor, 'investor');
    await page.goto('/investor?thesis=match');
    await expect.poll(() => page.getByTestId('thesis-fit').textContent(), { timeout: 15_000 }).toBe(fullReason);
    expect(await page.getByRole('switch', { name: 'Matches my thesis' }).isChecked()).toBe(true);
    await shot(page, 'thesis-filter');
    await page.goto('/investor/profile');
    await page.getByRole('combobox', { name: 'Places you invest in' }).waitFor();
    await shot(page, 'thesis-info');
    await context.close();
  });
});
