import { mkdirSync } from 'node:fs';
import { authApiRoot, founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import type { FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import type { UploadTicket } from '@deckvalid/contract/uploads';
import type { Dialog } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokenOf } from '../../apps/server/test/smtp-sink';
import { authHeaders, createAccount, e2ePassword, signIn, uniqueEmail } from '../support/accounts';
import { settleAnimations } from '../support/axe';
import { type Browser, launchBrowser, newContext, type Page, viewports } from '../support/browser';
import { samplePdf } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

/**
 * Where newcomers stumbled (issue 8): each test replays one stumble and checks it is gone.
 * Every screen a fix changed is also saved at 1280 and 390 px to /tmp/shots for review.
 */

let server: RunningServer;
let browser: Browser;
type Account = Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const shotsDir = '/tmp/shots';

/** The page as it is now at 1280 px, then at 390 px (the same state), back at 1280 after. */
async function shoot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  // Modals and toasts fade in: wait until no transition runs, or the picture is half there.
  const settled = () =>
    page
      .waitForFunction(
        () =>
          document
            .getAnimations()
            // Spinners and skeletons loop forever; only transitions that end are waited for.
            .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
            .every((animation) => animation.playState !== 'running'),
        undefined,
        // Best effort: a picture for review, never a reason for the test to fail.
        { timeout: 2_000 },
      )
      .catch(() => undefined);
  await settled();
  await page.screenshot({ path: `${shotsDir}/newcomer-${name}-1280.png` });
  await page.setViewportSize(viewports.mobile);
  // Mantine's breakpoints answer on resize; give layout a frame to settle.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await settled();
  await page.screenshot({ path: `${shotsDir}/newcomer-${name}-390.png` });
  await page.setViewportSize(viewports.desktop);
}

async function waitForPath(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 30_000 });
}

const storedTokens = (page: Page, key: 'user_tokens' | 'investor_tokens') =>
  page.evaluate((name) => localStorage.getItem(name), key);

