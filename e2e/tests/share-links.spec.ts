import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../apps/server/test/smtp-sink';
import { createAccount, e2ePassword, signIn, uniqueEmail } from '../support/accounts';
import { axeViolations, settleAnimations } from '../support/axe';
import { type Browser, type BrowserContext, launchBrowser, type Page, viewports } from '../support/browser';
import { submitReadyDeck } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

/**
 * Share links in two browsers: the founder makes a link with email verification and a passcode
 * on the deck's Share tab; a stranger without an account opens it, passes the gate with the
 * mailed code, reads three pages and downloads; the founder then sees them with time per page,
 * and the stranger, registering as an investor with that email, finds the deck kept for them.
 * Screenshots of the Share tab, the gate and the viewer at 1280 and 390 px go to /tmp/shots.
 */
const shotsDir = '/tmp/shots';
const passcode = 'harbor-42';

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
let deckId = '';
let slug = '';

async function shot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(300);
  await settleAnimations(page);
  await page.screenshot({ path: `${shotsDir}/share-links-${name}.png`, fullPage: true });
}

/** axe's inline script needs the product's CSP bypassed; the reading itself runs under it. */
async function openContext(viewport: keyof typeof viewports, { forAxe = false } = {}) {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: viewports[viewport],
    bypassCSP: forAxe,
  });
  context.setDefaultTimeout(20_000);
  return context;
}

