import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn } from '../support/accounts';
import { type Browser, type BrowserContext, launchBrowser, type Page, viewports } from '../support/browser';
import { showInterest, submitReadyDeck } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

/**
 * "New conversation" in the chat widget starts a private room and a group from every page a
 * person starts on. The widget's call once had a twin under the same endpoint name with another
 * argument shape, and whichever module a page loaded first decided whether starting a
 * conversation worked; so each page here is a fresh load, and each private room is with someone
 * not yet talked to (an existing room opens without asking the server).
 */
const shotsDir = '/tmp/shots';

type Account = Awaited<ReturnType<typeof createAccount>>;

let server: RunningServer;
let browser: Browser;
let founder: Account;
let investors: Account[];
let investor: Account;
let founders: Account[];
let founderDeckId: string;
let investorDeckId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  founder = await createAccount(server, 'user', 'Ines Founder');
  investor = await createAccount(server, 'investor', 'Theo Investor');
  // One investor per founder page, one founder per investor page: each start is a first.
  investors = await Promise.all(
    ['Ana', 'Bo', 'Cy', 'Dee', 'Eli'].map((name) => createAccount(server, 'investor', `${name} Investor`)),
  );
  founders = await Promise.all(['Fay', 'Gus', 'Hal'].map((name) => createAccount(server, 'user', `${name} Founder`)));
  founderDeckId = await submitReadyDeck(server, founder, { company: 'Lumenfield', title: 'Lumenfield seed round' });
  for (const each of investors) await showInterest(server, each, founderDeckId, 'Interested in the round.');
  const deckIds = await Promise.all(
    founders.map((each, index) =>
      submitReadyDeck(server, each, { company: `Northstar ${index + 1}`, title: `Northstar ${index + 1} seed` }),
    ),
  );
  for (const deckId of deckIds) await showInterest(server, investor, deckId, 'Can we see the pilot numbers?');
  investorDeckId = deckIds[0] as string;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * On a freshly loaded `path`: the widget's New → `other` opens the private room, then New →
 * New group with `other` opens the group.
 */
async function startBothFrom(page: Page, path: string, title: string, other: Account, otherRole: string) {
  await page.goto(path);
  await page.getByTestId('chat-launcher').click();
  const panel = page.getByRole('dialog', { name: title });
  await panel.waitFor();
  await panel.getByRole('button', { name: 'New conversation' }).click();
  await panel.getByRole('button', { name: `Message ${other.name}, ${otherRole}` }).click();
  await expect.poll(() => panel.getByTestId('chat-conversation-title').textContent()).toBe(other.name);
  expect(await panel.getByRole('alert').count()).toBe(0);

  const group = `Round table ${path}`;
  await panel.getByRole('button', { name: 'New conversation' }).click();
  await panel.getByRole('button', { name: 'New group' }).click();
  const form = panel.getByRole('form', { name: 'New group' });
  await form.getByRole('textbox', { name: 'Group name' }).fill(group);
  await form.getByRole('checkbox', { name: `${other.name} · ${otherRole}` }).check();
  await form.getByRole('button', { name: 'Create group' }).click();
  await expect.poll(() => panel.getByTestId('chat-conversation-title').textContent()).toBe(group);
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/chat-open-${path.replaceAll('/', '_')}.png` });
  // Closed again, so the next page starts as a person arriving there would.
  await page.keyboard.press('Escape');
}

describe('"New conversation" from every page a person starts on', () => {
  let founderContext: BrowserContext;
  let investorContext: BrowserContext;

  beforeAll(async () => {
    const open = () => browser.newContext({ baseURL: server.baseUrl, viewport: viewports.desktop, bypassCSP: true });
    [founderContext, investorContext] = await Promise.all([open(), open()]);
  });

  afterAll(async () => {
    await founderContext?.close();
    await investorContext?.close();
  });

  // Five and three fresh page loads each: longer than one screen's test on a loaded machine.
  it('works for a founder from the home, the decks, a deck, the investors and the milestones', {
    timeout: 180_000,
  }, async () => {
    const page = await signIn(founderContext, founder, 'user');
    const starts = [
      '/founder',
      '/founder/pitchdecks',
      `/founder/view/${founderDeckId}`,
      '/founder/my-investors',
      '/founder/milestones',
    ];
    for (const [index, path] of starts.entries()) {
      await startBothFrom(page, path, 'Founder Chat', investors[index] as Account, 'Investor');
    }
  });

  it('works for an investor from browse, a deck and its analysis page', { timeout: 120_000 }, async () => {
    const page = await signIn(investorContext, investor, 'investor');
    const starts = ['/investor', `/investor/pitchdecks/${investorDeckId}`, `/analysis/${investorDeckId}`];
    for (const [index, path] of starts.entries()) {
      await startBothFrom(page, path, 'Investor Chat', founders[index] as Account, 'Founder');
    }
  });
});
