import { milestonePaths, type TaskDetail } from '@deckvalid/contract/milestones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createAccount, signIn } from '../support/accounts';
import { type Browser, type BrowserContext, launchBrowser, type Page, screenshot, viewports } from '../support/browser';
import { acceptInterest, showInterest, submitReadyDeck } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

/**
 * The command palette and the shortcuts list in both areas, in two browsers: a founder and an
 * accepted investor each open the palette with Ctrl+K, type part of a task's title, and jump to
 * it with the arrow keys and Enter (the milestone's board opens with the task's drawer); "?"
 * shows the keyboard shortcuts except while typing in a field.
 */
let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
let investor: Awaited<ReturnType<typeof createAccount>>;
let milestoneId = '';
let task: TaskDetail;

async function openContext(viewport: keyof typeof viewports): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: viewports[viewport] });
  context.setDefaultTimeout(15_000);
  return context;
}

const searchLabel = 'Search or run a command';

/** Ctrl+K, then waits for the palette's field to take what is typed. */
async function openPalette(page: Page) {
  await page.keyboard.press('Control+K');
  await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, searchLabel);
}

/** Ctrl+K, the words typed, then the first result chosen with the keyboard alone. */
async function jumpWithPalette(page: Page, words: string, expected: string) {
  await openPalette(page);
  await page.keyboard.type(words);
  await page.getByTestId('palette-result').filter({ hasText: expected }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  [founder, investor] = await Promise.all([
    createAccount(server, 'user', 'Maya Founder'),
    createAccount(server, 'investor', 'Omar Investor'),
  ]);
  const deckId = await submitReadyDeck(server, founder, { company: 'Ledgerleaf', title: 'Ledgerleaf seed', slides: 2 });
  await acceptInterest(server, founder, deckId, await showInterest(server, investor, deckId, 'Keen.'));
  const milestone = (await callApi(server, founder, 'POST', milestonePaths.milestones, {
    pitchDeckId: deckId,
    title: 'Bank pilot',
    dueDate: '2027-06-30',
  })) as { milestone: { id: string } };
  milestoneId = milestone.milestone.id;
  await callApi(server, founder, 'PATCH', milestonePaths.status(milestoneId), { status: 'active' });
  task = (
    (await callApi(server, founder, 'POST', milestonePaths.tasks(milestoneId), {
      title: 'Sign the data-sharing agreement',
      stage: 'todo',
    })) as { task: TaskDetail }
  ).task;
  await callApi(server, founder, 'POST', milestonePaths.tasks(milestoneId), { title: 'Connect the bank sandbox' });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('command palette', () => {
  let founderContext: BrowserContext;
  let investorContext: BrowserContext;
  let founderPage: Page;
  let investorPage: Page;

  beforeAll(async () => {
    [founderContext, investorContext] = await Promise.all([openContext('desktop'), openContext('desktop')]);
    founderPage = await signIn(founderContext, founder, 'user');
    investorPage = await signIn(investorContext, investor, 'investor');
  }, 90_000);

  afterAll(async () => {
    await founderContext?.close();
    await investorContext?.close();
  });

  it('takes a founder from the keyboard to a milestone task, its drawer open', async () => {
    await jumpWithPalette(founderPage, 'data sharing', task.key);
    await founderPage.waitForURL((url) => url.pathname === `/founder/milestones/${milestoneId}`);
    expect(new URL(founderPage.url()).searchParams.get('task')).toBe(task.key);
    await founderPage.getByRole('dialog', { name: 'Sign the data-sharing agreement' }).waitFor();
  });

  it('takes an accepted investor to the same task in their own area', async () => {
    await jumpWithPalette(investorPage, 'agreement', task.key);
    await investorPage.waitForURL((url) => url.pathname === `/investor/milestones/${milestoneId}`);
    await investorPage.getByRole('dialog', { name: 'Sign the data-sharing agreement' }).waitFor();
  });

  it('says when nothing matches', async () => {
    await investorPage.goto('/investor');
    await investorPage.getByRole('heading', { level: 1 }).first().waitFor();
    await openPalette(investorPage);
    await investorPage.keyboard.type('zzqx nothing like this');
    await investorPage.getByTestId('palette-empty').waitFor();
    await investorPage.keyboard.press('Escape');
  });

  it('opens a chat with the founder from the palette, through the chat widget', async () => {
    await openPalette(investorPage);
    await investorPage.keyboard.type('open chat');
    await investorPage.getByRole('button', { name: /Open chat/ }).waitFor();
    await investorPage.keyboard.press('ArrowDown');
    await investorPage.keyboard.press('Enter');
    // No conversation yet: the person the interest ties the investor to, in a new private room.
    const panel = investorPage.getByRole('dialog', { name: 'Investor Chat' });
    await panel.waitFor();
    await expect.poll(() => panel.getByTestId('chat-conversation-title').textContent()).toBe('Maya Founder');
  });

  it('shows the shortcuts on "?" but not while "?" is typed in a field', async () => {
    for (const page of [founderPage, investorPage]) {
      await page.goto(page === founderPage ? '/founder' : '/investor');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // In the palette's search field "?" is a character: no list.
      await openPalette(page);
      await page.keyboard.type('?');
      expect(await page.getByRole('textbox', { name: searchLabel }).inputValue()).toBe('?');
      expect(await page.getByTestId('shortcuts-list').count()).toBe(0);
      await page.keyboard.press('Escape');
      await page.getByRole('textbox', { name: searchLabel }).waitFor({ state: 'hidden' });
      await page.keyboard.press('?');
      const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await list.waitFor();
      expect(await list.textContent()).toContain('Open the command palette');
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'hidden' });
    }
  });

  it('looks right at 1280 and 390 px', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const context = await openContext(viewport);
      const page = await signIn(context, founder, 'user');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The header's button: a phone has no Ctrl+K.
      await page.getByTestId('palette-button').click();
      await page.keyboard.type('bank');
      await page.getByTestId('palette-result').first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: await screenshot(page, 'command-palette') });
      // A phone has no Esc key: the palette, full screen there, has a close button.
      if (viewport === 'mobile') await page.getByRole('button', { name: 'Close the palette' }).click();
      else await page.keyboard.press('Escape');
      await page.getByRole('textbox', { name: searchLabel }).waitFor({ state: 'hidden' });
      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: await screenshot(page, 'keyboard-shortcuts') });
      await context.close();
    }
  }, 90_000);
});
