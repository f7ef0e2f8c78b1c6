import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { copilotName } from '@deckvalid/contract/ai';
import { founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import type { UploadTicket } from '@deckvalid/contract/uploads';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createAccount, signIn } from '../support/accounts';
import { type Browser, launchBrowser, newContext, type Page } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';

/**
 * The investor copilot in the chat widget (issue 20): an investor opens the 'Start AI Copilot
 * chat' card, compares two decks and sees the table, follows a citation into the viewer at the
 * cited page, shows interest through the copilot after confirming and finds it among their
 * interests; after a reload the room and its answers are still there, on a phone too.
 * Screenshots of the room with a comparison at 1280 and 390 px go to docs/screenshots.
 */

const screenshotsDir = path.resolve(import.meta.dirname, '../../docs/screenshots');

/** The widget is fixed to the viewport: a viewport screenshot is what the investor sees. */
async function saveScreenshot(page: Page, name: string) {
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`) });
}

type Slide = { heading: string; body: string[] };

/** Two decks with known figures on known pages (the server's copilot fixtures, shortened). */
const decks = {
  harbor: {
    details: {
      company: 'Harbor Lights',
      title: 'Harbor Lights seed round',
      pitch: 'Port crane scheduling software.',
      sector: 'SaaS',
      stage: 'Seed',
      amountSought: 2_000_000,
      location: 'Rotterdam, Netherlands',
    },
    slides: [
      { heading: 'Harbor Lights', body: ['Harbor Lights schedules port cranes so ships leave on time.'] },
      { heading: 'The pain', body: ['Ports lose a week a month to paperwork and idle cranes.'] },
      { heading: 'How we fix it', body: ['One scheduler that plans every berth and crane in minutes.'] },
      { heading: 'Market', body: ['TAM $40B in port operations software (Drewry, 2025).'] },
      { heading: 'Traction', body: ['$1.2M ARR, growing 120% year over year.'] },
      { heading: 'Team', body: ['Ada Park, CEO, ran operations at the Port of Rotterdam.'] },
      { heading: 'The ask', body: ['We are raising $2M to reach 40 ports. Contact ada@harborlights.io'] },
    ] satisfies Slide[],
  },
  tidewater: {
    details: {
      company: 'Tidewater Labs',
      title: 'Tidewater pre-seed',
      pitch: 'Carbon accounting for shipping fleets.',
      sector: 'Climate',
      stage: 'Pre-seed',
      amountSought: 1_500_000,
      location: 'Berlin, Germany',
    },
    slides: [
      { heading: 'Tidewater Labs', body: ['Tidewater measures the emissions of every voyage a fleet makes.'] },
      { heading: 'Problem', body: ['Shipping firms cannot prove their emissions to charterers or regulators.'] },
      { heading: 'Solution', body: ['Automated carbon accounting from engine and route data, audited monthly.'] },
      { heading: 'Market', body: ['SAM $3B across European short-sea shipping.'] },
      { heading: 'Traction', body: ['48 customers in pilot, three of them paying since spring.'] },
      { heading: 'The ask', body: ['We are raising $1.5M to certify the method and hire two engineers.'] },
    ] satisfies Slide[],
  },
};

async function deckPdf(slides: Slide[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  for (const slide of slides) {
    const page = document.addPage([960, 540]);
    page.drawText(slide.heading, { x: 48, y: 430, size: 44, font: bold });
    slide.body.forEach((line, index) => {
      page.drawText(line, { x: 48, y: 330 - index * 44, size: 22, font: regular });
    });
  }
  return document.save();
}

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
let investor: Awaited<ReturnType<typeof createAccount>>;
const deckIds = { harbor: '', tidewater: '' };

/** The founder's deck through the API (ticket → PUT → create). */
async function submitDeck(deck: (typeof decks)[keyof typeof decks]): Promise<string> {
  const headers = authHeaders(founder.tokens);
  const bytes = new Uint8Array(await deckPdf(deck.slides));
  const ticketReply = await fetch(
    `${server.baseUrl}${founderDeckPaths.uploadTicket}?fileType=application/pdf&fileSize=${bytes.byteLength}`,
    { headers },
  );
  const ticket = (await ticketReply.json()) as UploadTicket;
  const put = await fetch(new URL(ticket.uploadUrl, server.baseUrl), {
    method: ticket.method,
    headers: ticket.headers,
    body: bytes,
  });
  if (!put.ok) throw new Error(`the upload PUT answered ${put.status}`);
  const created = await fetch(`${server.baseUrl}${founderDeckPaths.pitchDecks}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ key: ticket.key, ...deck.details }),
  });
  if (created.status !== 201) throw new Error(`creating the deck answered ${created.status}`);
  return ((await created.json()) as { pitchDeck: { id: string } }).pitchDeck.id;
}

