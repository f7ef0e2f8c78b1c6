import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import type { UploadTicket } from '@deckvalid/contract/uploads';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createAccount, signIn } from '../support/accounts';
import { type Browser, launchBrowser, newContext, type Page } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';

/**
 * The validation report on screen (issue 19): an investor finds a deck, opens its report from
 * the search card, reads the score and the section map and follows a section link into the viewer
 * at that page; the founder reads the same report in the Report tab of the deck page. Screenshots
 * of the analysis page at 1280 and 390 px and of the founder's tab at 1280 go to docs/screenshots.
 */

const screenshotsDir = path.resolve(import.meta.dirname, '../../docs/screenshots');

async function saveScreenshot(page: Page, name: string) {
  mkdirSync(screenshotsDir, { recursive: true });
  // From the top: the app keeps the scroll position of the page a link was followed from.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage: true });
}

/** A word only this deck has, so the investor's search finds exactly it. */
const hiddenWord = `berthwise${Date.now().toString(36)}`;

/**
 * A deck that tells most of the outline, with its figures on known pages (the server's
 * analysis.routes.test.ts deck, longer): the team and financials are left out on purpose, so the
 * report has missing sections to call out.
 */
const slides: { heading: string; body: string[] }[] = [
  { heading: 'Harbor Lights', body: ['Harbor Lights schedules port cranes so ships leave on time.'] },
  { heading: 'The pain', body: ['Ports lose a week a month to paperwork and idle cranes.'] },
  { heading: 'How we fix it', body: ['One scheduler that plans every berth and crane in minutes.'] },
  { heading: 'Why now', body: ['New EU emission rules make idle ships expensive from 2026.'] },
  { heading: 'Market', body: ['TAM $40B in port operations software (Drewry, 2025).', 'SAM $6B in European ports.'] },
  { heading: 'Competition', body: ['Spreadsheets and legacy terminal systems; none plan cranes live.'] },
  { heading: 'Product', body: [`The ${hiddenWord} planner: a live berth board and crane plan.`] },
  { heading: 'Business model', body: ['Annual subscription per terminal, priced per crane.'] },
  {
    heading: 'Traction',
    body: ['$1.2M ARR, up from $400K last year.', '14 customers across 6 ports.', '$4.5M ARR by 2027.'],
  },
  { heading: 'The ask', body: ['We are raising $2M to reach 40 ports.', 'Contact ada@harborlights.io'] },
];

/** The deck's page where the traction section stands (1-based). */
const tractionPage = slides.findIndex((slide) => slide.heading === 'Traction') + 1;

async function deckPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  for (const slide of slides) {
    const page = document.addPage([960, 540]);
    page.drawText(slide.heading, { x: 48, y: 430, size: 44, font: bold });
    slide.body.forEach((line, index) => {
      page.drawText(line, { x: 48, y: 330 - index * 44, size: 24, font: regular });
    });
  }
  return document.save();
}

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
let investor: Awaited<ReturnType<typeof createAccount>>;
let deckId = '';