/** Opens the link and passes its gate as `email`, with the passcode and the code mailed to them. */
async function passGate(page: Page, email: string) {
  await page.goto(`/s/${slug}`);
  const gate = page.getByTestId('link-gate');
  await gate.getByLabel('Your email').fill(email);
  await gate.getByLabel('Passcode').fill(passcode);
  const mailed = server.sink.waitFor((mail) => mail.to.includes(email) && /your code to open/.test(mail.subject));
  await gate.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByTestId('link-code-step').waitFor();
  const mail = await mailed;
  // Spent: a later pass as the same visitor must read its own code, not find this one first.
  server.sink.messages.splice(server.sink.messages.indexOf(mail), 1);
  const code = codeOf(mail);
  await gate.getByLabel(/^Code from the mail/).fill(code);
  await gate.getByRole('button', { name: 'Confirm and open the deck' }).click();
  await page.locator('[data-testid="deck-viewer"][data-state="ready"]').waitFor({ timeout: 30_000 });
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  founder = await createAccount(server, 'user', 'Lena Founder');
  deckId = await submitReadyDeck(server, founder, { company: 'Tidewater', title: 'Tidewater seed', slides: 4 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('share links', () => {
  let founderContext: BrowserContext;
  let founderPage: Page;
  const strangerEmail = uniqueEmail('ravi');

  beforeAll(async () => {
    founderContext = await openContext('desktop', { forAxe: true });
    founderPage = await signIn(founderContext, founder, 'user');
  }, 60_000);

  afterAll(async () => {
    await founderContext?.close();
  });

  it('lets the founder make a link with email verification and a passcode on the Share tab', async () => {
    await founderPage.goto(`/founder/view/${deckId}`);
    await founderPage.getByRole('tab', { name: 'Share' }).click();
    await founderPage.getByTestId('links-empty').waitFor();
    await founderPage.getByRole('button', { name: 'New link' }).click();
    const dialog = founderPage.getByRole('dialog', { name: 'New share link' });
    // Refused before sending: a link needs a name.
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.getByText('Name the link, for example after who gets it.').waitFor();
    await dialog.getByLabel('Name').fill('Northwind – Ravi');
    await dialog.getByLabel('Verify the email with a code').check();
    await dialog.getByLabel('Ask for a passcode').check();
    await dialog.getByLabel(/^Passcode/).fill(passcode);
    await dialog.getByLabel('Allow downloads').check();
    await shot(founderPage, 'new-link-1280');
    // The form, not Mantine's own dialog frame (its <header> counts as a second banner).
    expect(await axeViolations(founderPage, { within: '[data-testid="link-settings-form"]' })).toEqual([]);
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const card = founderPage.getByTestId('deck-link');
    await card.waitFor();
    slug = (await card.getAttribute('data-slug')) ?? '';
    expect(slug).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(await card.getByTestId('link-url').inputValue()).toBe(`${server.baseUrl}/s/${slug}`);
    await card.getByText('Verified email · Passcode · Downloads').waitFor();
    await shot(founderPage, 'tab-1280');
    expect(await axeViolations(founderPage, { within: '[data-testid="deck-share-tab"]' })).toEqual([]);
  });

  it('lets a stranger pass the gate with the mailed code, read three pages and download', async () => {
    const stranger = await openContext('desktop');
    try {
      const page = await stranger.newPage();
      await page.goto(`/s/${slug}`);
      const gate = page.getByTestId('link-gate');
      await page.getByRole('heading', { name: 'Tidewater seed' }).waitFor();
      // Only what the link asks for: no agreement here.
      expect(await gate.getByText('I accept this agreement').count()).toBe(0);
      await shot(page, 'gate-1280');

      // A wrong passcode is named by its field, before any code is mailed.
      await gate.getByLabel('Your email').fill(strangerEmail);
      await gate.getByLabel('Passcode').fill('not-it');
      await gate.getByRole('button', { name: 'Send me a code' }).click();
      await gate.getByText('That passcode is not right. Check it with the founder.').waitFor();

      await passGate(page, strangerEmail);
      const viewer = page.getByTestId('deck-viewer');
      expect(await viewer.getAttribute('data-page-count')).toBe('4');
      for (const next of [2, 3]) {
        await page.waitForTimeout(2_500);
        await viewer.getByRole('button', { name: 'Next page' }).click();
        await expect.poll(() => viewer.getAttribute('data-page')).toBe(String(next));
      }
      await page.waitForTimeout(2_500);
      await shot(page, 'viewer-1280');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download' }).click();
      expect((await download).suggestedFilename()).toBe('Tidewater - Tidewater seed.pdf');

      // A reload keeps the pass: the token stays in the tab.
      await page.reload();
      await page.locator('[data-testid="deck-viewer"][data-state="ready"]').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('link-gate').count()).toBe(0);
      const signup = page.getByRole('link', { name: 'Create an investor account' });
      expect(await signup.getAttribute('href')).toBe(`/signup/investor?email=${encodeURIComponent(strangerEmail)}`);
      // Leaving sends the last seconds (a keepalive report).
      await page.goto('about:blank');
    } finally {
      await stranger.close();
    }
  });

  it('shows the founder the visitor with time per page, downloaded', async () => {
    // Live, without a reload: the visit reached the founder's open Share tab by socket.
    await founderPage.getByTestId('link-live-visit').getByText(strangerEmail, { exact: false }).waitFor();
    await shot(founderPage, 'live-1280');
    await founderPage.reload();
    const card = founderPage.getByTestId('deck-link');
    await expect
      .poll(() => card.getByTestId('link-counts').textContent(), { timeout: 20_000 })
      .toMatch(/^[12] visits? · 1 visitor$/);
    await card.getByRole('button', { name: 'Visitors' }).click();
    const visitor = card.locator(`[data-testid="link-visitor"][data-email="${strangerEmail}"]`);
    await visitor.waitFor();
    await visitor.getByText('Verified').waitFor();
    await visitor.getByText(/downloaded 1 time/).waitFor();
    const secondsOf = (page: number) =>
      visitor.locator(`[data-testid="link-heat-strip"] li[data-page="${page}"]`).getAttribute('data-seconds');
    for (const page of [1, 2, 3]) {
      await expect.poll(async () => Number(await secondsOf(page)), { timeout: 30_000 }).toBeGreaterThan(0);
    }
    expect(await visitor.locator('li[data-page="1"]').textContent()).toMatch(/^Page 1: \d+ s$/);
    await shot(founderPage, 'visitors-1280');
    expect(await axeViolations(founderPage, { within: '[data-testid="deck-share-tab"]' })).toEqual([]);
  });

  it('keeps the deck and what was read for the stranger once they register as an investor with that email', async () => {
    const context = await openContext('desktop', { forAxe: true });
    try {
      const page = await context.newPage();
      // Where the viewer's invitation leads, the email filled in.
      await page.goto(`/signup/investor?email=${encodeURIComponent(strangerEmail)}`);
      expect(await page.getByLabel('Email').inputValue()).toBe(strangerEmail);
      await page.getByLabel('Name').fill('Ravi Stranger');
      await page.getByLabel('Password').fill(e2ePassword);
      const mailed = server.sink.waitFor(
        (mail) => mail.to.includes(strangerEmail) && /verification code/.test(mail.subject),
      );
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL((url) => url.pathname === '/verification');
      await page.getByLabel('Digit 1 of 6').click();
      await page.keyboard.type(codeOf(await mailed));
      // The code may submit itself when complete; press Verify if it is still there.
      const verify = page.getByRole('button', { name: 'Verify' });
      if (await verify.isEnabled().catch(() => false)) await verify.click().catch(() => undefined);
      await page.waitForURL((url) => url.pathname === '/investor');

      const kept = page.getByTestId('shared-decks');
      await kept.getByRole('link', { name: 'Tidewater seed' }).waitFor();
      await kept.getByText(/up to page 3 of 4$/).waitFor();
      await shot(page, 'kept-1280');
      expect(await axeViolations(page, { within: '[data-testid="shared-decks"]' })).toEqual([]);
      await page.setViewportSize(viewports.mobile);
      await shot(page, 'kept-390');
      await kept.getByRole('link', { name: 'Tidewater seed' }).click();
      await page.waitForURL((url) => url.pathname.endsWith(deckId));
      await page.getByRole('heading', { name: 'Tidewater seed' }).first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('tells the founder of a return visit on any page, and the toast opens the Share tab', async () => {
    await founderPage.goto('/founder');
    await founderPage.getByTestId('founder-welcome').waitFor();
    const stranger = await openContext('desktop');
    try {
      await passGate(await stranger.newPage(), strangerEmail);
    } finally {
      await stranger.close();
    }
    const toast = founderPage.getByRole('alert').filter({ hasText: 'Someone is reading Tidewater seed' });
    await toast.getByText(`${strangerEmail} opened “Northwind – Ravi” again just now.`).waitFor();
    await toast.getByText('Someone is reading Tidewater seed').click();
    await founderPage.waitForURL((url) => url.pathname === `/founder/view/${deckId}` && url.search === '?tab=share');
    await founderPage.getByTestId('deck-share-tab').waitFor();
  });

  it('passes axe on the gate and the viewer, and says so of an unknown link', async () => {
    const context = await openContext('desktop', { forAxe: true });
    try {
      const page = await context.newPage();
      await page.goto(`/s/${slug}`);
      await page.getByTestId('link-gate').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await passGate(page, uniqueEmail('axe'));
      expect(await axeViolations(page)).toEqual([]);
      await page.goto('/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      await page.getByRole('heading', { name: 'This link does not exist' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a phone: the Share tab, the gate and the viewer at 390 px', async () => {
    const phone = await openContext('mobile');
    try {
      const founderPhone = await signIn(phone, founder, 'user');
      await founderPhone.goto(`/founder/view/${deckId}?tab=share`);
      await founderPhone.getByTestId('deck-link').getByRole('button', { name: 'Visitors' }).click();
      await founderPhone.getByTestId('link-visitor').first().waitFor();
      await shot(founderPhone, 'tab-390');
      const width = await founderPhone.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewports.mobile.width);
    } finally {
      await phone.close();
    }
    const strangerPhone = await openContext('mobile');
    try {
      const page = await strangerPhone.newPage();
      await page.goto(`/s/${slug}`);
      await page.getByTestId('link-gate').waitFor();
      await shot(page, 'gate-390');
      await passGate(page, uniqueEmail('phone'));
      await shot(page, 'viewer-390');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewports.mobile.width,
      );
    } finally {
      await strangerPhone.close();
    }
  });
});