/** The copilot compares from the validation report: wait until the investor can read it. */
async function waitForReport(deckId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const reply = await fetch(`${server.baseUrl}${investorDeckPaths.analysis(deckId)}`, {
      headers: authHeaders(investor.tokens),
    });
    if (reply.ok) return;
    if (Date.now() > deadline) throw new Error(`the report of ${deckId} did not come (last answer ${reply.status})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Where the two-part answer's screenshots go, to be looked at (not kept with the docs). */
const shotsDir = '/tmp/shots';

async function openWidget(page: Page) {
  await page.getByRole('button', { name: /^Open Investor Chat/ }).click();
  return page.getByRole('dialog', { name: 'Investor Chat' });
}

async function ask(page: Page, question: string) {
  const input = page.getByLabel('Ask Pitchlane Copilot');
  await input.fill(question);
  await input.press('Enter');
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  [founder, investor] = await Promise.all([
    createAccount(server, 'user', 'Ada Park'),
    createAccount(server, 'investor', 'Theo Brandt'),
  ]);
  deckIds.harbor = await submitDeck(decks.harbor);
  deckIds.tidewater = await submitDeck(decks.tidewater);
  await Promise.all([waitForReport(deckIds.harbor), waitForReport(deckIds.tidewater)]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the copilot in the chat widget', () => {
  it('compares two decks, follows a citation, shows interest once confirmed, and keeps the room after a reload', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await signIn(context, investor, 'investor');
    const panel = await openWidget(page);

    // No copilot room yet: the card offers one.
    const card = panel.getByTestId('copilot-start-card');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('Compare decks, ask for summaries, and manage interests.');
    await saveScreenshot(page, 'copilot-card-1280');
    await card.click();
    const conversation = panel.getByTestId('copilot-conversation');
    await conversation.waitFor();
    expect(await conversation.getByTestId('chat-conversation-title').textContent()).toBe(copilotName);
    const row = panel.getByTestId('chat-room').filter({ hasText: copilotName });
    expect(await row.textContent()).toContain('AI Chat');
    await expect.poll(() => card.count()).toBe(0);

    await ask(page, 'compare Harbor Lights and Tidewater');
    const table = conversation.getByTestId('copilot-table');
    await table.waitFor({ timeout: 20_000 });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['', 'Harbor Lights', 'Tidewater Labs']);
    expect(await table.getByRole('rowheader').allTextContents()).toContain('Amount asked');
    expect(await conversation.getByTestId('copilot-try-next').getByRole('button').count()).toBeLessThanOrEqual(3);
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, 'copilot-compare-1280');

    // A citation opens the viewer at the page it names.
    const citation = conversation.getByTestId('copilot-citation').first();
    const href = (await citation.getAttribute('href')) ?? '';
    const citedPage = Number(await citation.getAttribute('data-page'));
    const citedDeck = decodeURIComponent(href.split('?')[0]?.split('/').at(-1) ?? '');
    expect(Object.values(deckIds)).toContain(citedDeck);
    await citation.click();
    await page.waitForURL((url) => url.pathname === `/investor/pitchdecks/${citedDeck}`);
    expect(new URL(page.url()).searchParams.get('page')).toBe(String(citedPage));
    const viewer = page.getByTestId('deck-viewer');
    await expect.poll(() => viewer.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    expect(await viewer.getAttribute('data-page')).toBe(String(citedPage));

    // Back in the room (the widget kept it open), the copilot proposes; nothing runs before Confirm.
    await openWidget(page);
    await ask(page, 'show interest in Harbor Lights with the note: Keen to talk about port cranes');
    const action = conversation.getByTestId('copilot-action');
    await action.waitFor({ timeout: 20_000 });
    expect(await action.getAttribute('data-status')).toBe('pending');
    // Its buttons decide it: no 'Yes' or 'Cancel' follow-up repeats them.
    const followUps = await conversation.getByTestId('copilot-try-next').getByRole('button').allTextContents();
    expect(followUps.filter((label) => /^(yes|cancel)$/i.test(label))).toEqual([]);
    await action.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => action.getAttribute('data-status')).toBe('confirmed');
    expect(await action.textContent()).toContain('Done: your interest is sent.');
    await saveScreenshot(page, 'copilot-confirmed-1280');

    // The interests on the home page show it, without a reload: the confirm refreshed them.
    await page.getByRole('button', { name: 'Close Investor Chat' }).first().click();
    await page.getByRole('link', { name: 'Browse decks' }).first().click();
    await page.waitForURL((url) => url.pathname === '/investor');
    const pending = page.getByTestId('home-my-interests-pending');
    await pending.waitFor({ timeout: 15_000 });
    await pending.click();
    await expect
      .poll(() => page.getByTestId('home-my-interest').allTextContents())
      .toEqual([expect.stringContaining('Harbor Lights seed round')]);

    // After a reload the room, its answers and their structure are still there.
    await page.reload();
    const again = await openWidget(page);
    const listed = again.getByTestId('chat-room').filter({ hasText: copilotName });
    await listed.waitFor({ timeout: 15_000 });
    expect(await again.getByTestId('copilot-start-card').count()).toBe(0);
    await listed.click();
    await again.getByTestId('copilot-table').waitFor({ timeout: 15_000 });
    await expect.poll(() => again.getByTestId('copilot-action').getAttribute('data-status')).toBe('confirmed');
    expect(await again.getByTestId('copilot-question').count()).toBe(2);
    await context.close();
  });

  it('reads on a phone: the same room on another device, the table scrolling inside the answer', async () => {
    const context = await newContext(browser, server.baseUrl, 'mobile');
    const page = await signIn(context, investor, 'investor');
    const panel = await openWidget(page);
    await panel.getByTestId('chat-room').filter({ hasText: copilotName }).click();
    const conversation = panel.getByTestId('copilot-conversation');
    // The newest exchange is at the bottom; the comparison is the first answer, so bring it up.
    const table = conversation.getByTestId('copilot-table');
    await table.waitFor({ timeout: 15_000 });
    await table.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const widths = await table.evaluate((node) => ({ scroll: node.scrollWidth, client: node.clientWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, 'copilot-compare-390');
    await context.close();
  });
  it('answers both parts of a two-part question, each figure with its own citation chip, at 1280 and 390 px', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const context = await newContext(browser, server.baseUrl, viewport);
      const page = await signIn(context, investor, 'investor');
      const panel = await openWidget(page);
      await panel.getByTestId('chat-room').filter({ hasText: copilotName }).click();
      const conversation = panel.getByTestId('copilot-conversation');
      await conversation.waitFor({ timeout: 15_000 });
      const answers = conversation.getByTestId('copilot-answer');
      const questions = conversation.getByTestId('copilot-question');
      // Each pass asks in its own words, so its question is known to be the newest once shown.
      const question =
        viewport === 'desktop' ? "What are Harbor Lights' ARR and growth?" : "Harbor Lights' ARR and growth?";
      await ask(page, question);
      await expect
        .poll(async () => (await questions.last().textContent()) ?? '', { timeout: 20_000 })
        .toContain(question);
      // Answered once every question has its answer.
      await expect.poll(async () => (await answers.count()) - (await questions.count()), { timeout: 20_000 }).toBe(0);
      const answer = answers.last();
      const text = (await answer.getByTestId('copilot-answer-text').textContent()) ?? '';
      expect(text).toContain('$1.2M ARR');
      expect(text).toContain('120% year over year');
      // One chip per figure, each on the Traction page where the deck states both.
      const chips = answer.getByTestId('copilot-answer-text').getByTestId('copilot-citation');
      expect(await chips.count()).toBe(2);
      expect(await chips.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-page')))).toEqual([
        '5',
        '5',
      ]);
      await answer.scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      mkdirSync(shotsDir, { recursive: true });
      const width = viewport === 'desktop' ? 1280 : 390;
      await page.screenshot({ path: path.join(shotsDir, `copilot-two-part-${width}.png`) });
      await context.close();
    }
  });
});
