import { mkdirSync } from 'node:fs';
import { dataRoomGrantPaths } from '@deckvalid/contract/datarooms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createAccount, signIn } from '../support/accounts';
import { axeViolations, settleAnimations } from '../support/axe';
import { type Browser, type BrowserContext, launchBrowser, type Page, screenshot, viewports } from '../support/browser';
import { acceptInterest, samplePdf, showInterest, submitReadyDeck } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

/**
 * A founder's data room in the browser: a new room from the empty list, a folder in it, a PDF
 * and a spreadsheet uploaded together into the folder, the PDF ready with its page count and
 * renamed there, then opened in the reader; the room page passes axe and has no sideways scroll
 * at 390 px. Then the founder gives the room to an investor whose interest they accepted, and the
 * investor, in a browser of their own, finds it under Data rooms, enters the folder and reads the
 * PDF. Screenshots at 1280 and 390 px go to /tmp/shots and e2e/artifacts.
 */
const shotsDir = '/tmp/shots';

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;

async function shot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(300);
  await settleAnimations(page);
  await page.screenshot({ path: `${shotsDir}/data-rooms-${name}.png`, fullPage: true });
  await screenshot(page, `data-rooms-${name}`);
}

/** axe's inline script needs the product's CSP bypassed. */
async function openContext(viewport: keyof typeof viewports) {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: viewports[viewport], bypassCSP: true });
  context.setDefaultTimeout(20_000);
  return context;
}

const hasSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  founder = await createAccount(server, 'user', 'Lena Founder');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('data rooms', () => {
  let context: BrowserContext;
  let page: Page;
  let roomUrl = '';

  beforeAll(async () => {
    context = await openContext('desktop');
    page = await signIn(context, founder, 'user');
  }, 60_000);

  afterAll(async () => {
    await context?.close();
  });

  it('lets the founder create a room from the empty list', async () => {
    await page.getByRole('link', { name: 'Data rooms' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Data rooms' }).waitFor();
    await page.getByText('No data rooms yet').waitFor();
    await shot(page, 'empty-1280');
    expect(await axeViolations(page, { within: 'main' })).toEqual([]);

    await page.getByRole('button', { name: 'New data room' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New data room' });
    await dialog.getByRole('button', { name: 'Create data room' }).click();
    await dialog.getByText('Give a name.').waitFor();
    await dialog.getByLabel(/^Name/).fill('Tidewater seed diligence');
    await dialog.getByRole('button', { name: 'Create data room' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tidewater seed diligence' }).waitFor();
    expect(await page.title()).toContain('Data room');
    roomUrl = new URL(page.url()).pathname;
    expect(roomUrl).toMatch(/^\/founder\/datarooms\/.+/);
  });

  it('adds a folder, uploads a PDF into it that becomes ready, and renames the file', async () => {
    await page.getByRole('button', { name: 'New folder' }).click();
    const folderDialog = page.getByRole('dialog', { name: 'New folder' });
    await folderDialog.getByLabel(/^Folder name/).fill('Legal');
    await folderDialog.getByRole('button', { name: 'Create folder' }).click();
    await folderDialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Legal' }).click();
    await page.waitForURL(/\?folder=/);
    await page.getByText('This folder is empty.').waitFor();

    const pdf = await samplePdf({ company: 'Tidewater', slides: 3, body: 'Shareholder agreement' });
    // Two at once: a PDF, read for its pages, and a spreadsheet, kept to download.
    await page.getByLabel('Files to upload').setInputFiles([
      { name: 'shareholders.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: 'cap-table.csv', mimeType: 'text/csv', buffer: Buffer.from('holder,shares\nLena,800000\nPool,200000\n') },
    ]);
    await page.getByRole('button', { name: 'Download cap-table.csv' }).waitFor({ timeout: 30_000 });
    const row = page.getByTestId('data-room-item').filter({ hasText: 'shareholders.pdf' });
    await row.waitFor();
    await page.locator('[data-testid="data-room-item"][data-status="ready"]').waitFor({ timeout: 30_000 });
    await row.getByText(/3 pages/).waitFor();
    await row.getByText('Ready').waitFor();

    await row.getByRole('button', { name: 'Actions for shareholders.pdf' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename file' });
    await renameDialog.getByLabel(/^Name/).fill('Shareholders agreement.pdf');
    await renameDialog.getByRole('button', { name: 'Save name' }).click();
    await renameDialog.waitFor({ state: 'hidden' });
    await page.getByTestId('data-room-item').filter({ hasText: 'Shareholders agreement.pdf' }).waitFor();

    // A reload keeps the folder open.
    await page.reload();
    await page.getByTestId('data-room-item').filter({ hasText: 'Shareholders agreement.pdf' }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByText('Legal').getAttribute('aria-current')).toBe('page');
    await shot(page, 'folder-1280');
    expect(await axeViolations(page, { within: 'main' })).toEqual([]);

    // The file opens in the app's reader, fetched with the founder's session.
    await page.getByRole('button', { name: 'Open Shareholders agreement.pdf' }).click();
    await page.locator('[data-testid="deck-viewer"][data-state="ready"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('deck-viewer').getAttribute('data-page-count')).toBe('3');
    await shot(page, 'viewer-1280');
    await page.keyboard.press('Escape');
  });

  it('fits a phone: no sideways scroll at 390 px, and passes axe there', async () => {
    const phone = await openContext('mobile');
    try {
      const phonePage = await signIn(phone, founder, 'user');
      await phonePage.goto('/founder/datarooms');
      await phonePage.getByRole('link', { name: 'Tidewater seed diligence' }).waitFor();
      await shot(phonePage, 'list-390');
      expect(await hasSidewaysScroll(phonePage)).toBe(false);
      await phonePage.getByRole('link', { name: 'Tidewater seed diligence' }).click();
      await phonePage.getByRole('link', { name: 'Legal' }).click();
      await phonePage.getByTestId('data-room-item').filter({ hasText: 'Shareholders agreement.pdf' }).waitFor();
      await shot(phonePage, 'folder-390');
      expect(await hasSidewaysScroll(phonePage)).toBe(false);
      expect(await axeViolations(phonePage, { within: 'main' })).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('gives the room to an accepted investor, who opens it, enters the folder and reads the PDF, until it is taken back', async () => {
    // The world: an investor whose interest in one of Lena's decks she accepted.
    const investor = await createAccount(server, 'investor', 'Ravi Investor');
    const deckId = await submitReadyDeck(server, founder, { company: 'Tidewater', title: 'Tidewater seed round' });
    await acceptInterest(server, founder, deckId, await showInterest(server, investor, deckId, 'Keen on the pilot.'));

    const investorContext = await openContext('desktop');
    const phone = await openContext('mobile');
    try {
      // Before the founder gives a room, the investor's list says how rooms come.
      const investorPage = await signIn(investorContext, investor, 'investor');
      await investorPage.getByRole('link', { name: 'Data rooms' }).first().click();
      await investorPage.getByTestId('empty-state').waitFor();
      await shot(investorPage, 'investor-empty-1280');
      expect(await axeViolations(investorPage, { within: 'main' })).toEqual([]);

      await page.goto(roomUrl);
      const section = page.getByRole('region', { name: 'Who has this room' });
      await section.getByText('No investor has this room yet.').waitFor();
      await section.getByLabel('Add investor').click();
      await page.getByRole('option', { name: 'Ravi Investor' }).click();
      await shot(page, 'grants-add-1280');
      await section.getByRole('button', { name: 'Give access' }).click();
      await section.getByTestId('data-room-grant').filter({ hasText: 'Ravi Investor' }).waitFor();
      await section.getByText('Every investor you accepted has this room.').waitFor();
      await shot(page, 'grants-1280');
      expect(await axeViolations(page, { within: 'main' })).toEqual([]);

      await investorPage.reload();
      await investorPage.getByRole('heading', { level: 1, name: 'Data rooms' }).waitFor();
      await investorPage.getByRole('link', { name: 'Tidewater seed diligence' }).waitFor();
      await shot(investorPage, 'investor-list-1280');
      expect(await axeViolations(investorPage, { within: 'main' })).toEqual([]);

      await investorPage.getByRole('link', { name: 'Tidewater seed diligence' }).click();
      await investorPage.getByRole('heading', { level: 1, name: 'Tidewater seed diligence' }).waitFor();
      expect(await investorPage.getByRole('button', { name: 'Upload files' }).count()).toBe(0);
      await investorPage.getByRole('link', { name: 'Legal' }).click();
      await investorPage.waitForURL(/\/investor\/datarooms\/.+\?folder=/);
      await investorPage.getByRole('button', { name: 'Download cap-table.csv' }).waitFor();
      await shot(investorPage, 'investor-folder-1280');
      expect(await axeViolations(investorPage, { within: 'main' })).toEqual([]);

      // The PDF opens in the same reader as the founder's, fetched with the investor's session.
      await investorPage.getByRole('button', { name: 'Open Shareholders agreement.pdf' }).click();
      await investorPage.locator('[data-testid="deck-viewer"][data-state="ready"]').waitFor({ timeout: 30_000 });
      expect(await investorPage.getByTestId('deck-viewer').getAttribute('data-page-count')).toBe('3');
      await shot(investorPage, 'investor-viewer-1280');
      await investorPage.keyboard.press('Escape');

      // At 390 px: the founder's sharing section and the investor's folder.
      const founderPhone = await signIn(phone, founder, 'user');
      await founderPhone.goto(roomUrl);
      await founderPhone.getByTestId('data-room-grant').filter({ hasText: 'Ravi Investor' }).waitFor();
      await shot(founderPhone, 'grants-390');
      expect(await hasSidewaysScroll(founderPhone)).toBe(false);
      const investorPhoneContext = await openContext('mobile');
      try {
        const investorPhone = await signIn(investorPhoneContext, investor, 'investor');
        await investorPhone.goto('/investor/datarooms');
        await investorPhone.getByRole('link', { name: 'Tidewater seed diligence' }).waitFor();
        await shot(investorPhone, 'investor-list-390');
        expect(await hasSidewaysScroll(investorPhone)).toBe(false);
        await investorPhone.getByRole('link', { name: 'Tidewater seed diligence' }).click();
        await investorPhone.getByRole('link', { name: 'Legal' }).click();
        await investorPhone.getByRole('button', { name: 'Open Shareholders agreement.pdf' }).waitFor();
        await shot(investorPhone, 'investor-folder-390');
        expect(await hasSidewaysScroll(investorPhone)).toBe(false);
        expect(await axeViolations(investorPhone, { within: 'main' })).toEqual([]);
      } finally {
        await investorPhoneContext.close();
      }

      // Taken back, the room tells the investor so instead of "not found".
      const roomId = roomUrl.split('/').pop() ?? '';
      const { data: grants } = await callApi<{ data: { id: string }[] }>(
        server,
        founder,
        'GET',
        dataRoomGrantPaths.grants(roomId),
      );
      for (const grant of grants) await callApi(server, founder, 'DELETE', dataRoomGrantPaths.grant(roomId, grant.id));
      await investorPage.reload();
      await investorPage.getByText('This room is no longer shared with you').waitFor();
      await shot(investorPage, 'investor-gone-1280');
      expect(await axeViolations(investorPage, { within: 'main' })).toEqual([]);
    } finally {
      await investorContext.close();
      await phone.close();
    }
  }, 120_000);

  it('shares the room by link: a stranger opens the PDF and downloads the spreadsheet, and the founder sees each document', async () => {
    await page.goto(roomUrl);
    const panel = page.locator('[data-testid="deck-share-tab"][data-owner="room"]');
    await panel.getByTestId('links-empty').waitFor();
    await panel.getByRole('button', { name: 'New link' }).click();
    const dialog = page.getByRole('dialog', { name: 'New share link' });
    expect(await dialog.getByLabel('Version shown').count()).toBe(0);
    await dialog.getByLabel(/^Name/).fill('Northwind diligence');
    await dialog.getByLabel('Allow downloads').check();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const card = panel.getByTestId('deck-link').filter({ hasText: 'Northwind diligence' });
    await card.waitFor();
    const slug = (await card.getAttribute('data-slug')) ?? '';
    expect(slug).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await shot(page, 'links-1280');
    expect(await axeViolations(page, { within: 'main' })).toEqual([]);

    const strangerEmail = `diligence-${Date.now()}@northwind.example`;
    const strangerContext = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: viewports.desktop,
      bypassCSP: true,
      acceptDownloads: true,
    });
    strangerContext.setDefaultTimeout(20_000);
    const phone = await openContext('mobile');
    try {
      const stranger = await strangerContext.newPage();
      await stranger.goto(`/s/${slug}`);
      const gate = stranger.getByTestId('link-gate');
      await gate.getByLabel('Your email').fill(strangerEmail);
      await gate.getByRole('button', { name: 'Open the data room' }).click();
      const documents = stranger.getByRole('navigation', { name: 'Documents in this room' });
      await documents.waitFor();
      await stranger.getByTestId('link-room-pick').waitFor();
      await shot(stranger, 'link-room-1280');
      expect(await axeViolations(stranger, { within: 'main' })).toEqual([]);

      await documents.getByRole('button', { name: /Shareholders agreement\.pdf/ }).click();
      await stranger.locator('[data-testid="deck-viewer"][data-state="ready"]').waitFor({ timeout: 30_000 });
      expect(await stranger.getByTestId('deck-viewer').getAttribute('data-page-count')).toBe('3');
      await shot(stranger, 'link-room-viewer-1280');

      await documents.getByRole('button', { name: /cap-table\.csv/ }).click();
      const document = stranger.getByTestId('link-room-document');
      await document.getByRole('heading', { name: 'cap-table.csv' }).waitFor();
      const saved = stranger.waitForEvent('download');
      await document.getByRole('button', { name: 'Download' }).click();
      expect((await saved).suggestedFilename()).toBe('cap-table.csv');

      // The founder sees the visitor, what they opened and what they took.
      await card.getByRole('button', { name: 'Visitors' }).click();
      const visitor = card.getByTestId('link-visitor').filter({ hasText: strangerEmail });
      await visitor.getByTestId('link-visitor-document').filter({ hasText: 'downloaded 1 time' }).waitFor();
      await visitor
        .getByTestId('link-visitor-document')
        .filter({ hasText: 'Shareholders agreement.pdf' })
        .filter({ hasText: 'opened 1 time' })
        .waitFor();
      await shot(page, 'link-visitors-1280');
      expect(await axeViolations(page, { within: 'main' })).toEqual([]);

      // A phone: the room's documents above the one open, no sideways scroll.
      const strangerPhone = await phone.newPage();
      await strangerPhone.goto(`/s/${slug}`);
      await strangerPhone.getByTestId('link-gate').getByLabel('Your email').fill(strangerEmail);
      await strangerPhone.getByRole('button', { name: 'Open the data room' }).click();
      const phoneDocuments = strangerPhone.getByRole('navigation', { name: 'Documents in this room' });
      await phoneDocuments.getByRole('button', { name: /Shareholders agreement\.pdf/ }).click();
      await strangerPhone.locator('[data-testid="deck-viewer"][data-state="ready"]').waitFor({ timeout: 30_000 });
      await shot(strangerPhone, 'link-room-390');
      expect(await hasSidewaysScroll(strangerPhone)).toBe(false);
      expect(await axeViolations(strangerPhone, { within: 'main' })).toEqual([]);
    } finally {
      await strangerContext.close();
      await phone.close();
    }
  }, 120_000);
});
