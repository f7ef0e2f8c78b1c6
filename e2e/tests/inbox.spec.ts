import { mkdirSync } from 'node:fs';
import { chatPaths } from '@deckvalid/contract/chat';
import { milestonePaths } from '@deckvalid/contract/milestones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createAccount, signIn } from '../support/accounts';
import { axeViolations, settleAnimations } from '../support/axe';
import { type Browser, type BrowserContext, launchBrowser, type Page, viewports } from '../support/browser';
import { acceptInterest, showInterest, submitReadyDeck } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

/**
 * The inbox (issue 18) in two browsers at once: the investor approves a task, the founder's bell
 * counts it live (and the tab's title), the panel names it, and opening it lands on the task.
 * Screenshots of the bell and the panel at 1280 and 390 px go to /tmp/shots.
 */
const shotsDir = '/tmp/shots';

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
let investor: Awaited<ReturnType<typeof createAccount>>;
let milestoneId = '';
let taskId = '';

async function shot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  // A popover fades in: let it finish (and a transition not yet begun start) before the picture.
  await page.waitForTimeout(300);
  await settleAnimations(page);
  await page.screenshot({ path: `${shotsDir}/inbox-${name}.png` });
}

async function openContext(viewport: keyof typeof viewports) {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: viewports[viewport] });
  context.setDefaultTimeout(20_000);
  return context;
}

/** The founder's milestone with one task, made through the API as the board makes them. */
async function milestoneWithTask(deckId: string) {
  const headers = { ...authHeaders(founder.tokens), 'content-type': 'application/json' };
  const milestone = await fetch(`${server.baseUrl}${milestonePaths.milestones}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ pitchDeckId: deckId, title: 'Flight readiness', dueDate: '2027-03-31' }),
  });
  expect(milestone.status).toBe(201);
  const { milestone: made } = (await milestone.json()) as { milestone: { id: string } };
  const task = await fetch(`${server.baseUrl}${milestonePaths.tasks(made.id)}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title: 'Safety review dossier', stage: 'review' }),
  });
  expect(task.status).toBe(201);
  return { milestoneId: made.id, taskId: ((await task.json()) as { task: { id: string } }).task.id };
}

