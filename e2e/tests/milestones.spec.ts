import { mkdirSync, readFileSync } from 'node:fs';
import { investorMilestonePaths, type Meet, milestonePaths, type Task } from '@deckvalid/contract/milestones';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createAccount, signIn } from '../support/accounts';
import { settleAnimations } from '../support/axe';
import { type Browser, type BrowserContext, launchBrowser, type Page, viewports } from '../support/browser';
import { acceptInterest, showInterest, submitReadyDeck } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

/**
 * The milestones workspace (issue 10) in two browsers at once: the founder plans a milestone with
 * three tasks and a dependency, drags a card and moves one by keyboard, and submits a
 * deliverable; the accepted investor watches the board move live, accepts the deliverable,
 * approves a task, schedules a meet and downloads its calendar file.
 */
const shotsDir = '/tmp/shots';

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
let investor: Awaited<ReturnType<typeof createAccount>>;
let deckTitle = '';

async function shot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/milestones-${name}.png`, fullPage: true });
}

/** Both sides in Paris time, so the meet's wall-clock time and its UTC instant differ. */
async function openContext(viewport: keyof typeof viewports) {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: viewports[viewport],
    timezoneId: 'Europe/Paris',
    acceptDownloads: true,
  });
  context.setDefaultTimeout(15_000);
  return context;
}

const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });
/** A card on the board (or in one column of it): a button named by the task's title. */
const card = (within: Page | Locator, title: string) => within.getByRole('button', { name: title, exact: true });
const drawer = (page: Page, title: string) => page.getByRole('dialog', { name: title });

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  [founder, investor] = await Promise.all([
    createAccount(server, 'user', 'Maya Founder'),
    createAccount(server, 'investor', 'Omar Investor'),
  ]);
  deckTitle = 'Clinicpay seed round';
  const deckId = await submitReadyDeck(server, founder, { company: 'Clinicpay', title: deckTitle, slides: 2 });
  const interestId = await showInterest(server, investor, deckId, 'Happy to follow the pilot.');
  await acceptInterest(server, founder, deckId, interestId);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the milestones workspace', () => {
  let founderContext: BrowserContext;
  let investorContext: BrowserContext;
  let founderPage: Page;
  let investorPage: Page;
  let milestonePath = '';

  beforeAll(async () => {
    [founderContext, investorContext] = await Promise.all([openContext('desktop'), openContext('desktop')]);
    founderPage = await signIn(founderContext, founder, 'user');
    investorPage = await signIn(investorContext, investor, 'investor');
  });

  afterAll(async () => {
    await founderContext?.close();
    await investorContext?.close();
  });

  it('the founder creates a milestone with three tasks, a dependency and a submitted deliverable', async () => {
    const page = founderPage;
    await page.goto('/founder/milestones');
    await page.getByRole('button', { name: 'New milestone' }).first().click();
    const form = page.getByRole('dialog', { name: 'New milestone' });
    // The founder's only deck comes chosen.
    const deck = form.getByRole('combobox', { name: 'Deck' });
    await expect.poll(() => deck.locator('option:checked').textContent()).toContain(deckTitle);
    await form.getByLabel('Title').fill('Pilot with three clinics');
    await form.getByLabel('Due date').fill('2027-03-01');
    await form.getByRole('button', { name: 'Create milestone' }).click();
    await page.getByRole('heading', { name: 'Pilot with three clinics' }).waitFor();
    expect(page.url()).toMatch(/\/founder\/milestones\/mst-/);
    milestonePath = new URL(page.url()).pathname;

    await page.getByRole('tab', { name: 'Board' }).click();
    for (const [title, days] of [
      ['Sign the contract', '3'],
      ['Onboard the clinics', '5'],
      ['Collect feedback', '2'],
    ] as const) {
      await page.getByRole('button', { name: 'Add task' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add task' });
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Estimate (days)').fill(days);
      await dialog.getByRole('button', { name: 'Create task' }).click();
      await card(column(page, 'Backlog'), title).waitFor();
    }

    // "Collect feedback" waits for "Onboard the clinics".
    await card(page, 'Collect feedback').click();
    const feedback = drawer(page, 'Collect feedback');
    await feedback.getByPlaceholder('Choose a task it waits for').click();
    await page.getByRole('option', { name: 'Onboard the clinics' }).click();
    await feedback.getByRole('button', { name: 'Add dependency' }).click();
    await feedback.getByRole('list', { name: 'Blocked by' }).getByText('Onboard the clinics').waitFor();
    await page.keyboard.press('Escape');
    await feedback.waitFor({ state: 'hidden' });

    // A deliverable on "Sign the contract", submitted as a link.
    await card(page, 'Sign the contract').click();
    const contract = drawer(page, 'Sign the contract');
    await contract.getByRole('button', { name: 'Add deliverable' }).click();
    await contract.getByLabel('Deliverable title').fill('Signed contract');
    await contract.getByRole('button', { name: 'Add deliverable' }).click();
    const deliverable = contract.getByRole('listitem', { name: 'Signed contract' });
    await deliverable.getByRole('textbox', { name: 'Link' }).fill('https://example.com/contract.pdf');
    await deliverable.getByRole('button', { name: 'Submit link' }).click();
    await deliverable.getByRole('link', { name: 'https://example.com/contract.pdf' }).waitFor();
    await shot(page, 'founder-drawer-1280');
    await page.keyboard.press('Escape');
    await contract.waitFor({ state: 'hidden' });
  });

  it('the dependency picker leaves out the tasks that would close a loop, and a refusal shows beside it', async () => {
    const page = founderPage;
    await card(page, 'Onboard the clinics').click();
    const onboard = drawer(page, 'Onboard the clinics');
    const picker = onboard.getByLabel('Blocked by', { exact: true }).and(onboard.locator('input'));
    await picker.click();
    // "Collect feedback" waits for "Onboard the clinics": offering it would close a loop.
    await page.getByRole('option', { name: 'Sign the contract' }).waitFor();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Sign the contract']);
    await page.getByRole('option', { name: 'Sign the contract' }).click();

    // Meanwhile another tab makes "Sign the contract" wait for "Onboard the clinics": the choice
    // made here now closes a loop, and the server refuses it.
    const milestoneId = milestonePath.split('/').at(-1) as string;
    const board = await fetch(`${server.baseUrl}${milestonePaths.tasks(milestoneId)}`, {
      headers: authHeaders(founder.tokens),
    });
    const ids = new Map(((await board.json()) as { data: Task[] }).data.map((task) => [task.title, task.id]));
    const raced = await fetch(
      `${server.baseUrl}${milestonePaths.taskDependencies(ids.get('Sign the contract') ?? '')}`,
      {
        method: 'POST',
        headers: { ...authHeaders(founder.tokens), 'content-type': 'application/json' },
        body: JSON.stringify({ blockedByTaskId: ids.get('Onboard the clinics') }),
      },
    );
    expect(raced.status).toBe(201);
    // The investor takes "Collect feedback": its card shows their avatar and name.
    const assigned = await fetch(`${server.baseUrl}${milestonePaths.task(ids.get('Collect feedback') ?? '')}`, {
      method: 'PUT',
      headers: { ...authHeaders(founder.tokens), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Collect feedback', estimateDays: 2, assigneeId: investor.user.id }),
    });
    expect(assigned.status).toBe(200);
    await onboard.getByRole('button', { name: 'Add dependency' }).click();
    const refusal = onboard.getByTestId('dependency-problem');
    await refusal
      .getByText('Onboard the clinics → Sign the contract → Onboard the clinics', { exact: false })
      .waitFor();
    // In view: inside the window, right under the picker.
    await expect
      .poll(async () => {
        const box = await refusal.boundingBox();
        const height = page.viewportSize()?.height ?? 0;
        return box !== null && box.y >= 0 && box.y + box.height <= height;
      })
      .toBe(true);
    await shot(page, 'founder-dependency-refused-1280');
    // The picker re-reads its choices after the change: nothing is left to choose.
    await expect.poll(() => picker.getAttribute('placeholder')).toBe('Nothing to choose');
    await page.keyboard.press('Escape');
    await onboard.waitFor({ state: 'hidden' });
  });

  it('the investor sees the founder drag a card and move one by keyboard, live', async () => {
    await investorPage.goto('/investor/milestones');
    await investorPage.getByRole('link', { name: 'Pilot with three clinics' }).click();
    await investorPage.getByRole('tab', { name: 'Board' }).click();
    await card(column(investorPage, 'Backlog'), 'Sign the contract').waitFor();

    // Drag and drop: "Sign the contract" into In progress, the pointer moving in steps as a hand
    // does (one jump, as dragTo makes, can land before the board has taken up the drag on a busy
    // machine).
    await dragInSteps(founderPage, card(founderPage, 'Sign the contract'), column(founderPage, 'In progress'));
    await card(column(founderPage, 'In progress'), 'Sign the contract').waitFor();
    await card(column(investorPage, 'In progress'), 'Sign the contract').waitFor({ timeout: 10_000 });

    // Keyboard: Space picks "Onboard the clinics" up, → moves it to To do, Space drops it.
    await card(founderPage, 'Onboard the clinics').focus();
    await founderPage.keyboard.press('Space');
    await founderPage.keyboard.press('ArrowRight');
    await founderPage.keyboard.press('Space');
    await card(column(founderPage, 'To do'), 'Onboard the clinics').waitFor();
    await card(column(investorPage, 'To do'), 'Onboard the clinics').waitFor({ timeout: 10_000 });
    expect(await column(investorPage, 'Backlog').getByRole('button', { name: 'Collect feedback' }).count()).toBe(1);
    await shot(founderPage, 'founder-board-1280');
    await shot(investorPage, 'investor-board-1280');
  });

  it('the investor accepts the deliverable and approves the task', async () => {
    await card(investorPage, 'Sign the contract').click();
    const contract = drawer(investorPage, 'Sign the contract');
    const deliverable = contract.getByRole('listitem', { name: 'Signed contract' });
    await deliverable.getByRole('button', { name: 'Accept deliverable' }).click();
    // Accepting asks first; Undo then stays offered for the minute the server allows.
    await deliverable.getByRole('button', { name: 'Yes, accept' }).click();
    await deliverable.getByText('Accepted by Omar Investor').waitFor();
    await deliverable.getByRole('button', { name: 'Undo acceptance' }).waitFor();
    const review = contract.getByRole('form', { name: 'Review task' });
    await review.getByLabel('Comment').fill('Contract looks right.');
    await review.getByRole('button', { name: 'Approve task' }).click();
    await contract.getByRole('list', { name: 'Approvals' }).getByText('Contract looks right.').waitFor();
    // One word per investor: the same click again changes nothing, and the screen says so.
    await review.getByLabel('Comment').fill('Contract looks right.');
    await review.getByRole('button', { name: 'Approve task' }).click();
    await investorPage.getByText('You approved this task already; nothing changed.').waitFor();
    expect(await contract.getByRole('list', { name: 'Approvals' }).getByRole('listitem').count()).toBe(1);
    await shot(investorPage, 'investor-drawer-1280');
    await investorPage.keyboard.press('Escape');
    await contract.waitFor({ state: 'hidden' });

    // The founder's overview no longer counts the deliverable as pending.
    await founderPage.getByRole('tab', { name: 'Overview' }).click();
    // On the page itself: the inbox's toasts about the deliverable name it too.
    await founderPage.getByRole('main').getByText('Signed contract').waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('the investor sends a deliverable back with a comment; the founder sees why, live, and submits again', async () => {
    // The founder promises and submits a clinic list on "Onboard the clinics".
    await founderPage.getByRole('tab', { name: 'Board' }).click();
    await card(founderPage, 'Onboard the clinics').click();
    const founderDrawer = drawer(founderPage, 'Onboard the clinics');
    await founderDrawer.getByRole('button', { name: 'Add deliverable' }).click();
    await founderDrawer.getByLabel('Deliverable title').fill('Clinic list');
    await founderDrawer.getByRole('button', { name: 'Add deliverable' }).click();
    const founderItem = founderDrawer.getByRole('listitem', { name: 'Clinic list' });
    await founderItem.getByRole('textbox', { name: 'Link' }).fill('https://example.com/clinics.csv');
    await founderItem.getByRole('button', { name: 'Submit link' }).click();
    await founderItem.getByRole('link', { name: 'https://example.com/clinics.csv' }).waitFor();

    await investorPage.getByRole('tab', { name: 'Board' }).click();
    await card(investorPage, 'Onboard the clinics').click();
    const investorDrawer = drawer(investorPage, 'Onboard the clinics');
    const investorItem = investorDrawer.getByRole('listitem', { name: 'Clinic list' });
    await investorItem.getByRole('button', { name: 'Request changes' }).click();
    const form = investorItem.getByRole('form', { name: 'Request changes to Clinic list' });
    // Without a comment nothing is sent: the form asks what should change.
    await form.getByRole('button', { name: 'Send back' }).click();
    await form.getByText('Say what should change.').waitFor();
    await form.getByLabel('What should change?').fill('Add each clinic’s contact person.');
    await form.getByRole('button', { name: 'Send back' }).click();
    await investorItem.getByTestId('deliverable-status').filter({ hasText: 'Changes requested' }).waitFor();
    await shot(investorPage, 'investor-sent-back-1280');

    // The founder's open drawer shows the request live, with the investor's words.
    const request = founderItem.getByTestId('deliverable-changes-requested');
    await request.getByText('Omar Investor asked for changes').waitFor({ timeout: 10_000 });
    await request.getByText('Add each clinic’s contact person.').waitFor();
    await founderItem.getByTestId('deliverable-status').filter({ hasText: 'Changes requested' }).waitFor();
    await shot(founderPage, 'founder-sent-back-1280');
    await founderItem.getByRole('textbox', { name: 'Link' }).fill('https://example.com/clinics-v2.csv');
    await founderItem.getByRole('button', { name: 'Submit again' }).click();
    await founderItem.getByTestId('deliverable-status').filter({ hasText: 'Submitted' }).waitFor();
    await investorItem.getByTestId('deliverable-status').filter({ hasText: 'Submitted' }).waitFor({ timeout: 10_000 });
    await founderPage.keyboard.press('Escape');
    await investorPage.keyboard.press('Escape');

    // The feed names what was sent back.
    await founderPage.getByRole('tab', { name: 'Activity' }).click();
    await founderPage
      .getByTestId('activity-sentence')
      .filter({ hasText: 'Omar Investor sent back Clinic list with a request for changes' })
      .waitFor();
    await shot(founderPage, 'founder-activity-1280');
  });

  it('the investor schedules a meet and downloads its .ics with the right UID and times', async () => {
    await investorPage.getByRole('tab', { name: 'Meets' }).click();
    await investorPage.getByRole('button', { name: 'Schedule meet' }).first().click();
    const form = investorPage.getByRole('dialog', { name: 'Schedule a meet' });
    await form.getByLabel('Title').fill('Pilot review');
    await form.getByLabel('Starts').fill('2027-01-12T09:30');
    await form.getByLabel('Duration (minutes)').fill('45');
    // The browser's own zone comes chosen, named as people say it; the picker finds a zone by city.
    const zone = form.getByLabel('Time zone', { exact: true }).and(form.locator('input'));
    expect(await zone.inputValue()).toBe('Paris, Europe · Central European Time (UTC+1) · your zone');
    await zone.click();
    await zone.fill('tokyo');
    await investorPage.getByRole('option', { name: /^Tokyo, Asia/ }).waitFor();
    await shot(investorPage, 'investor-meet-zone-1280');
    await investorPage.getByRole('option', { name: /Paris, Europe/ }).waitFor({ state: 'detached' });
    await zone.fill('paris');
    await investorPage.getByRole('option', { name: /^Paris, Europe/ }).click();
    await form
      .getByRole('button', { name: /Schedule/ })
      .last()
      .click();
    await form.waitFor({ state: 'hidden' });
    await investorPage.getByText('Pilot review').first().waitFor();

    const milestoneId = milestonePath.split('/').at(-1) as string;
    const meets = await fetch(`${server.baseUrl}${investorMilestonePaths.meets(milestoneId)}`, {
      headers: authHeaders(investor.tokens),
    });
    const [meet] = ((await meets.json()) as { data: Meet[] }).data;
    expect(meet?.startsAt).toBe('2027-01-12T08:30:00.000Z');

    const [download] = await Promise.all([
      investorPage.waitForEvent('download'),
      investorPage.getByRole('button', { name: 'Download .ics' }).first().click(),
    ]);
    const ics = readFileSync(await download.path(), 'utf8').replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toMatch(new RegExp(`^UID:${meet?.id}`, 'm'));
    expect(ics).toMatch(/^DTSTART(;[^:]*)?:20270112T083000Z$/m);
    expect(ics).toMatch(/^(DTEND(;[^:]*)?:20270112T091500Z|DURATION:PT45M)$/m);
    expect(ics).toMatch(/^SUMMARY:Pilot review$/m);
    await shot(investorPage, 'investor-meets-1280');
  });

  it('works at 390 px: the list, the board and the drawer', async () => {
    const phone = await openContext('mobile');
    try {
      const page = await signIn(phone, founder, 'user');
      await page.goto('/founder/milestones');
      await page.getByRole('link', { name: 'Pilot with three clinics' }).waitFor();
      await shot(page, 'founder-list-390');
      // Straight from navigating to the click, as a thumb would: the tabs must not move under it.
      await page.goto(milestonePath);
      await page.getByRole('tab', { name: 'Board' }).click();
      await expect.poll(() => page.getByRole('tab', { name: 'Board' }).getAttribute('aria-selected')).toBe('true');
      await card(column(page, 'Backlog'), 'Collect feedback').waitFor();
      await card(column(page, 'Backlog'), 'Collect feedback')
        .getByTestId('card-assignee')
        .getByText('Omar Investor')
        .waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // The board starts above the fold: the first card is whole on the first screen.
      const firstCard = await card(column(page, 'Backlog'), 'Collect feedback').boundingBox();
      expect(firstCard).not.toBeNull();
      expect((firstCard?.y ?? 0) + (firstCard?.height ?? 0)).toBeLessThanOrEqual(viewports.mobile.height);
      // The header's actions: one primary action and a menu, on one line.
      const actions = page.getByTestId('milestone-actions').getByRole('button');
      expect(await actions.count()).toBe(2);
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Abandon milestone' }).waitFor();
      await settleAnimations(page).then(() => shot(page, 'founder-actions-menu-390'));
      await page.keyboard.press('Escape');
      await page.getByRole('menuitem', { name: 'Abandon milestone' }).waitFor({ state: 'hidden' });
      await shot(page, 'founder-board-390');
      await card(page, 'Collect feedback').click();
      await drawer(page, 'Collect feedback').getByRole('list', { name: 'Blocked by' }).waitFor();
      await shot(page, 'founder-drawer-390');
      await page.keyboard.press('Escape');
      await drawer(page, 'Collect feedback').waitFor({ state: 'hidden' });
      await card(page, 'Onboard the clinics').click();
      await drawer(page, 'Onboard the clinics').getByTestId('deliverable-changes-requested').waitFor();
      await settleAnimations(page).then(() => shot(page, 'founder-drawer-sent-back-390'));
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Activity' }).click();
      await page.getByTestId('activity-feed').waitFor();
      await shot(page, 'founder-activity-390');

      const investorPhone = await openContext('mobile');
      try {
        const other = await signIn(investorPhone, investor, 'investor');
        await other.goto(`/investor/milestones/${milestonePath.split('/').at(-1)}`);
        await other.getByRole('tab', { name: 'Board' }).click();
        await card(other, 'Sign the contract').click();
        await drawer(other, 'Sign the contract').getByRole('form', { name: 'Review task' }).waitFor();
        await settleAnimations(other).then(() => shot(other, 'investor-drawer-390'));
        await other.keyboard.press('Escape');
        await other.getByRole('tab', { name: 'Meets' }).click();
        await other.getByRole('button', { name: 'Schedule meet' }).first().click();
        await other.getByRole('dialog', { name: 'Schedule a meet' }).waitFor();
        await settleAnimations(other).then(() => shot(other, 'investor-meet-form-390'));
      } finally {
        await investorPhone.close();
      }
    } finally {
      await phone.close();
    }
  });
});

/** Presses on `from`, moves to the middle of `to` in small steps, and lets go. */
async function dragInSteps(page: Page, from: Locator, to: Locator): Promise<void> {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('the card or the column is not on screen');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  // A first small move lifts the card past the board's activation distance.
  await page.mouse.move(start.x + start.width / 2 + 12, start.y + start.height / 2, { steps: 4 });
  await page.mouse.move(end.x + end.width / 2, end.y + Math.min(end.height / 2, 120), { steps: 20 });
  await page.mouse.up();
}
