import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn } from '../support/accounts';
import { type Browser, launchBrowser, newContext, screenshot, viewports } from '../support/browser';
import { submitReadyDeck } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
let investor: Awaited<ReturnType<typeof createAccount>>;
let deckId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  [founder, investor] = await Promise.all([
    createAccount(server, 'user', 'Ines Fitting'),
    createAccount(server, 'investor', 'Ravi Fitting'),
  ]);
  deckId = await submitReadyDeck(server, founder, { company: 'Fjordlight', title: 'Fjordlight seed', slides: 5 });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the deck viewer', () => {
  // Issue 18: at 1280×800 the default zoom (fit width) cropped the slide's bottom on the investor's
  // deck page. The default is "fit page": the whole slide inside the window, without scrolling.
  it.each([
    ['investor', 'desktop'],
    ['investor', 'mobile'],
    ['founder', 'desktop'],
    ['founder', 'mobile'],
  ] as const)('shows the %s the whole first slide at %s size by default', async (who, viewport) => {
    const context = await newContext(browser, server.baseUrl, viewport);
    try {
      const page = await signIn(
        context,
        who === 'investor' ? investor : founder,
        who === 'investor' ? 'investor' : 'user',
      );
      await page.goto(who === 'investor' ? `/investor/pitchdecks/${deckId}` : `/founder/view/${deckId}`);
      const slide = page.getByTestId('deck-viewer-stage').locator('canvas').first();
      await slide.waitFor({ timeout: 20_000 });
      await expect.poll(() => page.getByLabel('Zoom 100 percent').count()).toBe(1);
      const stage = await page.getByTestId('deck-viewer-stage').boundingBox();
      const box = await slide.boundingBox();
      if (!box || !stage) throw new Error('the slide has no box');
      const { width, height } = viewports[viewport];
      // The slide's bottom edge is inside the window, and the slide is inside the stage's width.
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      expect(box.x).toBeGreaterThanOrEqual(stage.x);
      expect(box.x + box.width).toBeLessThanOrEqual(Math.min(width, stage.x + stage.width) + 1);
      // Fitting by height must not shrink it to a stamp: at least half the stage's width on a laptop.
      if (viewport === 'desktop' && who === 'investor') expect(box.width).toBeGreaterThan(stage.width / 2);
      await screenshot(page, `viewer-fit-${who}`);
    } finally {
      await context.close();
    }
  });
});
