import { founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createAccount, signIn } from '../support/accounts';
import { type Browser, launchBrowser, newContext } from '../support/browser';
import { submitReadyDeck } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
let investor: Awaited<ReturnType<typeof createAccount>>;
const deckIds: string[] = [];

/** A ready deck of the founder's for the home screens. */
const submitHomeDeck = (title: string) =>
  submitReadyDeck(server, founder, {
    company: `${title} Co`,
    title,
    pitch: 'A deck for the home screens.',
    amountSought: 750_000,
    location: 'Oslo',
    body: 'Homes, decks and readers.',
  });

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  [founder, investor] = await Promise.all([
    createAccount(server, 'user', 'Hana Founder'),
    createAccount(server, 'investor', 'Ravi Reader'),
  ]);
  deckIds.push(await submitHomeDeck('Fjordlight seed'), await submitHomeDeck('Saltmarsh pre-seed'));
  const investorHeaders = { ...authHeaders(investor.tokens), 'content-type': 'application/json' };
  const shown = await fetch(`${server.baseUrl}${investorDeckPaths.interests(deckIds[0] ?? '')}`, {
    method: 'POST',
    headers: investorHeaders,
    body: JSON.stringify({ note: 'Keen to hear about the pilots.' }),
  });
  if (shown.status !== 201) throw new Error(`showing interest answered ${shown.status}`);
  // Twenty seconds of reading on the first deck: the founder's week and recent readers show it.
  const viewed = await fetch(`${server.baseUrl}${investorDeckPaths.views(deckIds[0] ?? '')}`, {
    method: 'POST',
    headers: investorHeaders,
    body: JSON.stringify({ sessionId: crypto.randomUUID(), pages: [{ page: 1, seconds: 20 }] }),
  });
  if (viewed.status !== 204) throw new Error(`reporting a view answered ${viewed.status}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the homes', () => {
  it("the founder sees their decks, the week's reading and the reader, and accepts the interest in place", async () => {
    const context = await newContext(browser, server.baseUrl);
    try {
      const page = await signIn(context, founder, 'user');
      const ready = page.getByTestId('home-decks-ready').getByTestId('home-decks-count');
      await expect.poll(() => ready.textContent()).toBe('2');
      expect(await page.getByTestId('home-decks-failed').getByTestId('home-decks-count').textContent()).toBe('0');
      expect(await page.getByRole('link', { name: /Submit your first deck/ }).count()).toBe(0);

      await expect.poll(() => page.getByTestId('home-week-time').textContent()).toBe('20 s');
      expect(await page.getByTestId('home-week-viewers').textContent()).toBe('1');
      const reader = page.getByTestId('home-reader').first();
      await expect.poll(() => reader.textContent()).toContain('Ravi Reader');
      expect(await reader.textContent()).toContain('Fjordlight seed');

      const row = page.getByTestId('interest-row');
      await row.getByRole('button', { name: 'Accept' }).click();
      // Answered, the interest leaves the list of those waiting.
      await page.getByTestId('home-interests-empty').waitFor();
      const stored = await fetch(`${server.baseUrl}${founderDeckPaths.myInterests}`, {
        headers: authHeaders(founder.tokens),
      });
      const { data } = (await stored.json()) as { data: { status: string }[] };
      expect(data.map((interest) => interest.status)).toEqual(['accepted']);
    } finally {
      await context.close();
    }
  });

  it('the investor sees the interest on /investor, with the search still first on a phone', async () => {
    const context = await newContext(browser, server.baseUrl, 'mobile');
    try {
      const page = await signIn(context, investor, 'investor');
      const accepted = page.getByTestId('home-my-interests-accepted');
      await expect.poll(() => accepted.textContent()).toBe('Accepted1');
      const search = page.getByLabel('Search decks');
      const box = await search.boundingBox();
      expect(box && box.y + box.height).toBeLessThan(844);

      await accepted.click();
      const link = page.getByTestId('home-my-interest').getByRole('link', { name: 'Fjordlight seed' });
      await link.click();
      await page.waitForURL((url) => url.pathname === `/investor/pitchdecks/${deckIds[0]}`);
    } finally {
      await context.close();
    }
  });
});