/** The founder's deck through the API (ticket → PUT → create), ready and analysed before any test. */
async function submitDeck(): Promise<string> {
  const headers = authHeaders(founder.tokens);
  const bytes = new Uint8Array(await deckPdf());
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
    body: JSON.stringify({
      key: ticket.key,
      company: 'Harbor Lights',
      title: 'Harbor Lights seed round',
      pitch: 'Port cranes scheduled so ships leave on time.',
      sector: 'Mobility',
      stage: 'Seed',
      amountSought: 2_000_000,
      location: 'Rotterdam',
    }),
  });
  if (created.status !== 201) throw new Error(`creating the deck answered ${created.status}`);
  return ((await created.json()) as { pitchDeck: { id: string } }).pitchDeck.id;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  [founder, investor] = await Promise.all([
    createAccount(server, 'user', 'Ada Park'),
    createAccount(server, 'investor', 'Theo Brandt'),
  ]);
  deckId = await submitDeck();
  // The report is computed when the deck goes ready; wait for the investor's call to answer it.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const reply = await fetch(`${server.baseUrl}${investorDeckPaths.analysis(deckId)}`, {
      headers: authHeaders(investor.tokens),
    });
    if (reply.ok) break;
    if (Date.now() > deadline) throw new Error(`the report did not become available (last answer ${reply.status})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the validation report', () => {
  it('an investor opens it from search and follows a section link into the viewer at that page', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await signIn(context, investor, 'investor');
    await page.getByLabel('Search decks').fill(hiddenWord);
    const cards = page.getByTestId('deck-card');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('link', { name: 'Validation report: Harbor Lights seed round' }).click();
    await page.waitForURL((url) => url.pathname === `/analysis/${deckId}`);

    const report = page.getByTestId('analysis-report');
    await report.waitFor({ timeout: 15_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Harbor Lights seed round');
    const score = Number(await page.getByTestId('analysis-score-value').getAttribute('data-score'));
    expect(score).toBeGreaterThan(0);
    expect(score).toBeLessThanOrEqual(100);
    expect(await page.getByTestId('analysis-section').count()).toBe(12);
    const team = page.locator('[data-testid="analysis-section"][data-section="team"]');
    expect(await team.getAttribute('data-found')).toBe('false');
    expect(await team.textContent()).toContain('Missing');
    const traction = page.locator('[data-testid="analysis-section"][data-section="traction"]');
    expect(await traction.getAttribute('data-found')).toBe('true');
    const market = page.locator('[data-testid="analysis-figure"][data-figure="market_size"]').first();
    expect(await market.getByTestId('analysis-figure-scope').textContent()).toBe('TAM');
    // Today's ARR heads the figures; last year's and the 2027 target stand apart, saying when.
    const history = page.getByTestId('analysis-history-plan');
    const currentArr = page.locator('[data-testid="analysis-figure"][data-figure="arr"][data-period="current"]');
    expect(await currentArr.count()).toBe(1);
    expect(await currentArr.getByTestId('analysis-figure-text').textContent()).toBe('“$1.2M ARR”');
    expect(await history.getByTestId('analysis-figure-period').allTextContents()).toEqual(['Earlier', 'Plan, 2027']);
    // Every part of the score says how it is counted.
    const explanations = await page.getByTestId('analysis-breakdown-explanation').allTextContents();
    expect(explanations).toHaveLength(4);
    expect(explanations[1]).toMatch(/history and plans do not count/);
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, 'analysis-page-1280');
    // The landing page shows the report's top (apps/web/public/landing-report.png is this, as of
    // the last change to the report), without the chat launcher floating over it.
    await page.addStyleTag({ content: '[data-testid="chat-launcher"] { visibility: hidden; }' });
    const reportBox = await report.boundingBox();
    if (reportBox) {
      await page.screenshot({
        path: path.join(screenshotsDir, 'landing-report.png'),
        clip: { x: reportBox.x - 16, y: reportBox.y + 24, width: reportBox.width + 32, height: 640 },
        fullPage: true,
      });
    }

    // Followed from low on the page, as a reader of the figures table would.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await traction.getByRole('link', { name: `Traction: p. ${tractionPage}` }).click();
    await page.waitForURL((url) => url.pathname === `/investor/pitchdecks/${deckId}`);
    expect(new URL(page.url()).searchParams.get('page')).toBe(String(tractionPage));
    const viewer = page.getByTestId('deck-viewer');
    await expect.poll(() => viewer.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    expect(await viewer.getAttribute('data-page')).toBe(String(tractionPage));
    // The viewer is in sight, its toolbar below the app's header.
    const viewerTop = await viewer.evaluate((node) => node.getBoundingClientRect().top);
    expect(viewerTop).toBeGreaterThanOrEqual(0);
    expect(viewerTop).toBeLessThan(400);
    expect(await page.getByTestId('deck-viewer-page-indicator').textContent()).toBe(
      `Page ${tractionPage} / ${slides.length}`,
    );
    // The deck page links back to the report, with its score.
    const reportLink = page.getByTestId('analysis-link');
    await expect.poll(() => reportLink.textContent()).toContain(`${score}/100`);
    await context.close();
  });

  it('reads on a phone', async () => {
    const context = await newContext(browser, server.baseUrl, 'mobile');
    const page = await signIn(context, investor, 'investor');
    await page.goto(`/analysis/${deckId}`);
    await page.getByTestId('analysis-report').waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    // Nothing wider than the screen: the figures table keeps to three columns on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'analysis-page-390');
    await context.close();
  });

  it('the founder reads the same report in the Report tab of the deck page', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await signIn(context, founder, 'user');
    await page.goto(`/founder/view/${deckId}`);
    await page.getByRole('tab', { name: 'Report' }).click();
    const report = page.getByTestId('analysis-report');
    await report.waitFor({ timeout: 15_000 });
    expect(await report.getAttribute('data-version')).toBe('1');
    expect(await page.getByTestId('analysis-section').count()).toBe(12);
    // One measure of type size: the header says what the report's body-text check found.
    const bodyCheck = page.locator('[data-testid="analysis-check"][data-check="body_font_size"]');
    const header = page.getByTestId('deck-font-sizes');
    await header.waitFor();
    const headerPoints = (await header.textContent())?.match(/(\d+(?:\.\d+)?) pt/)?.[1];
    expect(headerPoints).toBeDefined();
    expect(await bodyCheck.textContent()).toContain(`${headerPoints} pt`);
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, 'analysis-founder-tab-1280');

    // A page link leaves the tab for the viewer at that page.
    await page
      .locator('[data-testid="analysis-section"][data-section="traction"]')
      .getByRole('link', { name: `Traction: p. ${tractionPage}` })
      .click();
    const viewer = page.getByTestId('deck-viewer');
    await expect.poll(() => viewer.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    await expect.poll(() => viewer.getAttribute('data-page')).toBe(String(tractionPage));
    await context.close();
  });
});
