import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { type Browser, type BrowserContext, launchBrowser, type Page, viewports } from '../support/browser';
import { showInterest, submitReadyDeck } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

/**
 * Conversations started and found from the widget (issue 18, "Chat that can start things"): a
 * private room and a group started with "New", and a word from an old message searched on the
 * server and landed on. Two contexts, a founder and an investor.
 */
const shotsDir = '/tmp/shots';

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
let investor: Awaited<ReturnType<typeof createAccount>>;
let secondInvestor: Awaited<ReturnType<typeof createAccount>>;

async function shot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/chat-start-${name}.png` });
}

const openContext = (viewport: keyof typeof viewports) =>
  browser.newContext({ baseURL: server.baseUrl, viewport: viewports[viewport], bypassCSP: true });

const panel = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** Messages the log holds now, as stored (each with its seq). */
const storedSeqs = (page: Page) =>
  page
    .getByRole('log')
    .locator('[data-testid="chat-message"][data-seq]')
    .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-seq'))));

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  [founder, investor, secondInvestor] = await Promise.all([
    createAccount(server, 'user', 'Ines Founder'),
    createAccount(server, 'investor', 'Ravi Investor'),
    createAccount(server, 'investor', 'Maya Investor'),
  ]);
  const deckId = await submitReadyDeck(server, founder, {
    company: 'Lumenfield',
    title: 'Lumenfield seed round',
    slides: 2,
  });
  await showInterest(server, investor, deckId, 'Can we see the pilot numbers?');
  await showInterest(server, secondInvestor, deckId, 'Interested in the round.');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('starting and finding conversations in the widget', () => {
  let founderContext: BrowserContext;
  let investorContext: BrowserContext;
  let founderPage: Page;
  let investorPage: Page;

  beforeAll(async () => {
    [founderContext, investorContext] = await Promise.all([openContext('desktop'), openContext('desktop')]);
    founderPage = await signIn(founderContext, founder, 'user');
    investorPage = await signIn(investorContext, investor, 'investor');
  });

  afterAll(async () => {
    await founderContext?.close();
    await investorContext?.close();
  });

  it('starts a private room with "New", writes in it, and lands on an old message found by search', async () => {
    await investorPage.goto('/investor');
    await investorPage.getByTestId('chat-launcher').click();
    const investorPanel = panel(investorPage, 'Investor Chat');
    await investorPanel.waitFor();
    await investorPanel.getByText('No rooms yet.').waitFor();
    await investorPanel.getByRole('button', { name: 'New conversation' }).click();
    // The "+" is replaced by the start view, which takes the focus (keyboard use carries on).
    await expect.poll(() => investorPage.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Back');
    // The people an interest ties the investor to: the founder only.
    const contact = investorPanel.getByRole('button', { name: 'Message Ines Founder, Founder' });
    await contact.waitFor();
    expect(await investorPanel.getByTestId('chat-contact').count()).toBe(1);
    await shot(investorPage, 'new-1280');
    await contact.click();
    await expect.poll(() => investorPanel.getByTestId('chat-conversation-title').textContent()).toBe('Ines Founder');
    await expect.poll(() => investorPanel.getByTestId('chat-connection').getAttribute('data-connected')).toBe('true');

    // An old message, then enough newer ones that it is beyond the first page of history (20).
    const input = investorPanel.getByRole('textbox', { name: 'Message Ines Founder' });
    const sends = [
      'The pelican metrics from the pilot look strong',
      ...Array.from({ length: 24 }, (_, i) => `Follow-up note ${i + 1}`),
    ];
    for (const [index, text] of sends.entries()) {
      await input.fill(text);
      await input.press('Enter');
      // One at a time, each stored before the next: the account's send bucket is never in question.
      await expect.poll(async () => (await storedSeqs(investorPage)).length, { timeout: 15_000 }).toBe(index + 1);
    }

    // The founder searches a word of the old message and lands on it.
    await founderPage.goto('/founder');
    await founderPage.getByTestId('chat-launcher').click();
    const founderPanel = panel(founderPage, 'Founder Chat');
    await founderPanel.waitFor();
    await founderPanel.getByTestId('chat-room').first().waitFor();
    const search = founderPanel.getByRole('searchbox', { name: 'Search rooms or messages' });
    const hit = founderPanel.getByTestId('chat-search-hit');
    // Results come a page (20) at a time, newest first; older ones on request.
    await search.fill('follow-up');
    await expect.poll(() => hit.count()).toBe(20);
    expect(await hit.first().textContent()).toMatch(/Follow-up note 24$/);
    await founderPanel.getByRole('button', { name: 'Show older messages' }).click();
    await expect.poll(() => hit.count()).toBe(24);
    expect(await hit.last().textContent()).toMatch(/Follow-up note 1$/);
    await search.fill('pelic');
    await expect.poll(() => hit.count()).toBe(1);
    expect(await hit.first().textContent()).toContain('The pelican metrics from the pilot look strong');
    await shot(founderPage, 'search-1280');
    await hit.first().click();
    const highlighted = founderPanel.getByRole('log').locator('[data-highlighted="true"]');
    await highlighted.waitFor();
    expect(await highlighted.getByTestId('chat-message-content').textContent()).toBe(
      'The pelican metrics from the pilot look strong',
    );
    // Paged back to it: the log holds seq 1 to 25 without a hole, and the message is in view.
    await expect
      .poll(async () => (await storedSeqs(founderPage)).join(','))
      .toBe(Array.from({ length: 25 }, (_, i) => i + 1).join(','));
    const isInView = await highlighted.evaluate((node) => {
      const log = node.closest('[role="log"]') as HTMLElement;
      const box = log.getBoundingClientRect();
      const rect = node.getBoundingClientRect();
      return rect.top >= box.top && rect.bottom <= box.bottom;
    });
    expect(isInView).toBe(true);
    // A day separator heads the conversation.
    expect(await founderPanel.getByTestId('chat-day-separator').first().textContent()).toBe('Today');
    await shot(founderPage, 'landed-1280');
    expect(await axeViolations(founderPage)).toEqual([]);
  });

  it('lets the founder create a group of tied investors, rename it and add to it; the investor sees it', async () => {
    const founderPanel = panel(founderPage, 'Founder Chat');
    await founderPanel.getByRole('searchbox', { name: 'Search rooms or messages' }).fill('');
    await founderPanel.getByRole('button', { name: 'New conversation' }).click();
    await founderPanel.getByRole('button', { name: 'New group' }).click();
    const form = founderPanel.getByRole('form', { name: 'New group' });
    await form.waitFor();
    // Nothing chosen yet: the form says what is missing instead of sending.
    await form.getByRole('textbox', { name: 'Group name' }).fill('Seed syndicate');
    await form.getByRole('button', { name: 'Create group' }).click();
    await form.getByText('Choose at least one person.').waitFor();
    await form.getByRole('checkbox', { name: 'Ravi Investor · Investor' }).check();
    await shot(founderPage, 'group-form-1280');
    await form.getByRole('button', { name: 'Create group' }).click();
    await expect.poll(() => founderPanel.getByTestId('chat-conversation-title').textContent()).toBe('Seed syndicate');
    const founderInput = founderPanel.getByRole('textbox', { name: 'Message Seed syndicate' });
    await founderInput.fill('Welcome to the syndicate');
    await founderInput.press('Enter');

    // The investor sees the group arrive live and replies: the founder sees his name and avatar.
    const investorPanel = panel(investorPage, 'Investor Chat');
    const groupRow = investorPanel.getByTestId('chat-room').filter({ hasText: 'Seed syndicate' });
    await groupRow.waitFor();
    await groupRow.click();
    const investorInput = investorPanel.getByRole('textbox', { name: 'Message Seed syndicate' });
    await investorInput.fill('Glad to be here');
    await investorInput.press('Enter');
    const founderLog = founderPanel.getByRole('log');
    await founderLog.getByText('Glad to be here').waitFor();
    await founderLog.getByText('Ravi Investor', { exact: true }).waitFor();

    // Renamed by its creator: both see the new name.
    await founderPanel.getByRole('button', { name: 'Options for Seed syndicate' }).click();
    await founderPanel.getByRole('menuitem', { name: 'Rename group' }).click();
    const name = founderPanel.getByRole('textbox', { name: 'Group name' });
    await name.fill('Seed syndicate 2026');
    await name.press('Enter');
    await expect
      .poll(() => founderPanel.getByTestId('chat-conversation-title').textContent())
      .toBe('Seed syndicate 2026');
    await expect
      .poll(() => investorPanel.getByTestId('chat-conversation-title').textContent())
      .toBe('Seed syndicate 2026');

    // The second investor is added; the group now holds three.
    await founderPanel.getByRole('button', { name: 'Options for Seed syndicate 2026' }).click();
    await founderPanel.getByRole('menuitem', { name: 'Add people' }).click();
    await founderPanel.getByRole('checkbox', { name: 'Maya Investor' }).check();
    await shot(founderPage, 'add-people-1280');
    await founderPanel.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => founderPanel.getByText('3 people').count()).toBe(1);
    await shot(founderPage, 'group-1280');
    // The investor is a member, not the creator: no rename or add for them.
    await investorPanel.getByRole('button', { name: 'Options for Seed syndicate 2026' }).click();
    await investorPanel.getByRole('menuitem', { name: 'Leave group' }).waitFor();
    expect(await investorPanel.getByRole('menuitem', { name: 'Rename group' }).count()).toBe(0);
    await investorPage.keyboard.press('Escape');
  });

  it('on a phone: New, search and the landed message fit the screen', async () => {
    const phone = await openContext('mobile');
    try {
      const page = await signIn(phone, founder, 'user');
      await page.goto('/founder');
      await page.getByTestId('chat-launcher').click();
      const phonePanel = panel(page, 'Founder Chat');
      await phonePanel.getByTestId('chat-room').first().waitFor();
      await phonePanel.getByRole('button', { name: 'New conversation' }).click();
      await phonePanel.getByTestId('chat-contact').first().waitFor();
      await shot(page, 'new-390');
      await phonePanel.getByRole('button', { name: 'Back' }).click();
      await phonePanel.getByRole('searchbox', { name: 'Search rooms or messages' }).fill('pelican');
      await phonePanel.getByTestId('chat-search-hit').first().waitFor();
      await shot(page, 'search-390');
      await phonePanel.getByTestId('chat-search-hit').first().click();
      await phonePanel.getByRole('log').locator('[data-highlighted="true"]').waitFor();
      await shot(page, 'landed-390');
      // The group on a phone: names and avatars beside the others' messages.
      await phonePanel.getByRole('button', { name: 'Back' }).click();
      await phonePanel.getByRole('searchbox', { name: 'Search rooms or messages' }).fill('');
      await phonePanel.getByTestId('chat-room').filter({ hasText: 'Seed syndicate 2026' }).click();
      await phonePanel.getByRole('log').getByText('Glad to be here').waitFor();
      await shot(page, 'group-390');
    } finally {
      await phone.close();
    }
  });

  it('keeps "Submit deck" clear of the launcher at 1280×800', async () => {
    await founderPage.goto('/founder/submit');
    const submit = founderPage.getByRole('button', { name: 'Submit deck' });
    await submit.waitFor();
    await submit.scrollIntoViewIfNeeded();
    await founderPage.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const launcherBox = await founderPage.getByTestId('chat-launcher').boundingBox();
    const submitBox = await submit.boundingBox();
    if (!launcherBox || !submitBox) throw new Error('the launcher or the button is not laid out');
    const overlaps =
      submitBox.x < launcherBox.x + launcherBox.width &&
      launcherBox.x < submitBox.x + submitBox.width &&
      submitBox.y < launcherBox.y + launcherBox.height &&
      launcherBox.y < submitBox.y + submitBox.height;
    expect(overlaps).toBe(false);
    await shot(founderPage, 'submit-1280');
  });
});