/** A ready deck made through the API (the submit screen has its own tests): upload, create, wait. */
async function readyDeck(founder: Account, title: string): Promise<FounderPitchDeck> {
  const pdf = await samplePdf({ company: 'Tidewell', slides: 3, body: 'Harbour data for shipping lines.' });
  const headers = authHeaders(founder.tokens);
  const ticketReply = await fetch(
    `${server.baseUrl}${founderDeckPaths.uploadTicket}?fileType=application%2Fpdf&fileSize=${pdf.byteLength}`,
    { headers },
  );
  const ticket = (await ticketReply.json()) as UploadTicket;
  const put = await fetch(`${server.baseUrl}${ticket.uploadUrl}`, {
    method: 'PUT',
    headers: ticket.headers,
    body: new Uint8Array(pdf),
  });
  expect(put.status).toBe(200);
  const created = await fetch(`${server.baseUrl}${founderDeckPaths.pitchDecks}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      key: ticket.key,
      company: 'Tidewell',
      title,
      pitch: 'Berth forecasts for shipping lines.',
      sector: 'Climate',
      stage: 'Seed',
      amountSought: 1_200_000,
      location: 'Hamburg',
    }),
  });
  expect(created.status).toBe(201);
  const { pitchDeck } = (await created.json()) as { pitchDeck: FounderPitchDeck };
  // A loop, not expect.poll: this runs in beforeAll, where vitest allows no poll.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const reply = await fetch(`${server.baseUrl}${founderDeckPaths.pitchDeck(pitchDeck.id)}`, { headers });
    const deck = ((await reply.json()) as { pitchDeck: FounderPitchDeck }).pitchDeck;
    if (deck.status === 'ready') return deck;
    if (deck.status === 'failed' || Date.now() > deadline) throw new Error(`the deck is ${deck.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function showInterest(investor: Account, deckId: string) {
  const reply = await fetch(`${server.baseUrl}${investorDeckPaths.interests(deckId)}`, {
    method: 'POST',
    headers: { ...authHeaders(investor.tokens), 'content-type': 'application/json' },
    body: JSON.stringify({ note: 'Keen on the harbour data.' }),
  });
  expect(reply.status).toBe(201);
}

/**
 * The screen's name in the tab, without the inbox's unread count that leads it when there is
 * news ("(2) My investors · Pitchlane"): the founder here has some, the interest of the test above.
 */
async function screenName(page: Page): Promise<string> {
  return (await page.title()).replace(/^\(\d+\+?\) /, '');
}

describe('signing out and signing in as the other role', () => {
  it.each([
    { role: 'user' as const, label: 'founder', login: '/login', otherLogin: '/login/investor', home: '/investor' },
    { role: 'investor' as const, label: 'investor', login: '/login/investor', otherLogin: '/login', home: '/founder' },
  ])(
    'a $label signs out to their own sign-in page; the other role is pointed to theirs',
    async ({ role, label, login, otherLogin, home }) => {
      const account = await createAccount(server, role, `Noor ${label}`);
      const other = await createAccount(server, role === 'user' ? 'investor' : 'user', `Other ${label}`);
      const context = await newContext(browser, server.baseUrl);
      const page = await signIn(context, account, role);

      await page.getByLabel(`Account menu for Noor ${label}`).click();
      await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
      await waitForPath(page, login);
      await expect.poll(() => storedTokens(page, role === 'user' ? 'user_tokens' : 'investor_tokens')).toBeNull();

      // The other role's credentials typed on this page: refused, with the way to the right page.
      await page.getByLabel('Email').fill(other.email);
      await page.getByLabel('Password').fill(other.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const error = page.getByTestId('form-error');
      await expect.poll(() => error.textContent()).toContain('Email or password is incorrect.');
      const hint = error.getByRole('link', {
        name: role === 'user' ? 'Investors sign in here' : 'Founders sign in here',
      });
      // The button settles from its loading state before the picture is taken.
      await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).getAttribute('data-loading')).toBeNull();
      if (role === 'user') await shoot(page, 'login-role-hint');
      await hint.click();
      await waitForPath(page, otherLogin);
      await page.getByLabel('Email').fill(other.email);
      await page.getByLabel('Password').fill(other.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await waitForPath(page, home);
      await context.close();
    },
  );
});

describe('links under a half-typed field', () => {
  it('"Forgot password?" works on the first click after a partial email', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('sam@exam');
    // One click: the blur it causes must not move the link from under the pointer.
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgot-password');
    await context.close();
  });

  it("/signup's bottom link works on the first click after a partial email; submitting still checks", async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/signup');
    await page.getByLabel('Email').fill('sam@');
    await page.getByRole('link', { name: 'Create an investor account' }).click();
    await waitForPath(page, '/signup/investor');

    await page.getByLabel('Email').fill('sam@');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Enter a valid email address.').waitFor();
    // After a submit the message follows the typing.
    await page.getByLabel('Email').fill('sam@example.com');
    await expect.poll(() => page.getByText('Enter a valid email address.').count()).toBe(0);
    await context.close();
  });
});

describe('a founder at work', () => {
  let founder: Account;
  let investor: Account;
  let deck: FounderPitchDeck;
  let page: Page;

  beforeAll(async () => {
    [founder, investor] = await Promise.all([
      createAccount(server, 'user', 'Mara Founder'),
      createAccount(server, 'investor', 'Ivo Investor'),
    ]);
    deck = await readyDeck(founder, 'Tidewell seed round');
    await showInterest(investor, deck.id);
    page = await signIn(await newContext(browser, server.baseUrl), founder, 'user');
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('declining an interest asks first: keeping it leaves it pending, confirming declines it', async () => {
    await page.goto('/founder/my-investors');
    const row = page.getByTestId('interest-row').filter({ hasText: 'Ivo Investor' });
    await expect.poll(() => row.getByTestId('interest-status').textContent()).toBe('Pending');

    await row.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('dialog', { name: "Decline Ivo Investor's interest?" });
    await expect.poll(() => dialog.textContent()).toContain('cannot be undone');
    await shoot(page, 'decline-confirm');
    await dialog.getByRole('button', { name: 'Keep pending' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await row.getByTestId('interest-status').textContent()).toBe('Pending');

    await row.getByRole('button', { name: 'Decline' }).click();
    await dialog.getByRole('button', { name: 'Yes, decline' }).click();
    await expect.poll(() => row.getByTestId('interest-status').textContent()).toBe('Declined');

    // The toast sits bottom-left, clear of the heading at the top.
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'You declined' });
    await toast.waitFor();
    // Measured where it comes to rest, not mid-slide.
    await settleAnimations(page);
    const box = await toast.boundingBox();
    // Right of the 248 px navbar, whose foot holds Sign out.
    expect(box?.x).toBeGreaterThanOrEqual(248);
    expect(box?.x).toBeLessThan(300);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(viewports.desktop.height - 60);
    await shoot(page, 'toast');
  });

  it('leaving /founder/submit with unsaved details asks first; staying keeps them; a submit leaves freely', async () => {
    await page.goto('/founder/submit');
    await page.getByLabel('Title').fill('Tidewell Series A');
    await page
      .getByRole('navigation', { name: 'Founder navigation' })
      .getByRole('link', { name: 'Pitch decks' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
    await expect.poll(() => dialog.textContent()).toContain('The details you entered will be lost.');
    await shoot(page, 'leave-warning');
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/founder/submit');
    expect(await page.getByLabel('Title').inputValue()).toBe('Tidewell Series A');

    // A reload or a closed tab gets the browser's own question.
    const dialogs: string[] = [];
    const handleDialog = (question: Dialog) => {
      dialogs.push(question.type());
      void question.dismiss();
    };
    page.on('dialog', handleDialog);
    await page.evaluate(() => window.location.reload());
    await expect.poll(() => dialogs).toContain('beforeunload');
    expect(await page.getByLabel('Title').inputValue()).toBe('Tidewell Series A');

    // A deck that is submitted leaves for the list without a question.
    const pdf = await samplePdf({ company: 'Tidewell', slides: 2, body: 'Series A.' });
    await page
      .getByLabel('Pitch deck PDF')
      .setInputFiles({ name: 'tidewell.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect.poll(() => page.getByTestId('deck-file').textContent(), { timeout: 20_000 }).toContain('Uploaded');
    await page.getByLabel('Company').fill('Tidewell');
    await page.getByLabel('One-line pitch').fill('Berth forecasts for shipping lines.');
    await page.getByLabel('Sector').selectOption('Climate');
    await page.getByLabel('Stage').selectOption('Series A');
    await page.getByLabel('Amount sought (USD)').fill('20000000000');
    await page.getByLabel('Location').fill('Hamburg');
    await page.getByRole('button', { name: 'Submit deck' }).click();
    // The limit is named, formatted.
    await page.getByText('Enter at most $10,000,000,000.').waitFor();
    await page.getByLabel('Amount sought (USD)').fill('4000000');
    await page.getByRole('button', { name: 'Submit deck' }).click();
    await waitForPath(page, '/founder/pitchdecks');
    expect(await dialog.count()).toBe(0);
    expect(dialogs.filter((type) => type === 'beforeunload')).toHaveLength(1);
    page.off('dialog', handleDialog);
  });

  it('a PDF of 301 pages is refused before any upload, in the server’s words', async () => {
    const uploads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === founderDeckPaths.uploadTicket || pathname.startsWith('/api/v1/storage/')) uploads.push(pathname);
    });
    await page.goto('/founder/submit');
    const pdf = await samplePdf({ company: 'Longwind', slides: 301, body: 'Appendix.' });
    await page
      .getByLabel('Pitch deck PDF')
      .setInputFiles({ name: 'longwind.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect
      .poll(() => page.getByTestId('upload-error').textContent(), { timeout: 20_000 })
      .toBe('The deck has 301 pages; decks can have at most 300.');
    expect(uploads).toEqual([]);
    await shoot(page, 'too-many-pages');
  });

  it('names every screen in the tab, decks by their title', async () => {
    const titles: Record<string, string> = {};
    for (const path of ['/founder', '/founder/pitchdecks', '/founder/my-investors', '/founder/submit']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      titles[path] = await screenName(page);
    }
    await page.goto(`/founder/view/${deck.id}`);
    await expect.poll(() => screenName(page)).toBe('Tidewell seed round · Pitchlane');
    expect(titles).toMatchObject({
      '/founder/pitchdecks': 'Pitch decks · Pitchlane',
      '/founder/my-investors': 'My investors · Pitchlane',
      '/founder/submit': 'Submit a pitch deck · Pitchlane',
    });
    expect(new Set(Object.values(titles)).size).toBe(4);

    // In-app navigation retitles too, and a deck's title does not outlive its page.
    await page
      .getByRole('navigation', { name: 'Founder navigation' })
      .getByRole('link', { name: 'My investors' })
      .click();
    await expect.poll(() => screenName(page)).toBe('My investors · Pitchlane');

    const investorPage = await signIn(await newContext(browser, server.baseUrl), investor, 'investor');
    await expect.poll(() => screenName(investorPage)).toBe('Browse decks · Pitchlane');
    await investorPage.goto(`/investor/pitchdecks/${deck.id}`);
    await expect.poll(() => screenName(investorPage)).toBe('Tidewell seed round · Pitchlane');
    await investorPage.context().close();

    const visitor = await (await newContext(browser, server.baseUrl)).newPage();
    await visitor.goto('/login');
    await expect.poll(() => visitor.title()).toBe('Sign in · Pitchlane');
    await visitor.goto('/signup/investor');
    await expect.poll(() => visitor.title()).toBe('Create an investor account · Pitchlane');
    await visitor.context().close();
  });

  it('account settings show the email as read-only, with why', async () => {
    await page.goto('/founder');
    await page.getByLabel('Account menu for Mara Founder').click();
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    const email = page.getByTestId('profile-email');
    await email.waitFor();
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await email.inputValue()).toBe(founder.email);
    await page.getByText("Email can't be changed: it is the address you sign in with.").waitFor();
    await shoot(page, 'account-settings');
    await page.keyboard.press('Escape');
  });

  it('Esc closes the phone menu', async () => {
    await page.setViewportSize(viewports.mobile);
    await page.goto('/founder');
    // The folded navbar is slid off screen (a transform), so "on screen" is where its box lies.
    const nav = page.getByRole('navigation', { name: 'Founder navigation' });
    const isOnScreen = async () => {
      const box = await nav.boundingBox();
      return box !== null && box.x + box.width > 0;
    };
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect.poll(isOnScreen).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    await expect.poll(isOnScreen).toBe(false);
    await page.setViewportSize(viewports.desktop);
  });
});

describe('a verification link opened again', () => {
  it('tells the signed-in owner the email is already verified and goes home', async () => {
    const email = uniqueEmail('relink');
    const registered = await fetch(`${server.baseUrl}${authApiRoot.user}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Lina Founder', email, password: e2ePassword }),
    });
    expect(registered.status).toBe(202);
    const mail = await server.sink.waitFor((m) => m.to.includes(email) && /verification code/.test(m.subject));
    const params = new URLSearchParams({ type: 'user', email, username: 'Lina Founder', token: linkTokenOf(mail) });
    const link = `/verification?${params.toString()}`;

    const context = await newContext(browser, server.baseUrl, 'mobile');
    const page = await context.newPage();
    await page.goto(link);
    await waitForPath(page, '/founder');
    await page.getByTestId('founder-welcome').waitFor();

    await page.goto(link);
    await waitForPath(page, '/founder');
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Email already verified' });
    await toast.waitFor();
    expect(await page.getByText(/invalid or has expired/).count()).toBe(0);
    // On a phone the toast spans the bottom edge.
    await settleAnimations(page);
    const box = await toast.boundingBox();
    expect(box?.width).toBeGreaterThan(viewports.mobile.width - 40);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(viewports.mobile.height - 60);
    await page.screenshot({ path: `${shotsDir}/newcomer-toast-already-verified-390.png` });
    await context.close();
  });
});
