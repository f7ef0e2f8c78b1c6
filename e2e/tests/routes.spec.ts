import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import {
  type Browser,
  type BrowserContext,
  launchBrowser,
  newContext,
  type Page,
  screenshot,
} from '../support/browser';
import { type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function landsOn(page: Page, from: string, expected: string) {
  await page.goto(from);
  await page.waitForURL((url) => url.pathname === expected, { timeout: 15_000 });
  expect(new URL(page.url()).pathname, `${from} → ${expected}`).toBe(expected);
}

async function signedIn(role: 'user' | 'investor', name: string): Promise<{ context: BrowserContext; page: Page }> {
  const account = await createAccount(server, role, name);
  const context = await newContext(browser, server.baseUrl);
  const page = await context.newPage();
  await page.goto(role === 'investor' ? '/login/investor' : '/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === (role === 'investor' ? '/investor' : '/founder'));
  return { context, page };
}

describe('route table for a signed-out visitor', () => {
  it.each([
    ['/founder', '/login'],
    ['/founder/pitchdecks', '/login'],
    ['/founder/my-investors', '/login'],
    ['/founder/milestones', '/login'],
    ['/founder/milestones/ms-1', '/login'],
    ['/founder/trends', '/login'],
    ['/founder/submit', '/login'],
    ['/founder/view/deck-1', '/login'],
    ['/investor', '/login/investor'],
    ['/investor/milestones', '/login/investor'],
    ['/investor/company/startup-1', '/login/investor'],
    ['/analysis/deck-1', '/login/investor'],
    ['/dashboard', '/login'],
    ['/user/dashboard', '/login'],
    ['/dashboard/anything', '/login'],
    ['/no/such/page', '/'],
    ['/login', '/login'],
    ['/signup/investor', '/signup/investor'],
  ])('%s → %s', async (from, expected) => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await landsOn(page, from, expected);
    await context.close();
  });

  it('shows the landing page on /verification without navigation state', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/verification');
    await page
      .getByRole('link', { name: /founder/i })
      .first()
      .waitFor();
    expect(await page.getByLabel('Verification code').count()).toBe(0);
    await context.close();
  });

  it('remembers the origin and returns there after signing in', async () => {
    const account = await createAccount(server, 'user', 'Origin Founder');
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await landsOn(page, '/founder/trends', '/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/founder/trends');
    await context.close();
  });
});

describe('route table for a signed-in founder', () => {
  let session: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    session = await signedIn('user', 'Route Founder');
  });
  afterAll(async () => {
    await session.context.close();
  });

  it.each([
    ['/founder/dashboard', '/founder'],
    ['/founder/unknown/deep', '/founder'],
    ['/dashboard', '/founder'],
    ['/user/dashboard', '/founder'],
    ['/dashboard/x', '/founder'],
    ['/login', '/founder'],
    ['/signup', '/founder'],
    ['/investor', '/founder'],
    // The investor page's counterpart on the founder's side: that deck's Report tab.
    ['/analysis/deck-1', '/founder/view/deck-1'],
    ['/founder/pitchdecks', '/founder/pitchdecks'],
    ['/founder/milestones/ms-7', '/founder/milestones/ms-7'],
  ])('%s → %s', async (from, expected) => {
    await landsOn(session.page, from, expected);
  });

  it('shows each founder screen inside the shell', async () => {
    for (const path of [
      '/founder',
      '/founder/pitchdecks',
      '/founder/my-investors',
      '/founder/milestones',
      '/founder/trends',
    ]) {
      await session.page.goto(path);
      await session.page.getByTestId('chat-launcher-slot').waitFor({ state: 'attached' });
      await screenshot(session.page, `founder${path.replaceAll('/', '-')}`);
    }
  });
});

describe('route table for a signed-in investor', () => {
  let session: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    session = await signedIn('investor', 'Route Investor');
  });
  afterAll(async () => {
    await session.context.close();
  });

  it.each([
    ['/founder', '/investor'],
    ['/founder/pitchdecks', '/investor'],
    ['/dashboard', '/investor'],
    ['/user/dashboard', '/investor'],
    ['/login/investor', '/investor'],
    ['/signup/investor', '/investor'],
    ['/investor/company/startup-1', '/investor/company/startup-1'],
    ['/analysis/deck-1', '/analysis/deck-1'],
  ])('%s → %s', async (from, expected) => {
    await landsOn(session.page, from, expected);
  });

  it('leaves the analysis page for /investor with its back action', async () => {
    await session.page.goto('/analysis/deck-1');
    await session.page
      .getByRole('button', { name: /back/i })
      .or(session.page.getByRole('link', { name: /back/i }))
      .first()
      .click();
    await session.page.waitForURL((url) => url.pathname === '/investor');
    await screenshot(session.page, 'investor-home');
  });
});