const bell = (page: Page) => page.getByTestId('inbox-bell');
const panel = (page: Page) => page.getByRole('dialog', { name: /^Notifications/ });

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  [founder, investor] = await Promise.all([
    createAccount(server, 'user', 'Maya Founder'),
    createAccount(server, 'investor', 'Theo Brandt'),
  ]);
  const deckId = await submitReadyDeck(server, founder, { company: 'Orbit Garden', title: 'Orbit seed', slides: 2 });
  const interestId = await showInterest(server, investor, deckId, 'Keen to follow the flight unit.');
  await acceptInterest(server, founder, deckId, interestId);
  ({ milestoneId, taskId } = await milestoneWithTask(deckId));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the inbox', () => {
  let founderContext: BrowserContext;
  let investorContext: BrowserContext;
  let founderPage: Page;
  let investorPage: Page;

  beforeAll(async () => {
    [founderContext, investorContext] = await Promise.all([openContext('desktop'), openContext('desktop')]);
    founderPage = await signIn(founderContext, founder, 'user');
    investorPage = await signIn(investorContext, investor, 'investor');
  }, 60_000);

  afterAll(async () => {
    await founderContext?.close();
    await investorContext?.close();
  });

  it('starts from what already happened: the deck and the interest are unread, "Mark all read" clears them', async () => {
    // The deck became ready and the investor showed interest before the founder signed in.
    await expect
      .poll(() => bell(founderPage).getAttribute('aria-label'), { timeout: 20_000 })
      .toBe('Notifications, 2 unread');
    await expect.poll(() => founderPage.title(), { timeout: 20_000 }).toMatch(/^\(2\) /);
    await bell(founderPage).click();
    await panel(founderPage).getByText('New interest in Orbit Garden').waitFor();
    await panel(founderPage).getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bell(founderPage).getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notifications');
    await expect.poll(() => founderPage.title(), { timeout: 20_000 }).not.toMatch(/^\(\d+\) /);
    // Esc closes the panel and gives focus back to the bell.
    await founderPage.keyboard.press('Escape');
    await panel(founderPage).waitFor({ state: 'hidden' });
    await expect.poll(() => bell(founderPage).evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('receives the investor’s approval live and links to the task', async () => {
    await investorPage.goto(`/investor/milestones/${milestoneId}?task=${taskId}`);
    const drawer = investorPage.getByRole('dialog', { name: 'Safety review dossier' });
    await drawer.getByRole('button', { name: 'Approve task' }).click();

    // No reload on the founder's side: the socket brings it.
    await expect
      .poll(() => bell(founderPage).getAttribute('aria-label'), { timeout: 30_000 })
      .toBe('Notifications, 1 unread');
    await expect.poll(() => founderPage.title(), { timeout: 20_000 }).toMatch(/^\(1\) /);
    await founderPage.getByText('Theo Brandt approved “Safety review dossier”').first().waitFor();
    await shot(founderPage, 'bell-1280');

    await bell(founderPage).click();
    const item = panel(founderPage).getByRole('link', { name: /Theo Brandt approved “Safety review dossier”/ });
    await item.waitFor();
    await shot(founderPage, 'panel-1280');
    await item.click();
    await founderPage.waitForURL(
      (url) => url.pathname === `/founder/milestones/${milestoneId}` && url.searchParams.get('task') === taskId,
    );
    await founderPage.getByRole('dialog', { name: 'Safety review dossier' }).waitFor();
    await expect.poll(() => bell(founderPage).getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notifications');
  });

  it('fits a phone: the bell in the header, the panel within the screen, opened by keyboard', async () => {
    const phone = await openContext('mobile');
    try {
      const page = await signIn(phone, founder, 'user');
      await bell(page).focus();
      await page.keyboard.press('Enter');
      await panel(page).getByText('Theo Brandt approved “Safety review dossier”').waitFor();
      const box = await panel(page).boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= viewports.mobile.width).toBe(true);
      await shot(page, 'panel-390');
      await page.keyboard.press('Escape');
      await panel(page).waitFor({ state: 'hidden' });
      await shot(page, 'bell-390');
    } finally {
      await phone.close();
    }
  });

  it('passes axe with the panel open', async () => {
    // axe's inline script needs the page's CSP bypassed (script-src 'self').
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: viewports.desktop, bypassCSP: true });
    context.setDefaultTimeout(20_000);
    try {
      const page = await signIn(context, founder, 'user');
      await bell(page).click();
      await panel(page).getByText('Theo Brandt approved “Safety review dossier”').waitFor();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says so when there is nothing yet, on a fresh account', async () => {
    const fresh = await createAccount(server, 'investor', 'Nia Newcomer');
    const context = await openContext('mobile');
    try {
      const page = await signIn(context, fresh, 'investor');
      await bell(page).click();
      await page.getByTestId('inbox-empty').waitFor();
      await shot(page, 'empty-390');
    } finally {
      await context.close();
    }
  });

  it('opens the chat on the room an unread-chat link names (?chat=), from the mail or the panel', async () => {
    const opened = await fetch(`${server.baseUrl}${chatPaths.privateRoom}`, {
      method: 'POST',
      headers: { ...authHeaders(investor.tokens), 'content-type': 'application/json' },
      body: JSON.stringify({ participantId: founder.user.id }),
    });
    expect([200, 201]).toContain(opened.status);
    const { room } = (await opened.json()) as { room: { id: string } };
    await founderPage.goto(`/founder?chat=${room.id}`);
    await founderPage.getByRole('dialog', { name: 'Founder Chat' }).waitFor();
    // The parameter goes once used, so a reload does not open the chat again.
    await founderPage.waitForURL((url) => url.pathname === '/founder' && !url.searchParams.has('chat'));
  });
});
