import { mkdirSync } from 'node:fs';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { type Browser, type BrowserContext, launchBrowser, type Page, viewports } from '../support/browser';
import { showInterest, submitReadyDeck } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

/**
 * What Slack users expect of the chat widget, in two browsers at once (a founder and an
 * investor): editing and deleting one's message, replying (and jumping to what a reply answers),
 * reacting with a count the other side sees, and an @mention that lands in the other side's
 * inbox; the widget stays open on its room while the person moves between pages.
 */
const shotsDir = '/tmp/shots';

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
let investor: Awaited<ReturnType<typeof createAccount>>;
let deckId = '';

async function shot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/chat-slack-${name}.png` });
}

/** A fresh context; bypassCSP because the product's `script-src 'self'` refuses axe's inline script. */
const openContext = (viewport: keyof typeof viewports) =>
  browser.newContext({ baseURL: server.baseUrl, viewport: viewports[viewport], bypassCSP: true });

const panel = (page: Page, title: string) => page.getByRole('dialog', { name: title });
/** The message whose own text (not a quote of another) holds `text`. */
const messageIn = (log: Locator, text: string) =>
  log
    .getByTestId('chat-message')
    .filter({ has: log.page().getByTestId('chat-message-text').filter({ hasText: text }) });

/** Opens a message's ⋯ menu and picks one of its items. */
async function pick(page: Page, message: Locator, item: string) {
  await message.getByRole('button', { name: 'Message actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  [founder, investor] = await Promise.all([
    createAccount(server, 'user', 'Ines Founder'),
    createAccount(server, 'investor', 'Ravi Investor'),
  ]);
  deckId = await submitReadyDeck(server, founder, { company: 'Lumenfield', title: 'Lumenfield seed round', slides: 2 });
  await showInterest(server, investor, deckId, 'Can we see the pilot numbers?');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the chat widget, as Slack users expect it', () => {
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

  it('edits, deletes, replies, reacts and mentions, each seen live on the other side', async () => {
    await founderPage.goto('/founder/my-investors');
    await founderPage.getByRole('button', { name: 'Message Ravi Investor' }).click();
    const founderPanel = panel(founderPage, 'Founder Chat');
    await expect.poll(() => founderPanel.getByTestId('chat-connection').getAttribute('data-connected')).toBe('true');
    await investorPage.goto(`/investor/pitchdecks/${deckId}`);
    await investorPage.getByRole('button', { name: 'Message Ines Founder' }).click();
    const investorPanel = panel(investorPage, 'Investor Chat');
    await expect.poll(() => investorPanel.getByTestId('chat-connection').getAttribute('data-connected')).toBe('true');
    const founderLog = founderPanel.getByRole('log');
    const investorLog = investorPanel.getByRole('log');
    const founderInput = founderPanel.getByRole('textbox', { name: 'Message Ravi Investor' });
    const investorInput = investorPanel.getByRole('textbox', { name: 'Message Ines Founder' });

    // A few messages, so the first one is a jump away later.
    await founderInput.fill('Our pilot closes in March');
    await founderInput.press('Enter');
    for (const text of ['Churn is 2% monthly', 'Net revenue retention is 118%', 'We hired a head of sales']) {
      await founderInput.fill(text);
      await founderInput.press('Enter');
    }
    await expect.poll(() => investorLog.getByTestId('chat-message').count()).toBe(4);

    // Edit: the author rewrites it; the investor sees the new text marked edited.
    await pick(founderPage, messageIn(founderLog, 'Our pilot closes in March'), 'Edit');
    await expect.poll(() => founderPanel.getByTestId('chat-composer-draft').getAttribute('data-kind')).toBe('edit');
    expect(await founderInput.inputValue()).toBe('Our pilot closes in March');
    await founderInput.fill('Our pilot closes in April');
    await founderInput.press('Enter');
    const edited = messageIn(investorLog, 'Our pilot closes in April');
    await expect.poll(() => edited.getByTestId('chat-message-edited').count()).toBe(1);
    expect(await messageIn(investorLog, 'closes in March').count()).toBe(0);
    // Only the author is offered Edit and Delete.
    await messageIn(investorLog, 'Our pilot closes in April').getByRole('button', { name: 'Message actions' }).click();
    await investorPage.getByRole('menuitem', { name: 'Reply' }).waitFor();
    expect(await investorPage.getByRole('menuitem', { name: 'Edit' }).count()).toBe(0);
    expect(await investorPage.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);

    // Reply: the investor answers the first message; the founder sees what it answers.
    await investorPage.getByRole('menuitem', { name: 'Reply' }).click();
    await expect.poll(() => investorPanel.getByTestId('chat-composer-draft').textContent()).toContain('Ines Founder');
    await investorInput.fill('Good to hear, send the contract draft?');
    await investorInput.press('Enter');
    const reply = messageIn(founderLog, 'send the contract draft');
    await expect.poll(() => reply.getByTestId('chat-reply-quote').textContent()).toContain('Our pilot closes in April');

    // Jump: clicking the quote brings the answered message into view, marked.
    await founderLog.evaluate((log) => {
      log.scrollTop = log.scrollHeight;
    });
    await reply.getByTestId('chat-reply-quote').click();
    const answered = founderLog.locator('[data-highlighted="true"]').getByTestId('chat-message');
    await expect.poll(() => answered.textContent()).toContain('Our pilot closes in April');
    await expect.poll(() => answered.isVisible()).toBe(true);

    // Reaction: the investor reacts; the founder sees the count, adds theirs, and both see 2.
    await pick(investorPage, messageIn(investorLog, 'Net revenue retention'), 'React with 👍');
    const founderChip = messageIn(founderLog, 'Net revenue retention').getByTestId('chat-reaction');
    await expect.poll(() => founderChip.getAttribute('data-count')).toBe('1');
    expect(await founderChip.getAttribute('aria-label')).toBe('👍 1: Ravi Investor');
    await founderChip.click();
    const investorChip = messageIn(investorLog, 'Net revenue retention').getByTestId('chat-reaction');
    await expect.poll(() => investorChip.getAttribute('data-count')).toBe('2');
    expect(await investorChip.getAttribute('aria-label')).toBe('👍 2: you and Ines Founder');

    // Delete: the author takes a message back; it keeps its place as "Message deleted".
    const seqOfChurn = await messageIn(founderLog, 'Churn is 2% monthly').getAttribute('data-seq');
    await pick(founderPage, messageIn(founderLog, 'Churn is 2% monthly'), 'Delete');
    await founderPanel.getByTestId('chat-delete-confirm').getByRole('button', { name: 'Delete' }).click();
    const deletedOnInvestor = investorLog.locator(`[data-testid="chat-message"][data-seq="${seqOfChurn}"]`);
    await expect.poll(() => deletedOnInvestor.getByTestId('chat-message-deleted').count()).toBe(1);
    expect(await messageIn(investorLog, 'Churn is 2% monthly').count()).toBe(0);

    // Mention: the founder types @ and picks the investor among the room's members; the name is
    // marked in the message.
    await founderInput.pressSequentially('@Rav');
    await founderPanel.getByRole('option', { name: 'Ravi Investor' }).click();
    await founderInput.pressSequentially('can you confirm the terms by Friday?');
    expect(await founderInput.inputValue()).toBe('@Ravi Investor can you confirm the terms by Friday?');
    await founderInput.press('Enter');
    await expect
      .poll(() => messageIn(investorLog, 'confirm the terms').getByTestId('mention').textContent())
      .toBe('@Ravi Investor');
    await shot(founderPage, 'desktop-1280');
    // The widget, with its menus, quotes, reactions and marks, passes axe.
    expect(await axeViolations(founderPage, { within: '[data-testid="chat-panel"]' })).toEqual([]);

    // The widget stays open on the room while the investor moves to another page in the app.
    await investorPage.getByRole('link', { name: 'Milestones' }).first().click();
    await expect.poll(() => new URL(investorPage.url()).pathname).toBe('/investor/milestones');
    await expect.poll(() => investorPanel.getByTestId('chat-conversation-title').textContent()).toBe('Ines Founder');
    expect(await messageIn(investorLog, 'confirm the terms').count()).toBe(1);

    // The mention is in the investor's inbox.
    await investorPage.goto('/investor/inbox');
    const mention = investorPage.getByTestId('inbox-item').filter({ hasText: 'Ines Founder mentioned you' });
    await expect.poll(() => mention.count(), { timeout: 15_000 }).toBe(1);
  });

  it('shows the same conversation on a phone after a fresh load: edits, deletions, replies and reactions held', async () => {
    const context = await openContext('mobile');
    try {
      const page = await signIn(context, investor, 'investor');
      await page.getByTestId('chat-launcher').click();
      const mobilePanel = panel(page, 'Investor Chat');
      const room = mobilePanel.getByTestId('chat-room');
      await expect.poll(() => room.count()).toBe(1);
      expect(await room.getByTestId('chat-room-time').count()).toBe(1);
      await room.click();
      const log = mobilePanel.getByRole('log');
      await expect.poll(() => log.getByTestId('chat-message').count()).toBe(6);
      expect(await messageIn(log, 'Our pilot closes in April').getByTestId('chat-message-edited').count()).toBe(1);
      expect(await log.getByTestId('chat-message-deleted').count()).toBe(1);
      expect(await messageIn(log, 'send the contract draft').getByTestId('chat-reply-quote').count()).toBe(1);
      expect(
        await messageIn(log, 'Net revenue retention').getByTestId('chat-reaction').getAttribute('data-count'),
      ).toBe('2');
      await shot(page, 'mobile-390');
      await messageIn(log, 'confirm the terms').getByRole('button', { name: 'Message actions' }).click();
      await page.getByRole('menuitem', { name: 'Reply' }).waitFor();
      // The menu fades in; the shot is of the menu as it stays.
      await page.waitForTimeout(400);
      await shot(page, 'mobile-390-menu');
      await page.keyboard.press('Escape');
    } finally {
      await context.close();
    }
  });
});
