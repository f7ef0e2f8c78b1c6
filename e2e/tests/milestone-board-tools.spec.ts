import { mkdirSync } from 'node:fs';
import { investorMilestonePaths, milestonePaths, type TaskDetail } from '@deckvalid/contract/milestones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createAccount, signIn } from '../support/accounts';
import { type Browser, type BrowserContext, launchBrowser, type Page, viewports } from '../support/browser';
import { acceptInterest, showInterest, submitReadyDeck } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

/**
 * What Linear users expect of the board, in two browsers (founder and investor): task keys on
 * cards and in links, filters kept in the URL, a due-date reminder in the inbox once the server's
 * clock is moved (TEST_CLOCK, a test-only route), and accepting a deliverable with a confirmation
 * and an undo.
 */
const shotsDir = '/tmp/shots';

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
let investor: Awaited<ReturnType<typeof createAccount>>;
let milestoneId = '';
const tasks: Record<string, TaskDetail> = {};
let deliverableId = '';

/** The day after `day` (YYYY-MM-DD). */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const today = new Date().toISOString().slice(0, 10);
const dueIn5 = addDays(today, 5);

async function shot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/board-tools-${name}.png`, fullPage: true });
}

async function openContext(viewport: keyof typeof viewports) {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: viewports[viewport] });
  context.setDefaultTimeout(15_000);
  return context;
}

beforeAll(async () => {
  server = await startServer({ TEST_CLOCK: '1', NODE_ENV: 'test' });
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
    dueDate: addDays(today, 60),
  })) as { milestone: { id: string } };
  milestoneId = milestone.milestone.id;
  await callApi(server, founder, 'PATCH', milestonePaths.status(milestoneId), { status: 'active' });
  const create = async (name: string, body: object) => {
    tasks[name] = (
      (await callApi(server, founder, 'POST', milestonePaths.tasks(milestoneId), body)) as { task: TaskDetail }
    ).task;
  };
  await create('agreement', {
    title: 'Sign the data-sharing agreement',
    labels: ['legal'],
    assigneeId: investor.user.id,
    dueDate: dueIn5,
    stage: 'todo',
  });
  await create('sandbox', { title: 'Connect the bank sandbox', labels: ['engineering'], stage: 'in_progress' });
  await create('shortlist', {
    title: 'Shortlist 25 restaurants',
    labels: ['sales', 'legal'],
    dueDate: addDays(today, -2),
  });
  const deliverable = (await callApi(
    server,
    founder,
    'POST',
    milestonePaths.taskDeliverables(tasks.agreement?.id ?? ''),
    {
      title: 'Signed agreement',
    },
  )) as { deliverable: { id: string } };
  deliverableId = deliverable.deliverable.id;
  await callApi(server, founder, 'POST', milestonePaths.deliverableSubmit(deliverableId), {
    url: 'https://example.com/signed.pdf',
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the board’s keys, filters, reminders and undo', () => {
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

  it('shows keys on cards and filters by label, assignee and due date, kept across a reload', async () => {
    expect(tasks.agreement?.key).toBe('LDG-1');
    await founderPage.goto(`/founder/milestones/${milestoneId}?tab=board`);
    const board = founderPage.getByTestId('milestone-board');
    await board.getByRole('button', { name: 'Sign the data-sharing agreement', exact: true }).waitFor();
    expect((await board.getByTestId('card-key').allTextContents()).sort()).toEqual(['LDG-1', 'LDG-2', 'LDG-3']);

    await founderPage.getByRole('combobox', { name: 'Label' }).click();
    await founderPage.getByRole('option', { name: 'legal', exact: true }).click();
    await founderPage.waitForURL((url) => url.searchParams.get('label') === 'legal');
    await board.getByText('2 of 3 tasks').waitFor();
    expect(await board.getByRole('button', { name: 'Connect the bank sandbox', exact: true }).count()).toBe(0);

    await founderPage.getByRole('combobox', { name: 'Due' }).click();
    await founderPage.getByRole('option', { name: 'Overdue', exact: true }).click();
    await founderPage.waitForURL((url) => url.searchParams.get('due') === 'overdue');
    await board.getByText('1 of 3 tasks').waitFor();
    await founderPage.reload();
    await board.getByText('1 of 3 tasks').waitFor();
    await board.getByRole('button', { name: 'Shortlist 25 restaurants', exact: true }).waitFor();
    expect(await founderPage.getByRole('combobox', { name: 'Due' }).inputValue()).toBe('Overdue');
    await founderPage.getByRole('button', { name: 'Clear filters' }).click();
    await board.getByText('3 tasks').waitFor();

    // Shots of the board with keys and one filter on, at both widths.
    await founderPage.goto(`/founder/milestones/${milestoneId}?tab=board&label=legal`);
    await board.getByText('2 of 3 tasks').waitFor();
    await shot(founderPage, 'founder-filtered-desktop');
    await founderPage.setViewportSize(viewports.mobile);
    await board.getByText('2 of 3 tasks').waitFor();
    await shot(founderPage, 'founder-filtered-mobile');
    await founderPage.setViewportSize(viewports.desktop);

    // The investor filters by assignee through a link: only their task.
    await investorPage.goto(`/investor/milestones/${milestoneId}?tab=board&assignee=${investor.user.id}`);
    const investorBoard = investorPage.getByTestId('milestone-board');
    await investorBoard.getByText('1 of 3 tasks').waitFor();
    await investorBoard.getByRole('button', { name: 'Sign the data-sharing agreement', exact: true }).waitFor();
    expect(await investorPage.getByRole('combobox', { name: 'Assignee' }).inputValue()).toBe('Omar Investor');
    await shot(investorPage, 'investor-assignee-desktop');
  });

  it('puts a due-date reminder in the investor’s inbox once the server’s clock reaches the day before, and its link opens the task', async () => {
    // The day before the agreement is due, 09:00 UTC.
    const moved = await fetch(`${server.baseUrl}/api/test/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ at: `${addDays(dueIn5, -1)}T09:00:00.000Z` }),
    });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { reminders: number }).reminders).toBeGreaterThanOrEqual(1);

    await investorPage.goto('/investor/inbox');
    const item = investorPage.getByRole('link', { name: /LDG-1 is due tomorrow/ });
    await item.waitFor();
    await shot(investorPage, 'investor-inbox-reminder');
    await item.click();
    await investorPage.waitForURL((url) => url.pathname === `/investor/milestones/${milestoneId}`);
    expect(new URL(investorPage.url()).searchParams.get('task')).toBe('LDG-1');
    await investorPage.getByRole('dialog', { name: 'Sign the data-sharing agreement' }).waitFor();
    // The founder, who is not the assignee, got nothing for it.
    await founderPage.goto('/founder/inbox');
    await founderPage.getByTestId('inbox-page').waitFor();
    expect(await founderPage.getByRole('link', { name: /LDG-1 is due/ }).count()).toBe(0);
  });

  it('accepts a deliverable after a confirmation, undoes it, and refuses one sent back until it is resubmitted', async () => {
    await investorPage.goto(`/investor/milestones/${milestoneId}?tab=board&task=LDG-1`);
    const drawer = investorPage.getByRole('dialog', { name: 'Sign the data-sharing agreement' });
    const item = drawer.getByRole('listitem', { name: 'Signed agreement' });
    await item.getByRole('button', { name: 'Accept deliverable' }).click();
    await item.getByRole('button', { name: 'Yes, accept' }).click();
    await item.getByTestId('deliverable-status').getByText('Accepted').waitFor();
    await shot(investorPage, 'investor-accepted-undo');
    await item.getByRole('button', { name: 'Undo acceptance' }).click();
    await item.getByTestId('deliverable-status').getByText('Submitted').waitFor();

    // The founder sees it submitted again, live.
    await founderPage.goto(`/founder/milestones/${milestoneId}?tab=board&task=LDG-1`);
    const founderItem = founderPage
      .getByRole('dialog', { name: 'Sign the data-sharing agreement' })
      .getByRole('listitem', { name: 'Signed agreement' });
    await founderItem.getByTestId('deliverable-status').getByText('Submitted').waitFor();

    // Sent back: Accept stays, disabled, with the reason.
    await callApi(server, investor, 'POST', investorMilestonePaths.deliverableRequestChanges(deliverableId), {
      comment: 'Page 3 is unsigned.',
    });
    await investorPage.reload();
    const accept = item.getByRole('button', { name: 'Accept deliverable' });
    await item.getByTestId('accept-blocked-reason').waitFor();
    expect(await accept.isDisabled()).toBe(true);
    expect(await item.getByTestId('accept-blocked-reason').textContent()).toContain(
      'once the founder submits something new',
    );
    await shot(investorPage, 'investor-sent-back');
  });
});
